/// One part of an object of `ObjectScene`, in size units about the object's spot (y down, the
/// object spans about −1…1 on each axis), and its colour.
struct ObjectPart {
  enum Form {
    /// An ellipse centred at (x, y) whose `ry` axis leans 45° right of plumb (`lean` 1), left
    /// (−1) or not at all (0).
    case ellipse(x: Double, y: Double, rx: Double, ry: Double, lean: Double)
    /// A convex polygon through `points`.
    case polygon([(Double, Double)])
  }
  var form: Form
  var color: RGB
}

/// The kinds of upright object `ObjectScene` draws, each from two colours: shapes whose up a
/// person knows at a glance (a fir tree's point, a roof, a car's wheels, a tree's crown, a
/// snowman's hat, a mushroom's cap), with diagonal edges (roofs, fir branches, raised arms) as
/// well as level and plumb ones.
enum ObjectKinds {
  /// Each kind draws from three colours: its main part, its second part, its details (a door,
  /// wheels, a hat), all drawn at random, so no kind is darker at its foot or its top.
  static let all: [(RGB, RGB, RGB) -> [ObjectPart]] = [firTree, tree, house, car, snowman, mushroom]

  static func e(_ x: Double, _ y: Double, _ rx: Double, _ ry: Double, _ c: RGB, lean: Double = 0)
    -> ObjectPart
  {
    ObjectPart(form: .ellipse(x: x, y: y, rx: rx, ry: ry, lean: lean), color: c)
  }

  static func poly(_ c: RGB, _ points: (Double, Double)...) -> ObjectPart {
    ObjectPart(form: .polygon(points), color: c)
  }

  /// Three stacked triangles, narrower upwards, on a short trunk.
  static func firTree(_ c1: RGB, _ c2: RGB, _ c3: RGB) -> [ObjectPart] {
    [
      e(0, 0.8, 0.12, 0.25, c2), poly(c1, (-0.7, 0.7), (0.7, 0.7), (0, -0.1)),
      poly(c1, (-0.55, 0.3), (0.55, 0.3), (0, -0.55)), poly(c1, (-0.4, -0.1), (0.4, -0.1), (0, -0.95)),
    ]
  }

  /// A round crown on a trunk with two raised branches.
  static func tree(_ c1: RGB, _ c2: RGB, _ c3: RGB) -> [ObjectPart] {
    [
      e(0, 0.45, 0.13, 0.55, c2), e(-0.3, 0.15, 0.07, 0.32, c2, lean: -1),
      e(0.3, 0.15, 0.07, 0.32, c2, lean: 1),
      e(0, -0.45, 0.45, 0.45, c1),
    ]
  }

  /// A wall with a round window under a pointed roof (its slopes at 45°).
  static func house(_ c1: RGB, _ c2: RGB, _ c3: RGB) -> [ObjectPart] {
    [
      poly(c1, (-0.6, 0.9), (0.6, 0.9), (0.6, 0.05), (-0.6, 0.05)),
      poly(c2, (-0.85, 0.12), (0.85, 0.12), (0, -0.73)),
      e(0, 0.5, 0.18, 0.18, c3),
    ]
  }

  /// A cabin (its windscreens at 45°) on a body on two wheels.
  static func car(_ c1: RGB, _ c2: RGB, _ c3: RGB) -> [ObjectPart] {
    [
      poly(c2, (-0.6, 0), (0.6, 0), (0.22, -0.45), (-0.22, -0.45)), e(0, 0.1, 0.9, 0.3, c1),
      e(-0.5, 0.4, 0.2, 0.2, c3), e(0.5, 0.4, 0.2, 0.2, c3),
    ]
  }

  /// Three balls, smaller upwards, stick arms raised, a pointed hat.
  static func snowman(_ c1: RGB, _ c2: RGB, _ c3: RGB) -> [ObjectPart] {
    [
      e(-0.5, -0.3, 0.06, 0.32, c2, lean: -1), e(0.5, -0.3, 0.06, 0.32, c2, lean: 1),
      e(0, 0.55, 0.45, 0.45, c1), e(0, -0.1, 0.32, 0.32, c1), e(0, -0.55, 0.22, 0.22, c1),
      poly(c3, (-0.3, -0.7), (0.3, -0.7), (0, -1.1)),
    ]
  }

