import CaptchaImaging
import CaptchaSupport
public import VectorRaster

/// A heraldic shield: a top edge rising to a peak in the middle, straight sides, and two curves
/// meeting in a point at the bottom. Scaled to the box keeping its proportions.
public struct ShieldShape: PieceShape, Equatable {
  public init() {}

  public var name: String { "shield" }
  public var fillRule: FillRule { .nonzero }

  public func path(size: Double, seed: UInt64) -> Path {
    // Drawn in a unit box, then fitted (the outline is 0.88 wide and 1 tall).
    var p = Path()
    p.move(to: Point(0.06, 0.12))
    p.quad(to: Point(0.5, 0), control: Point(0.32, 0.13))
    p.quad(to: Point(0.94, 0.12), control: Point(0.68, 0.13))
    p.line(to: Point(0.94, 0.5))
    p.cubic(to: Point(0.5, 1), control1: Point(0.94, 0.76), control2: Point(0.74, 0.9))
    p.cubic(to: Point(0.06, 0.5), control1: Point(0.26, 0.9), control2: Point(0.06, 0.76))
    p.close()
    return p.fitted(toBox: size) ?? p
  }
}
