@testable import VectorRaster

/// An exact reference for the covered area under a fill rule, independent of the rasteriser's
/// method: each pixel is cut into vertical slabs at every x where an edge inside it starts,
/// ends or crosses another; within a slab the edges keep their vertical order, so the pixel is
/// a stack of trapezoids, and each trapezoid's winding is found by casting a ray from its
/// centre against every edge of the path.
enum RegionOracle {
  static func coverage(_ contours: [[Point]], rule: FillRule, rect: PixelRect) -> [Double] {
    var edges: [(Point, Point)] = []
    for c in contours where c.count >= 3 {
      for i in 0..<c.count { edges.append((c[i], c[(i + 1) % c.count])) }
    }
    var out = [Double](repeating: 0, count: rect.width * rect.height)
    for py in 0..<rect.height {
      for px in 0..<rect.width {
        let x0 = Double(rect.x + px)
        let y0 = Double(rect.y + py)
        out[py * rect.width + px] = pixelArea(edges, x0, y0, rule)
      }
    }
    return out
  }

  static func winding(_ edges: [(Point, Point)], _ p: Point) -> Int {
    var w = 0
    for (a, b) in edges where (a.y <= p.y && p.y < b.y) || (b.y <= p.y && p.y < a.y) {
      let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
      if x < p.x { w += a.y < b.y ? 1 : -1 }
    }
    return w
  }

  static func pixelArea(_ edges: [(Point, Point)], _ x0: Double, _ y0: Double, _ rule: FillRule)
    -> Double
  {
    // Edge pieces inside the pixel, left to right.
    var pieces: [(Point, Point)] = []
    for (a, b) in edges {
      guard var (p, q) = clip(a, b, x0, y0, x0 + 1, y0 + 1) else { continue }
      if p.x > q.x { swap(&p, &q) }
      if q.x > p.x { pieces.append((p, q)) }
    }
    var xs = [x0, x0 + 1]
    for (p, q) in pieces {
      xs.append(p.x)
      xs.append(q.x)
    }
    for i in 0..<pieces.count {
      for j in (i + 1)..<max(i + 1, pieces.count) {
        if let x = crossingX(pieces[i], pieces[j]) { xs.append(x) }
      }
    }
    xs.sort()
    var area = 0.0
    for k in 0..<(xs.count - 1) {
      let a = xs[k]
      let b = xs[k + 1]
      if !(b - a > 1e-15) { continue }
      let m = (a + b) / 2
      // Curves spanning the slab, with the pixel's top and bottom, sorted by height at m.
      var curves: [(ya: Double, yb: Double)] = [(y0, y0), (y0 + 1, y0 + 1)]
      for (p, q) in pieces where p.x <= a && q.x >= b {
        curves.append((yAt(p, q, a), yAt(p, q, b)))
      }
      curves.sort { $0.ya + $0.yb < $1.ya + $1.yb }
      for i in 0..<(curves.count - 1) {
        let lo = curves[i]
        let hi = curves[i + 1]
        let h = ((hi.ya - lo.ya) + (hi.yb - lo.yb)) / 2
        if !(h > 0) { continue }
        let centre = Point(m, ((lo.ya + lo.yb) / 2 + (hi.ya + hi.yb) / 2) / 2)
        let w = winding(edges, centre)
        let isIn = rule == .nonzero ? w != 0 : w & 1 != 0
        if isIn { area += h * (b - a) }
      }
    }
    return area
  }

  static func yAt(_ p: Point, _ q: Point, _ x: Double) -> Double {
    if x == p.x { return p.y }
    if x == q.x { return q.y }
    return p.y + (x - p.x) / (q.x - p.x) * (q.y - p.y)
  }

  /// x where two segments (p.x < q.x each) cross in the interior of both, if they do.
  static func crossingX(_ s: (Point, Point), _ t: (Point, Point)) -> Double? {
    let lo = max(s.0.x, t.0.x)
    let hi = min(s.1.x, t.1.x)
    if !(lo < hi) { return nil }
    let d0 = yAt(s.0, s.1, lo) - yAt(t.0, t.1, lo)
    let d1 = yAt(s.0, s.1, hi) - yAt(t.0, t.1, hi)
    if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) { return lo + d0 / (d0 - d1) * (hi - lo) }
    return nil
  }

  /// Liang–Barsky clip of a→b to the closed box.
  static func clip(_ a: Point, _ b: Point, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double)
    -> (Point, Point)?
  {
    var t0 = 0.0
    var t1 = 1.0
    let dx = b.x - a.x
    let dy = b.y - a.y
    for (p, q) in [(-dx, a.x - x0), (dx, x1 - a.x), (-dy, a.y - y0), (dy, y1 - a.y)] {
      if p == 0 {
        if q < 0 { return nil }
      } else {
        let r = q / p
        if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
      }
    }
    if t0 > t1 { return nil }
    return (a.lerp(b, t0), a.lerp(b, t1))
  }
}
