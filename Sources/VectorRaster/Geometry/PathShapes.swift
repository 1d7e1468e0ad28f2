extension Path {
  /// The cubic handle length, as a fraction of the radius, for a 90° arc: 4/3·tan(π/8)
  /// = 4/3·(√2 − 1) (the Double nearest 0.55228474983079339840…). Every quarter circle or quarter
  /// ellipse drawn as one cubic uses this constant.
  public static let quarterArcHandle = 0.552_284_749_830_793_4

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

  /// A closed ellipse inscribed in `r`, starting at the right end and turning clockwise on a
  /// y-down screen, like `rect`. It is four cubics, one per quadrant, when the larger radius is
  /// under about 36 (each then within 2.73·10⁻⁴ × radius of the ellipse, outside it); larger
  /// ellipses are built as arcs, within `ArcConversion.tolerance` (0.01 user units).
  public static func ellipse(in r: Rect) -> Path {
    let cx = (r.minX + r.maxX) / 2
    let cy = (r.minY + r.maxY) / 2
    let rx = r.width / 2
    let ry = r.height / 2
    if ArcConversion.piecesPerQuarter(radius: Swift.max(abs(rx), abs(ry))) > 1 {
      var p = Path()
      p.move(to: Point(r.maxX, cy))
      p.arc(to: Point(r.minX, cy), radiusX: rx, radiusY: ry, xAxisRotation: 0, largeArc: false, sweep: true)
      p.arc(to: Point(r.maxX, cy), radiusX: rx, radiusY: ry, xAxisRotation: 0, largeArc: false, sweep: true)
      p.close()
      return p
    }
    return cubicEllipse(in: r)
  }

  /// A closed ellipse inscribed in `r` as four cubics, one per quadrant, whatever its size (each
  /// within 2.73·10⁻⁴ × radius of the ellipse, outside it); same start and direction as
  /// `ellipse(in:)`.
  public static func cubicEllipse(in r: Rect) -> Path {
    let cx = (r.minX + r.maxX) / 2
    let cy = (r.minY + r.maxY) / 2
    let kx = r.width / 2 * quarterArcHandle
    let ky = r.height / 2 * quarterArcHandle
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
