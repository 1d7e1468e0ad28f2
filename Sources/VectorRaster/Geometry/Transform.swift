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

/// A 2-D affine transform, SVG/CSS order: x' = a·x + c·y + e, y' = b·x + d·y + f.
public struct Transform: Equatable, Sendable {
  public var a, b, c, d, e, f: Double

  public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.e = e
    self.f = f
  }

  public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

  public static func translation(_ tx: Double, _ ty: Double) -> Transform {
    Transform(a: 1, b: 0, c: 0, d: 1, e: tx, f: ty)
  }

  public static func scale(_ sx: Double, _ sy: Double) -> Transform {
    Transform(a: sx, b: 0, c: 0, d: sy, e: 0, f: 0)
  }

  /// Rotation by `radians` (positive turns +x towards +y, i.e. clockwise on a y-down screen).
  public static func rotation(_ radians: Double) -> Transform {
    let cs = cos(radians)
    let sn = sin(radians)
    return Transform(a: cs, b: sn, c: -sn, d: cs, e: 0, f: 0)
  }

  /// The transform that applies `self` first, then `next`.
  public func concatenating(_ next: Transform) -> Transform {
    Transform(
      a: a * next.a + b * next.c,
      b: a * next.b + b * next.d,
      c: c * next.a + d * next.c,
      d: c * next.b + d * next.d,
      e: e * next.a + f * next.c + next.e,
      f: e * next.b + f * next.d + next.f)
  }

  @inlinable public func apply(_ p: Point) -> Point {
    Point(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
  }
}
