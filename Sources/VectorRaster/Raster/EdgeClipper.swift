/// One clipped polygon edge in mask-local coordinates, oriented downwards (`y0 < y1`).
///
/// `winding` is +1 when the original edge ran downwards and −1 when it ran upwards.
struct RasterEdge {
  var x0: Double
  var y0: Double
  var x1: Double
  var y1: Double
  var winding: Float
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
  /// Edges shorter than this vertically (in pixels) change coverage by less than it; dropped.
  static let minimumHeight = 1e-9
  /// The clipped edges, in mask-local coordinates.
  var edges: [RasterEdge] = []
  /// Per mask row: coverage added to column 0 by edges left of the rectangle (partial rows),
  /// and the difference array of whole-row windings; empty until the first such edge.
  private var leftPartial: [Double] = []
  private var leftSteps: [Double] = []

  init(minX: Double, minY: Double, maxX: Double, maxY: Double, edgeCapacity: Int) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
    edges.reserveCapacity(edgeCapacity)
  }

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

  /// Clips the edge `p → q` and appends what is left to `edges` (or `leftCover`).
  @inline(__always)
  mutating func clip(_ p: Point, _ q: Point) {
    if p.y == q.y { return }
    let (a, b, winding): (Point, Point, Float) = p.y < q.y ? (p, q, 1) : (q, p, -1)
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
      emit(xa, ya, xb, yb, winding)
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
        emit(sx, sy, maxX, Self.yOnEdge(xa, ya, xb, yb, atX: maxX), winding)
      } else {
        emit(sx, sy, xb, yb, winding)
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
        emit(sx, sy, minX, yl, winding)
        emitLeft(yl, yb, winding)
      } else {
        emit(sx, sy, xb, yb, winding)
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
      return
    }
    // Partial first row, whole rows r0+1 ..< r1, partial last row.
    leftPartial[r0] += (Double(r0 + 1) - ly0) * w
    leftSteps[r0 + 1] += w
    leftSteps[r1] -= w
    if r1 < rows { leftPartial[r1] += (ly1 - Double(r1)) * w }
  }

  @inline(__always)
  private mutating func emit(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ winding: Float
  ) {
    let ly0 = y0 - minY
    let ly1 = y1 - minY
    if !(ly1 - ly0 > Self.minimumHeight) { return }
    let w = maxX - minX
    edges.append(
      RasterEdge(
        x0: Swift.min(Swift.max(x0 - minX, 0), w), y0: ly0,
        x1: Swift.min(Swift.max(x1 - minX, 0), w), y1: ly1, winding: winding))
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
