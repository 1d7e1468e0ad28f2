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
