import CaptchaImaging
import CaptchaSupport
public import VectorRaster

/// A square filling the box with rounded corners (quarter-circle arcs as cubics).
public struct RoundedShape: PieceShape, Equatable {
  /// Corner radius as a fraction of the side, 0…0.5 (0.5 gives a circle).
  public var cornerFraction: Double

  public init(cornerFraction: Double = 0.22) {
    self.cornerFraction = Swift.min(0.5, Swift.max(0, cornerFraction))
  }

  public var name: String { "rounded" }
  public var fillRule: FillRule { .nonzero }

  public func path(size: Double, seed: UInt64) -> Path {
    let r = size * cornerFraction
    let k = r * (1 - Path.quarterArcHandle)  // distance from the corner to each cubic handle
    var p = Path()
    p.move(to: Point(r, 0))
    p.line(to: Point(size - r, 0))
    p.cubic(to: Point(size, r), control1: Point(size - k, 0), control2: Point(size, k))
    p.line(to: Point(size, size - r))
    p.cubic(to: Point(size - r, size), control1: Point(size, size - k), control2: Point(size - k, size))
    p.line(to: Point(r, size))
    p.cubic(to: Point(0, size - r), control1: Point(k, size), control2: Point(0, size - k))
    p.line(to: Point(0, r))
    p.cubic(to: Point(r, 0), control1: Point(0, k), control2: Point(k, 0))
    p.close()
    return p
  }
}
