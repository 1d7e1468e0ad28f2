extension Path {
  /// The cubic handle length, as a fraction of the radius, for a 90° arc: 4/3·tan(π/8).
  static let quarterArcHandle = 0.552_284_749_830_793_4

  /// A closed rectangle, drawn minX,minY → maxX,minY → maxX,maxY → minX,maxY (clockwise on a
  /// y-down screen).
  public static func rect(_ r: Rect) -> Path {
    var p = Path()
    p.move(to: Point(r.minX, r.minY))
    p.line(to: Point(r.maxX, r.minY))
    p.line(to: Point(r.maxX, r.maxY))
    p.line(to: Point(r.minX, r.maxY))
    p.close()
    return p
  }

  /// A closed ellipse inscribed in `r`, as four cubics (one per quadrant), starting at the right
  /// end and turning clockwise on a y-down screen, like `rect`. Each cubic meets the ellipse at
  /// its ends and midpoint; elsewhere it is outside by at most 2.8·10⁻⁴ × the radius.
  public static func ellipse(in r: Rect) -> Path {
    let cx = (r.minX + r.maxX) / 2
    let cy = (r.minY + r.maxY) / 2
    let rx = r.width / 2
    let ry = r.height / 2
    let kx = rx * quarterArcHandle
    let ky = ry * quarterArcHandle
    var p = Path()
    p.move(to: Point(r.maxX, cy))
    p.cubic(to: Point(cx, r.maxY), control1: Point(r.maxX, cy + ky), control2: Point(cx + kx, r.maxY))
    p.cubic(to: Point(r.minX, cy), control1: Point(cx - kx, r.maxY), control2: Point(r.minX, cy + ky))
    p.cubic(to: Point(cx, r.minY), control1: Point(r.minX, cy - ky), control2: Point(cx - kx, r.minY))
    p.cubic(to: Point(r.maxX, cy), control1: Point(cx + kx, r.minY), control2: Point(r.maxX, cy - ky))
    p.close()
    return p
  }

  /// A closed circle, as `ellipse(in:)` of its bounding square.
  public static func circle(center: Point, radius: Double) -> Path {
    ellipse(
      in: Rect(
        minX: center.x - radius, minY: center.y - radius, maxX: center.x + radius,
        maxY: center.y + radius))
  }
}
