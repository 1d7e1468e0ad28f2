public import VectorRaster

/// The shapes built into captcha-gen.
public enum BuiltinShape: String, CaseIterable, PieceShape {
  /// A jigsaw piece: a square body with round knobs out on the top and right and matching
  /// notches in on the bottom and left, all cubic Béziers. The body is `size / 1.3` wide so the
  /// knobs (0.3 of the body) end exactly on the box edge.
  case classic
  /// A disc filling the box.
  case circle
  /// A square filling the box.
  case square

  public var name: String { rawValue }
  public var fillRule: FillRule { .nonzero }

  /// One line for `--help` and listings.
  public var summary: String {
    switch self {
    case .classic: return "jigsaw piece: square body, knobs out (top, right), notches in (bottom, left)"
    case .circle: return "a disc filling the piece box"
    case .square: return "a square filling the piece box"
    }
  }

  public func path(size: Double, seed: UInt64) -> Path {
    switch self {
    case .classic: return Self.jigsaw(size: size)
    case .circle: return Path.cubicEllipse(in: Rect(x: 0, y: 0, width: size, height: size))
    case .square:
      var p = Path()
      p.move(to: Point(0, 0))
      p.line(to: Point(size, 0))
      p.line(to: Point(size, size))
      p.line(to: Point(0, size))
      p.close()
      return p
    }
  }

  /// How far a knob reaches beyond the body, as a fraction of the body side.
  static let knobDepth = 0.30

  /// One jigsaw edge in edge-local units: u runs 0→1 along the side, v points outward (one unit
  /// = the body side). Straight from (0, 0) to (0.39, 0), then these cubics (c1, c2, end) — a
  /// pinched neck and a round head (a circle of radius 0.135 centred 0.165 out, so it peaks at
  /// 0.30) — then straight to (1, 0).
  static let knobEdge: [(Point, Point, Point)] = [
    (Point(0.4500, 0.0000), Point(0.4448, 0.0382), Point(0.4206, 0.0559)),  // into the neck
    (Point(0.3856, 0.0813), Point(0.3650, 0.1218), Point(0.3650, 0.1650)),  // head, lower left
    (Point(0.3650, 0.2396), Point(0.4254, 0.3000), Point(0.5000, 0.3000)),  // head, upper left
    (Point(0.5746, 0.3000), Point(0.6350, 0.2396), Point(0.6350, 0.1650)),  // head, upper right
    (Point(0.6350, 0.1218), Point(0.6144, 0.0813), Point(0.5794, 0.0559)),  // head, lower right
    (Point(0.5552, 0.0382), Point(0.5500, 0.0000), Point(0.6100, 0.0000)),  // out of the neck
  ]

  /// The classic piece: body [0, b]×[k, k + b] with b = size / (1 + knobDepth), k = size − b.
  static func jigsaw(size: Double) -> Path {
    let b = size / (1 + knobDepth)
    let k = size - b
    let corners = [Point(0, k), Point(b, k), Point(b, k + b), Point(0, k + b)]
    // Outward normals of the sides top, right, bottom, left (clockwise on a y-down screen).
    let normals = [Point(0, -1), Point(1, 0), Point(0, 1), Point(-1, 0)]
    let outward: [Double] = [1, 1, -1, -1]  // knob out on top/right, notch in on bottom/left
    var p = Path()
    p.move(to: corners[0])
    for side in 0..<4 {
      let a = corners[side]
      let e = corners[(side + 1) % 4]
      let along = e - a
      let n = normals[side] * (b * outward[side])
      func map(_ q: Point) -> Point { a + along * q.x + n * q.y }
      p.line(to: map(Point(0.39, 0)))
      for (c1, c2, end) in knobEdge {
        p.cubic(to: map(end), control1: map(c1), control2: map(c2))
      }
      p.line(to: e)
    }
    p.close()
    return p
  }
}
