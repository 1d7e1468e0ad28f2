import CaptchaHoles
import CaptchaImaging
public import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// One decoy hole in answer.json's `decoys` array: the top-left corner of the piece box where the
/// decoy is drawn (the convention of `target`: with a strip piece, y is 0), its shape name and how
/// it was derived from the piece's (see `DecoyOutline.variant`).
public struct DecoyRecord: Equatable, Codable, Sendable {
  public var x: Int
  public var y: Int
  public var shape: String
  public var variant: String

  public init(x: Int, y: Int, shape: String, variant: String) {
    self.x = x
    self.y = y
    self.shape = shape
    self.variant = variant
  }

  /// The record moved into answer.json's `target` convention: shifted as the target was from
  /// the piece box's corner `placedAt` (e.g. by a shadow's padding), with y = 0 for a strip.
  public func inConvention(ofTarget target: PiecePosition, placedAt box: PiecePosition, strip: Bool)
    -> DecoyRecord
  {
    DecoyRecord(
      x: x + target.x - box.x, y: strip ? 0 : y + target.y - box.y, shape: shape, variant: variant)
  }
}
