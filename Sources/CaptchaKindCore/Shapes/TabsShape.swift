import CaptchaImaging
import CaptchaSupport
public import VectorRaster

/// DWSlideCaptchaView's piece: a square body with a round tab out on the top and right sides and
/// a round notch in on the bottom and left sides, each a half circle drawn with arcs.
///
/// The proportions are DW's: a 32×32 body with radius-5 half circles in the middle of each side.
/// The tabs stick out 5 units on two sides, so the whole piece is 37×37 units, scaled to the box.
public struct TabsShape: PieceShape, Equatable {
  public init() {}

  public var name: String { "tabs" }
  public var fillRule: FillRule { .nonzero }

  /// Side of DW's square body, in its units.
  public static let body = 32.0
  /// Radius of DW's tabs and notches, in the same units.
  public static let radius = 5.0

  public func path(size: Double, seed: UInt64) -> Path {
    let b = Self.body
    let r = Self.radius
    let u = size / (b + r)  // pixels per DW unit
    let mid = b / 2
    // Body [0, b]×[r, r + b] in DW units; traced clockwise on a y-down screen.
    func pt(_ x: Double, _ y: Double) -> Point { Point(x * u, (y + r) * u) }
    var p = Path()
    p.move(to: pt(0, 0))
    // Top: tab out (bulging up).
    p.line(to: pt(mid - r, 0))
    p.arc(to: pt(mid + r, 0), radiusX: r * u, radiusY: r * u, xAxisRotation: 0, largeArc: false, sweep: true)
    p.line(to: pt(b, 0))
    // Right: tab out (bulging right).
    p.line(to: pt(b, mid - r))
    p.arc(to: pt(b, mid + r), radiusX: r * u, radiusY: r * u, xAxisRotation: 0, largeArc: false, sweep: true)
    p.line(to: pt(b, b))
    // Bottom: notch in (bulging up into the body), traced right to left.
    p.line(to: pt(mid + r, b))
    p.arc(to: pt(mid - r, b), radiusX: r * u, radiusY: r * u, xAxisRotation: 0, largeArc: false, sweep: false)
    p.line(to: pt(0, b))
    // Left: notch in (bulging right into the body), traced bottom to top.
    p.line(to: pt(0, mid + r))
    p.arc(to: pt(0, mid - r), radiusX: r * u, radiusY: r * u, xAxisRotation: 0, largeArc: false, sweep: false)
    p.close()
    return p
  }
}
