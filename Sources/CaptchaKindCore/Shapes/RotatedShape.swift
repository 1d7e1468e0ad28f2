import CaptchaImaging
import CaptchaSupport
public import VectorRaster

/// Another shape turned about the box centre, then rescaled (keeping its aspect ratio) so the
/// turned outline's bounds just fit the box, and centred. The angle is fixed or drawn per seed
/// from a `RotationSpec`; the base shape gets the same seed as it would unrotated.
public struct RotatedShape: PieceShape {
  public var base: any PieceShape
  public var rotation: RotationSpec

  public init(base: any PieceShape, degrees: Double) {
    self.init(base: base, rotation: .fixed(degrees))
  }

  public init(base: any PieceShape, rotation: RotationSpec) {
    self.base = base
    self.rotation = rotation
  }

  /// The base shape's name: the rotation is a variation of it, not another shape.
  public var name: String { base.name }
  public var fillRule: FillRule { base.fillRule }

  /// The angle in degrees used for `seed`.
  public func degrees(seed: UInt64) -> Double { rotation.draw(seed: seed) }

  /// The angle in degrees used for `seed`: a turned shape always records it, 0 included.
  public func rotation(seed: UInt64) -> Double? { degrees(seed: seed) }

  public func path(size: Double, seed: UInt64) -> Path {
    let basePath = base.path(size: size, seed: seed)
    let deg = degrees(seed: seed)
    guard deg.truncatingRemainder(dividingBy: 360) != 0 else { return basePath }
    let c = size / 2
    let turn = Transform.translation(-c, -c)
      .concatenating(.rotation(deg * .pi / 180))
      .concatenating(.translation(c, c))
    let turned = basePath.transformed(by: turn)
    return turned.fitted(toBox: size) ?? turned
  }
}
