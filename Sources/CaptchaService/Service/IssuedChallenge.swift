import CaptchaKit
import CaptchaProofOfWork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A challenge handed to a client: a ready challenge (none for the no-puzzle challenge) with its
/// id, expiry and proof of work.
public struct IssuedChallenge: Sendable {
  public var id: String
  public var expiresAt: Date
  /// The kind issued: a puzzle's, or the no-puzzle challenge.
  public var kind: ChallengeChoice
  /// The puzzle; nil for the no-puzzle challenge (`NoPuzzleOffer`).
  public var ready: ReadyChallenge?
  /// The proof of work a verify must solve; nil when the service runs without one.
  public var pow: PowPuzzle?
  /// The site it was issued for, and the host of the page that asked ("" without `Origin`).
  public var sitekey: String
  public var hostname: String
  /// Whether the site lets the client ask for the no-puzzle challenge instead of this puzzle (the
  /// widget then offers "I can't solve the puzzle").
  public var noPuzzleOffered: Bool
  /// The look it was drawn under and whose traffic it is (for the analytics).
  public var look = AnalyticsLabels.defaultLook
  public var audience = Audience.people

  public init(
    id: String, expiresAt: Date, ready: ReadyChallenge, pow: PowPuzzle? = nil,
    sitekey: String = SiteRegistry.defaultSitekey, hostname: String = ""
  ) {
    self.init(
      id: id, expiresAt: expiresAt, kind: .puzzle(ready.kind), ready: ready, pow: pow, sitekey: sitekey,
      hostname: hostname)
  }

  public init(
    id: String, expiresAt: Date, kind: ChallengeChoice, ready: ReadyChallenge?, pow: PowPuzzle?,
    sitekey: String,
    hostname: String, noPuzzleOffered: Bool = false
  ) {
    self.id = id
    self.expiresAt = expiresAt
    self.kind = kind
    self.ready = ready
    self.pow = pow
    self.sitekey = sitekey
    self.hostname = hostname
    self.noPuzzleOffered = noPuzzleOffered
  }

  /// The record the store keeps.
  var stored: StoredChallenge {
    var stored: StoredChallenge
    if let ready {
      stored = StoredChallenge(
        id: id, kind: ready.kind, expiresAt: expiresAt, answer: ready.answer, background: ready.background,
        piece: ready.piece, sitekey: sitekey, hostname: hostname, pow: pow)
    } else {
      stored = NoPuzzleOffer.stored(
        id: id, expiresAt: expiresAt, pow: pow, sitekey: sitekey, hostname: hostname)
    }
    stored.look = look
    stored.audience = audience
    return stored
  }
}

/// What verifying a challenge found.
public enum VerifyOutcome: Sendable, Equatable {
  /// Whether this is a pass (anything else counts as a failure for the client's level).
  public var passed: Bool {
    if case .verdict(let verdict, _) = self { return verdict.passed }
    return false
  }

  /// This was the one verify of the challenge: pass or fail, with the reason; a pass carries the
  /// pass token the site's backend checks with siteverify.
  case verdict(Verdict, token: PassToken?)
  /// Verified before (HTTP 409).
  case alreadyVerified
  /// Past its expiry (HTTP 410).
  case expired
  /// Never issued, or swept (HTTP 404).
  case unknown
}
