import CaptchaKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A challenge handed to a client: a ready challenge with its id and expiry.
public struct IssuedChallenge: Sendable {
  public var id: String
  public var expiresAt: Date
  public var ready: ReadyChallenge

  public init(id: String, expiresAt: Date, ready: ReadyChallenge) {
    self.id = id
    self.expiresAt = expiresAt
    self.ready = ready
  }

  public var kind: String { ready.kind }

  /// The record the store keeps.
  var stored: StoredChallenge {
    StoredChallenge(
      id: id, kind: ready.kind, expiresAt: expiresAt, answer: ready.answer, background: ready.background,
      piece: ready.piece)
  }
}

/// What verifying a challenge found.
public enum VerifyOutcome: Sendable, Equatable {
  /// This was the one verify of the challenge: pass or fail, with the reason.
  case verdict(Verdict)
  /// Verified before (HTTP 409).
  case alreadyVerified
  /// Past its expiry (HTTP 410).
  case expired
  /// Never issued, or swept (HTTP 404).
  case unknown
}

/// Requests the service refuses (HTTP 400).
public enum ChallengeServiceError: Error, Equatable, CustomStringConvertible {
  /// A kind this service does not offer.
  case kindNotOffered(String, offered: [String])
  /// A response that does not answer this challenge's kind (the challenge is used up).
  case responseDoesNotFit(VerifyError)

  public var description: String {
    switch self {
    case .kindNotOffered(let name, let offered):
      return "kind \"\(name)\" is not offered here; this server offers \(offered.joined(separator: ", "))"
    case .responseDoesNotFit(let error):
      return "the response does not fit this challenge (\(error))"
    }
  }
}
