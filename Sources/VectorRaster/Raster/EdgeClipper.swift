/// One clipped polygon edge in mask-local coordinates, oriented downwards (`y0 < y1`).
///
/// `winding` is +1 when the original edge ran downwards and −1 when it ran upwards. `chain` is
/// the y-monotone chain of the contour the edge belongs to (see `EdgeChains`).
struct RasterEdge {
  var x0: Double
  var y0: Double
  var x1: Double
  var y1: Double
  var winding: Float
  var chain: Int32 = 0
}

/// The least and greatest x of a chain's clipped edges, mask-local (empty: min > max). Their
/// least and greatest y need no tracking: a chain is y-monotone, so they are at its ends.
struct ChainExtent {
  var minX = Double.infinity
  var maxX = -Double.infinity
}

/// A horizontal edge (or one too flat to store) in mask-local coordinates, x0 ≤ x1: it adds no
/// area, but it separates windings inside the cells it crosses, so the crossing detector sees it.
struct FlatEdge {
  var y: Double
  var x0: Double
  var x1: Double
  var chain: Int32
}

/// The part of an edge left of the mask within one row it does not cross completely: a
/// vertical piece on the mask's left side from y0 to y1 (mask-local), adding `winding`.
struct LeftPiece {
  var row: Int
  var y0: Double
  var y1: Double
  var winding: Double
}

/// Clips polygon edges to a rectangle in floating point and appends the visible parts, shifted
/// so the rectangle's top-left corner is the origin.
///
/// Clipping happens before any conversion to integers, so any finite input is safe:
/// - parts above or below the rectangle are dropped (scanlines are independent);
/// - parts right of it are dropped (winding accumulates left to right, so they cannot change
///   any pixel inside);
/// - parts left of it act as vertical edges on its left side, keeping their vertical extent and
///   direction, so the winding they carry into the rectangle is preserved. Such an edge only
///   adds to column 0 of each row it spans, so instead of being stored it is added to
///   `leftCover`, a per-row sum built with a difference array: O(1) per edge, however many rows
///   it spans (a path mostly left of the canvas costs almost nothing).
struct EdgeClipper {
  let minX: Double
  let minY: Double
  let maxX: Double
  let maxY: Double
  /// Every point given to `clip` lies inside the rectangle (the caller knows from the path's
  /// bounds), so edges only need orienting and shifting.
  let inside: Bool
  /// Edges shorter than this vertically (in pixels) change coverage by less than it; dropped.
  static let minimumHeight = 1e-9
  /// The clipped edges, in mask-local coordinates: room for one per edge given to `clip` (an
  /// edge leaves at most one part inside the rectangle).
  let edges: UnsafeMutablePointer<RasterEdge>
  /// What `clip` has appended so far. `clip` updates a copy the caller keeps in a local over a
  /// whole contour (in registers, not in this struct's memory: a loop-carried store and reload
  /// per edge otherwise) and hands back with `finish`.
  struct Output {
    /// The number of edges in `edges`.
    var edgeCount = 0
    /// The extent of the edges appended since the last `takeExtent` (the current chain's).
    var extent = ChainExtent()

    /// The current chain's extent, leaving an empty one for the next chain.
    mutating func takeExtent() -> ChainExtent {
      defer { extent = ChainExtent() }
      return extent
    }
  }
  private(set) var output = Output()
  var edgeCount: Int { output.edgeCount }
  /// Horizontal edges inside the rectangle, and the left-side pieces in partial rows: what the
  /// crossing detector and the exact resolution of crossed rows need besides `edges`.
  var flats: [FlatEdge] = []
  var leftPieces: [LeftPiece] = []
  /// The chain id given to the edges clipped next.
  var chain: Int32 = 0
  /// Per mask row: coverage added to column 0 by edges left of the rectangle (partial rows),
  /// and the difference array of whole-row windings; empty until the first such edge.
  private var leftPartial: [Double] = []
  private var leftSteps: [Double] = []

