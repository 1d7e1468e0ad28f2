import CaptchaKindCore
import VectorRaster

/// Building blocks of the pattern icons, in the icon's unit box (−1…1 on both axes, y down):
/// polygons from point lists, regular polygons, stars and arcs. Angles are in
/// degrees and go through `PortableMath`, so every point is the same bits on every machine.
enum IconGeometry {
  /// The point at `radius` and `degrees` around `center` (0° = +x, clockwise on screen).
  static func polar(_ center: Point, _ radius: Double, _ degrees: Double) -> Point {
    let (s, c) = PortableMath.sinCos(degrees: degrees)
    return Point(center.x + radius * c, center.y + radius * s)
  }

  /// Twice the signed area of a polygon; positive when it runs clockwise on the y-down screen.
  static func signedArea(_ points: [Point]) -> Double {
    var sum = 0.0
    for i in points.indices {
      let a = points[i]
      let b = points[(i + 1) % points.count]
      sum += a.x * b.y - b.x * a.y
    }
    return sum
  }

  /// `points` in clockwise order, so contours of one icon add up under the nonzero rule.
  static func clockwise(_ points: [Point]) -> [Point] {
    signedArea(points) < 0 ? points.reversed() : points
  }

  /// A closed contour through `points`, made clockwise.
  static func polygon(_ points: [Point]) -> Path {
    var path = Path()
    let pts = clockwise(points)
    guard let first = pts.first else { return path }
    path.move(to: first)
    for p in pts.dropFirst() { path.line(to: p) }
    path.close()
    return path
  }

  /// The corners of a regular `n`-gon of circumradius `radius`, the first at `phase` degrees.
  static func regular(_ n: Int, radius: Double = 1, phase: Double = -90, center: Point = .zero) -> [Point] {
    (0..<n).map { polar(center, radius, phase + 360 * Double($0) / Double(n)) }
  }

  /// A star of `n` points: outer corners at `outer`, inner ones at `inner`.
  static func star(_ n: Int, outer: Double = 1, inner: Double, phase: Double = -90) -> [Point] {
    (0..<(2 * n)).map { polar(.zero, $0 % 2 == 0 ? outer : inner, phase + 180 * Double($0) / Double(n)) }
  }

  /// `steps + 1` points on a circular arc from `from` to `to` degrees (either direction).
  static func arc(_ center: Point, _ radius: Double, from: Double, to: Double, steps: Int = 24) -> [Point] {
    (0...steps).map { polar(center, radius, from + (to - from) * Double($0) / Double(steps)) }
  }

  /// A clockwise circle contour.
  static func circle(_ center: Point, _ radius: Double) -> Path {
    polygon(arc(center, radius, from: 0, to: 360, steps: 48).dropLast())
  }

  /// The polygon of unit squares at `cells` (column, row), a polyomino outline traced as one
  /// contour per square (the squares share edges, so the nonzero union is the whole shape).
  static func cells(_ cells: [(Int, Int)], size: Double) -> Path {
    let cols = cells.map { $0.0 }
    let rows = cells.map { $0.1 }
    let ox = -Double(cols.max()! + cols.min()! + 1) * size / 2
    let oy = -Double(rows.max()! + rows.min()! + 1) * size / 2
    var path = Path()
    for (c, r) in cells {
      let x = ox + Double(c) * size
      let y = oy + Double(r) * size
      path.append(
        polygon([Point(x, y), Point(x + size, y), Point(x + size, y + size), Point(x, y + size)]))
    }
    return path
  }
}
