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
/// - parts left of it become vertical edges on its left side, keeping their vertical extent and
///   direction, so the winding they carry into the rectangle is preserved.
struct EdgeClipper {
  let minX: Double
  let minY: Double
  let maxX: Double
  let maxY: Double
  /// Edges shorter than this vertically (in pixels) change coverage by less than it; dropped.
  static let minimumHeight = 1e-9

  init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// Clips the edge `p → q` and appends what is left to `edges`.
  @inline(__always)
  func clip(_ p: Point, _ q: Point, into edges: inout [RasterEdge]) {
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
      emit(minX, ya, minX, yb, winding, into: &edges)
      return
    }
    if xa >= minX && xa <= maxX && xb >= minX && xb <= maxX {
      emit(xa, ya, xb, yb, winding, into: &edges)
      return
    }
    // The edge crosses the left and/or right side of the rectangle.
    if xa <= xb {
      var sx = xa
      var sy = ya
      if xa < minX {
        let yl = Self.yOnEdge(xa, ya, xb, yb, atX: minX)
        emit(minX, ya, minX, yl, winding, into: &edges)
        sx = minX
        sy = yl
      }
      if xb > maxX {
        emit(sx, sy, maxX, Self.yOnEdge(xa, ya, xb, yb, atX: maxX), winding, into: &edges)
      } else {
        emit(sx, sy, xb, yb, winding, into: &edges)
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
        emit(sx, sy, minX, yl, winding, into: &edges)
        emit(minX, yl, minX, yb, winding, into: &edges)
      } else {
        emit(sx, sy, xb, yb, winding, into: &edges)
      }
    }
  }

  @inline(__always)
  private func emit(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ winding: Float,
    into edges: inout [RasterEdge]
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
