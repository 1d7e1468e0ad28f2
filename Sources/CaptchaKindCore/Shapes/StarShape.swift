import CaptchaImaging
import CaptchaSupport
public import VectorRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A five-pointed star, one point up, scaled to fill the box's width and centred vertically.
///
/// The inner radius is a little fuller than a regular pentagram's (0.38) so the arms stay wide
/// enough to read as a piece at 40 px.
public struct StarShape: PieceShape, Equatable {
  /// Number of points.
  public var points: Int
  /// Inner radius as a fraction of the outer radius, 0.1…0.9.
  public var innerRatio: Double

  public init(points: Int = 5, innerRatio: Double = 0.48) {
    self.points = Swift.max(3, points)
    self.innerRatio = Swift.min(0.9, Swift.max(0.1, innerRatio))
  }

  public var name: String { "star" }
  public var fillRule: FillRule { .nonzero }

  public func path(size: Double, seed: UInt64) -> Path {
    var p = Path()
    let n = points * 2
    for i in 0..<n {
      // Start at the top point and go clockwise on a y-down screen.
      let angle = -Double.pi / 2 + Double(i) * Double.pi / Double(points)
      let r = i % 2 == 0 ? 1.0 : innerRatio
      let q = Point(r * cos(angle), r * sin(angle))
      if i == 0 { p.move(to: q) } else { p.line(to: q) }
    }
    p.close()
    return p.fitted(toBox: size) ?? p
  }
}
