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
  /// Whether a request without a kind gets this challenge (it came first in `--kind`).
  public var isDefault: Bool

  public init(isDefault: Bool = false) {
    self.isDefault = isDefault
  }

  /// The puzzle kinds `puzzles` as choices, with this offer first or last.
  public func adding(to puzzles: [String]) -> [ChallengeChoice] {
    let choices = puzzles.map(ChallengeChoice.puzzle)
    return isDefault ? [.noPuzzle] + choices : choices + [.noPuzzle]
  }

  /// The record the store keeps: no answer and no pictures, only the proof of work.
  static func stored(id: String, expiresAt: Date, pow: PowPuzzle?, sitekey: String, hostname: String)
    -> StoredChallenge
  {
    let none = StoredPicture(bytes: [], mediaType: "image/png")
    return StoredChallenge(
      id: id, kind: ChallengeChoice.noPuzzle.name, expiresAt: expiresAt, answer: [], background: none,
      piece: none,
      sitekey: sitekey,
      hostname: hostname, pow: pow)
  }

  /// The verdict once the proof of work is solved (or, with the proof of work off, at once).
  static let solved = Verdict(passed: true, reason: "the proof of work is solved", code: .passed)
}
