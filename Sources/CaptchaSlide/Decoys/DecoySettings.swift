import CaptchaHoles
import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// Decoy holes: extra holes drawn in the same hole style as the real one, with shapes
/// that are similar to the piece's but different, so only the real hole matches the piece.
public struct DecoySettings: Equatable, Sendable {
  /// How many decoys to draw (0 = off). Fewer are drawn when fewer fit; answer.json lists those.
  public var count: Int
  /// Horizontal mode: a decoy's row is within ±band pixels of the target's row (vertical mode:
  /// its column within ±band of the target's column). nil: a fifteenth of the piece, at least 2.
  public var band: Int?
  /// Smallest gap in pixels between a decoy's box and the target's, the start's or another
  /// decoy's. nil: a tenth of the piece, at least 2.
  public var gap: Int?
  /// Twins: every decoy has the piece's own outline, so the hole's shape, its
  /// knob/notch layout and (with `band` 0) its row say nothing about which hole is the target; the
  /// twins are packed as tightly as their outlines allow. false: outlines that differ from the
  /// piece's (other jigsaw sides, turns, mirrors, substitutes).
  public var twins: Bool
  /// Whether `count` is the user's own choice (`--decoys N`) rather than a preset's: a style key
  /// raises a preset's count to its family's 2…4 but leaves a chosen count as it is.
  public var isCountChosen: Bool

  public init(
    count: Int = 0, band: Int? = nil, gap: Int? = nil, twins: Bool = false, isCountChosen: Bool = false
  ) {
    self.count = count
    self.band = band
    self.gap = gap
    self.twins = twins
    self.isCountChosen = isCountChosen
  }

  /// Largest accepted `count`.
  public static let maxCount = 16

  /// The row band for a piece of side `p`.
  public func resolvedBand(pieceSize p: Int) -> Int { band ?? max(2, p / 15) }
  /// The gap for a piece of side `p`.
  public func resolvedGap(pieceSize p: Int) -> Int { gap ?? max(2, p / 10) }

  /// Rejects impossible values with an `OptionError` naming the option.
  public func validate() throws {
    guard count >= 0, count <= Self.maxCount else {
      throw OptionError("\(CaptchaOption.decoys) \(count) must be between 0 and \(Self.maxCount)")
    }
    if let b = band, b < 0 {
      throw CaptchaError(.usage, "decoy band \(b) is negative; use 0 or more pixels")
    }
    if let g = gap, g < 0 {
      throw CaptchaError(.usage, "decoy gap \(g) is negative; use 0 or more pixels")
    }
  }
}