  /// A pointed cap (its slopes at 45°) on a stem.
  static func mushroom(_ c1: RGB, _ c2: RGB, _ c3: RGB) -> [ObjectPart] {
    [e(0, 0.4, 0.2, 0.45, c2), poly(c1, (-0.8, 0.1), (0.8, 0.1), (0, -0.7))]
  }
}

extension Canvas {
  /// Edge softness of the objects' parts, in pixels.
  static let partSoftness = 0.8

  /// Draws `part` for an object at (x, y) of size unit `size`.
  mutating func draw(_ part: ObjectPart, at x: Double, _ y: Double, size: Double) {
    switch part.form {
    case .ellipse(let ex, let ey, let rx, let ry, let lean):
      leaningEllipse(x + ex * size, y + ey * size, rx * size, ry * size, lean: lean, color: part.color)
    case .polygon(let points):
      convexPolygon(points.map { (x + $0.0 * size, y + $0.1 * size) }, color: part.color)
    }
  }

  /// An ellipse whose `ry` axis leans 45° right of plumb (`lean` 1), left (−1) or not at all (0),
  /// its edge faded over `partSoftness` as `ellipse`.
  mutating func leaningEllipse(
    _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, lean: Double, color: RGB
  ) {
    let soft = Self.partSoftness
    guard lean != 0 else { return ellipse(cx, cy, rx, ry, soft: soft, color: color, alpha: 1) }
    let half = 0.5.squareRoot()
    let reach = max(rx, ry) + soft
    let (x0, x1, y0, y1) = span(cx, cy, reach, reach)
    guard x0 <= x1, y0 <= y1 else { return }
    let scale = min(rx, ry)
    for y in y0...y1 {
      for x in x0...x1 {
        let px = Double(x) + 0.5 - cx
        let py = Double(y) + 0.5 - cy
        // Coordinates along the leaning axes: v along ry (up and to the lean's side), u across.
        let u = (px + lean * py) * half / rx
        let v = (py - lean * px) * half / ry
        let d = (u * u + v * v).squareRoot()
        let a = smoothstep(0, 1, (1 - d) * scale / soft + 0.5)
        if a > 0 { blend(index(x, y), color, a) }
      }
    }
  }

  /// A convex polygon through `points` (either winding), its edge faded over `partSoftness`: the
  /// coverage follows the distance to the nearest edge.
  mutating func convexPolygon(_ points: [(Double, Double)], color: RGB) {
    guard points.count >= 3 else { return }
    let soft = Self.partSoftness
    let n = points.count
    var area = 0.0
    for i in 0..<n {
      let (a, b) = (points[i], points[(i + 1) % n])
      area += a.0 * b.1 - b.0 * a.1
    }
    let winding = area < 0 ? -1.0 : 1.0
    // Each edge as a unit inward normal and offset: distance = nx·x + ny·y + c (positive inside).
    let edges = (0..<n).map { i -> (Double, Double, Double) in
      let (a, b) = (points[i], points[(i + 1) % n])
      let (ex, ey) = (b.0 - a.0, b.1 - a.1)
      let len = max(1e-12, (ex * ex + ey * ey).squareRoot())
      let (nx, ny) = (-ey / len * winding, ex / len * winding)
      return (nx, ny, -(nx * a.0 + ny * a.1))
    }
    let xs = points.map(\.0)
    let ys = points.map(\.1)
    let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
    let (x0, x1, y0, y1) = span(
      (minX + maxX) / 2, (minY + maxY) / 2, (maxX - minX) / 2 + soft, (maxY - minY) / 2 + soft)
    guard x0 <= x1, y0 <= y1 else { return }
    for y in y0...y1 {
      for x in x0...x1 {
        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
        let d = edges.map { $0.0 * px + $0.1 * py + $0.2 }.min()!
        let a = smoothstep(0, 1, d / soft + 0.5)
        if a > 0 { blend(index(x, y), color, a) }
      }
    }
  }
}