  init(
    minX: Double, minY: Double, maxX: Double, maxY: Double, inside: Bool,
    edges: UnsafeMutablePointer<RasterEdge>
  ) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
    self.inside = inside
    self.edges = edges
  }

  /// The clipped edges as a buffer.
  var edgeBuffer: UnsafeBufferPointer<RasterEdge> {
    UnsafeBufferPointer(start: edges, count: edgeCount)
  }

  /// Takes back the counts of a contour's `clip` calls.
  mutating func finish(_ out: Output) { output = out }

  /// Per mask row, the total coverage edges left of the rectangle add to column 0; nil when
  /// there are none.
  func leftCover() -> [Double]? {
    if leftPartial.isEmpty { return nil }
    var cover = leftPartial
    var winding = 0.0
    for r in 0..<cover.count {
      winding += leftSteps[r]
      cover[r] += winding
    }
    return cover
  }

  /// Per mask row, the winding that edges left of the rectangle add over the whole row (the
  /// rows they cross completely); nil when there are none.
  func leftRowWindings() -> [Double]? {
    if leftSteps.isEmpty { return nil }
    var out = [Double](repeating: 0, count: leftPartial.count)
    var winding = 0.0
    for r in 0..<out.count {
      winding += leftSteps[r]
      out[r] = winding
    }
    return out
  }

  /// Clips the edge `p → q` and appends what is left to `edges` (or `leftCover`), counting it
  /// in `out` (a copy of `output`, see `Output`).
  @inline(__always)
  mutating func clip(_ p: Point, _ q: Point, _ out: inout Output) {
    if p.y == q.y {
      clipFlat(p.y, p.x, q.x)
      return
    }
    let (a, b, winding): (Point, Point, Float) = p.y < q.y ? (p, q, 1) : (q, p, -1)
    if inside {
      // As below with nothing to cut: an edge on the right side is dropped, one on the left
      // side adds to column 0.
      if a.x >= maxX && b.x >= maxX { return }
      if a.x <= minX && b.x <= minX {
        emitLeft(a.y, b.y, winding)
      } else {
        // The rectangle is the points' bounds widened to whole pixels, so minX ≤ x ≤ maxX
        // and, rounding being monotonic, 0 ≤ x − minX ≤ maxX − minX: no clamping needed.
        append(a.x - minX, a.y - minY, b.x - minX, b.y - minY, winding, &out)
      }
      return
    }
    if b.y <= minY || a.y >= maxY { return }
    var xa = a.x
    var ya = a.y
    var xb = b.x
    var yb = b.y
    if ya < minY {
      xa = Self.xOnEdge(a, b, atY: minY)
      ya = minY
    }
    if yb > maxY {
      xb = Self.xOnEdge(a, b, atY: maxY)
      yb = maxY
    }
    if xa >= maxX && xb >= maxX { return }
    if xa <= minX && xb <= minX {
      emitLeft(ya, yb, winding)
      return
    }
    if xa >= minX && xa <= maxX && xb >= minX && xb <= maxX {
      emit(xa, ya, xb, yb, winding, &out)
      return
    }
    // The edge crosses the left and/or right side of the rectangle.
    if xa <= xb {
      var sx = xa
      var sy = ya
      if xa < minX {
        let yl = Self.yOnEdge(xa, ya, xb, yb, atX: minX)
        emitLeft(ya, yl, winding)
        sx = minX
        sy = yl
      }
      if xb > maxX {
        emit(sx, sy, maxX, Self.yOnEdge(xa, ya, xb, yb, atX: maxX), winding, &out)
      } else {
        emit(sx, sy, xb, yb, winding, &out)
      }
    } else {
      var sx = xa
      var sy = ya
      if xa > maxX {
        sx = maxX
        sy = Self.yOnEdge(xa, ya, xb, yb, atX: maxX)
      }
      if xb < minX {
        let yl = Self.yOnEdge(xa, ya, xb, yb, atX: minX)
        emit(sx, sy, minX, yl, winding, &out)
        emitLeft(yl, yb, winding)
      } else {
        emit(sx, sy, xb, yb, winding, &out)
      }
    }
  }

  /// A vertical edge on the left side from y0 to y1 (y0 < y1, both inside the rectangle).
  @inline(__always)
  private mutating func emitLeft(_ y0: Double, _ y1: Double, _ winding: Float) {
    let ly0 = y0 - minY
    let ly1 = y1 - minY
    if !(ly1 - ly0 > Self.minimumHeight) { return }
    let rows = Int(maxY - minY)
    if leftPartial.isEmpty {
      leftPartial = [Double](repeating: 0, count: rows)
      leftSteps = [Double](repeating: 0, count: rows + 1)
    }
    let w = Double(winding)
    let r0 = Swift.min(Int(ly0), rows - 1)
    let r1 = Swift.min(Int(ly1), rows)
    if r0 == r1 {
      leftPartial[r0] += (ly1 - ly0) * w
      leftPieces.append(LeftPiece(row: r0, y0: ly0, y1: ly1, winding: w))
      return
    }
    // Partial first row, whole rows r0+1 ..< r1, partial last row.
    leftPartial[r0] += (Double(r0 + 1) - ly0) * w
    leftPieces.append(LeftPiece(row: r0, y0: ly0, y1: Double(r0 + 1), winding: w))
    leftSteps[r0 + 1] += w
    leftSteps[r1] -= w
    if r1 < rows && ly1 > Double(r1) {
      leftPartial[r1] += (ly1 - Double(r1)) * w
      leftPieces.append(LeftPiece(row: r1, y0: Double(r1), y1: ly1, winding: w))
    }
  }

  /// Records the visible part of a horizontal edge at height y (x between xa and xb).
  @inline(__always)
  private mutating func clipFlat(_ y: Double, _ xa: Double, _ xb: Double) {
    if !(y > minY && y < maxY) { return }
    let x0 = Swift.max(Swift.min(xa, xb), minX)
    let x1 = Swift.min(Swift.max(xa, xb), maxX)
    if !(x0 <= x1) { return }
    flats.append(FlatEdge(y: y - minY, x0: x0 - minX, x1: x1 - minX, chain: chain))
  }

  /// Appends the edge (x0, y0) → (x1, y1) (y0 < y1, inside the rectangle up to rounding),
  /// shifted to mask-local coordinates and clamped to the rectangle's width.
  @inline(__always)
  private mutating func emit(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ winding: Float,
    _ out: inout Output
  ) {
    let w = maxX - minX
    append(
      Swift.min(Swift.max(x0 - minX, 0), w), y0 - minY, Swift.min(Swift.max(x1 - minX, 0), w),
      y1 - minY, winding, &out)
  }

  /// Appends an edge already in mask-local coordinates (ly0 ≤ ly1): to `edges`, or to `flats`
  /// when it is too flat to add area.
  @inline(__always)
  private mutating func append(
    _ lx0: Double, _ ly0: Double, _ lx1: Double, _ ly1: Double, _ winding: Float,
    _ out: inout Output
  ) {
    if !(ly1 - ly0 > Self.minimumHeight) {
      if ly1 > 0 && ly0 < maxY - minY {
        flats.append(
          FlatEdge(y: ly0, x0: Swift.min(lx0, lx1), x1: Swift.max(lx0, lx1), chain: chain))
      }
      return
    }
    (edges + out.edgeCount).initialize(
      to: RasterEdge(x0: lx0, y0: ly0, x1: lx1, y1: ly1, winding: winding, chain: chain))
    out.edgeCount &+= 1
    out.extent.minX = Swift.min(out.extent.minX, Swift.min(lx0, lx1))
    out.extent.maxX = Swift.max(out.extent.maxX, Swift.max(lx0, lx1))
  }

  /// x where the edge a→b (a.y < y < b.y) meets the horizontal line at `y`; overflow-free for
  /// any finite endpoints (halving is exact, and the result lies between a.x and b.x).
  @inline(__always)
  static func xOnEdge(_ a: Point, _ b: Point, atY y: Double) -> Double {
    let t = (y * 0.5 - a.y * 0.5) / (b.y * 0.5 - a.y * 0.5)
    let dx = b.x - a.x
    return dx.isFinite ? a.x + t * dx : a.x * (1 - t) + b.x * t
  }

  /// y where the edge (xa, ya)→(xb, yb) meets the vertical line at `x`, clamped to [ya, yb].
  /// ya and yb are already inside the rectangle, so only the x difference can overflow.
  @inline(__always)
  static func yOnEdge(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, atX x: Double)
    -> Double
  {
    let t = (x * 0.5 - xa * 0.5) / (xb * 0.5 - xa * 0.5)
    let y = ya + t * (yb - ya)
    return Swift.min(Swift.max(y, ya), yb)
  }
}
