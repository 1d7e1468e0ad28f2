import CaptchaKit

/// Shapes the benchmarks fill.
enum BenchShapes {
  /// The tab profile along a unit edge: four cubics from (0,0) to (1,0); negative y bulges out.
  static let tab: [(Point, Point, Point)] = [
    (Point(0.34, 0), Point(0.40, -0.02), Point(0.38, -0.10)),
    (Point(0.33, -0.22), Point(0.42, -0.30), Point(0.50, -0.30)),
    (Point(0.58, -0.30), Point(0.67, -0.22), Point(0.62, -0.10)),
    (Point(0.60, -0.02), Point(0.66, 0), Point(1, 0)),
  ]

  /// A jigsaw piece whose square body is `size` wide at (x, y): tabs out on the top and right
  /// sides, a slot in the bottom, the left side flat (clockwise on screen).
  static func jigsaw(x: Double, y: Double, size: Double) -> Path {
    let corners = [Point(x, y), Point(x + size, y), Point(x + size, y + size), Point(x, y + size)]
    let kinds = [1.0, 1.0, -1.0, 0.0]  // out, out, in, flat
    var path = Path()
    path.move(to: corners[0])
    for side in 0..<4 {
      let a = corners[side]
      let b = corners[(side + 1) % 4]
      let d = b - a
      let normal = Point(-d.y, d.x)  // points into the body for a clockwise outline
      let map = { (p: Point) -> Point in a + d * p.x + normal * (p.y * kinds[side]) }
      if kinds[side] == 0 {
        path.line(to: b)
        continue
      }
      for (c1, c2, p) in tab { path.cubic(to: map(p), control1: map(c1), control2: map(c2)) }
    }
    path.close()
    return path
  }
}

extension Path {
  /// Lines kept, cubics split into equal parameter steps by Wang's formula (the same count the
  /// library's flattener uses); used until `Path.flattened` is available to the benchmarks.
  func flattenedForBench(tolerance: Double) -> FlattenedPath {
    var out = FlattenedPath()
    var current = Point.zero
    var start = Point.zero
    for el in elements {
      switch el {
      case .move(let p):
        out.beginContour(p)
        current = p
        start = p
      case .line(let p):
        out.addPoint(p)
        current = p
      case .quad(let c, let p):
        let c1 = current + (c - current) * (2.0 / 3)
        let c2 = p + (c - p) * (2.0 / 3)
        addCubic(&out, current, c1, c2, p, tolerance)
        current = p
      case .cubic(let c1, let c2, let p):
        addCubic(&out, current, c1, c2, p, tolerance)
        current = p
      case .close:
        current = start
      }
    }
    return out
  }

  private func addCubic(
    _ out: inout FlattenedPath, _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
    _ tolerance: Double
  ) {
    func len(_ v: Point) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
    let m = max(len(p0 - p1 * 2 + p2), len(p1 - p2 * 2 + p3))
    let n = max(1, min(1000, Int((0.75 * m / tolerance).squareRoot().rounded(.up))))
    for i in 1...n {
      let t = Double(i) / Double(n)
      let u = 1 - t
      let p = p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
      out.addPoint(p)
    }
  }
}
