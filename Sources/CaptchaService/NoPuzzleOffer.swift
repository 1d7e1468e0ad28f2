import CaptchaKit
import CaptchaProofOfWork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The challenge without a picture puzzle (`{"kind": "pow"}`, DESIGN.md "Proof of work, levels,
/// limits"): proof of work only, for people who cannot do the puzzle and for sites that want no
/// puzzle at all. It is issued `LevelRules.noPuzzleExtraLevels` above a puzzle's level for the same
/// client, weighs `LevelRules.noPuzzleRequestWeight` requests in the rate limit, has no pictures,
/// and passes when its proof of work is solved.
public struct NoPuzzleOffer: Sendable, Equatable {
  /// The name clients ask for and the store keeps as the challenge's kind.
  public static let kindName = "pow"

  /// Whether a request without a kind gets this challenge (it came first in `--kind`).
  public var isDefault: Bool

  public init(isDefault: Bool = false) {
    self.isDefault = isDefault
  }

  /// `kinds` with this offer's name first or last.
  public func adding(to kinds: [String]) -> [String] {
    isDefault ? [Self.kindName] + kinds : kinds + [Self.kindName]
  }

  /// The record the store keeps: no answer and no pictures, only the proof of work.
  static func stored(id: String, expiresAt: Date, pow: PowPuzzle?, sitekey: String, hostname: String)
    -> StoredChallenge
  {
    let none = StoredPicture(bytes: [], mediaType: "image/png")
    return StoredChallenge(
      id: id, kind: kindName, expiresAt: expiresAt, answer: [], background: none, piece: none,
      sitekey: sitekey,
      hostname: hostname, pow: pow)
  }

  /// The verdict once the proof of work is solved (or, with the proof of work off, at once).
  static let solved = Verdict(passed: true, reason: "the proof of work is solved", code: .passed)
}
