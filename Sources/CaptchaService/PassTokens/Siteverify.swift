#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a site's backend learns from siteverify (`ChallengeService.siteverify`).
public enum SiteverifyResult: Sendable, Equatable {
  /// The token was good and is now used up (or this is a retry with the same idempotency key).
  case success(PassClaims)
  /// The token does not pass; why, typed (the HTTP layer words it and picks Turnstile's code).
  case failure(SiteverifyRefusal)

  public var succeeded: Bool {
    if case .success = self { return true }
    return false
  }
}

/// What a passed token was bound to (siteverify's answer on success).
public struct PassClaims: Sendable, Equatable {
  /// When the challenge was passed.
  public var challengeTS: Date
  /// The host of the page the challenge was requested from ("" without `Origin`).
  public var hostname: String
  public var kind: String
  public var sitekey: String
  public var challengeID: String

  public init(challengeTS: Date, hostname: String, kind: String, sitekey: String, challengeID: String) {
    self.challengeTS = challengeTS
    self.hostname = hostname
    self.kind = kind
    self.sitekey = sitekey
    self.challengeID = challengeID
  }

  init(_ record: PassTokenRecord) {
    self.init(
      challengeTS: record.passedAt, hostname: record.hostname, kind: record.kind, sitekey: record.sitekey,
      challengeID: record.challengeID)
  }
}

/// Why siteverify refused a token.
public enum SiteverifyRefusal: Sendable, Equatable {
  /// No secret, or an empty one.
  case noSecret
  /// A secret no site has (or one rotated out past its overlap).
  case unknownSecret
  /// No token, or an empty one.
  case noResponse
  /// A response longer than `PassToken.maxLength` characters.
  case oversizedResponse(length: Int)
  /// A response that does not have the form of a token.
  case malformedResponse
  /// A token of the right form that was never issued (or was swept).
  case unknownToken
  /// A token of another site (it stays usable for its own).
  case otherSite
  /// A token that was redeemed before.
  case used
  /// A token past its expiry.
  case expired
  /// The test site whose siteverify always fails (`--test-keys`).
  case testKeyAlwaysFails

  /// Turnstile's error code for this refusal.
  public var code: SiteverifyErrorCode {
    switch self {
    case .noSecret: return .missingInputSecret
    case .unknownSecret: return .invalidInputSecret
    case .noResponse: return .missingInputResponse
    case .oversizedResponse, .malformedResponse, .unknownToken, .otherSite, .testKeyAlwaysFails:
      return .invalidInputResponse
    case .used, .expired: return .timeoutOrDuplicate
    }
  }
}

/// Turnstile's siteverify error codes.
public enum SiteverifyErrorCode: String, Sendable, CaseIterable {
  case missingInputSecret = "missing-input-secret"
  case invalidInputSecret = "invalid-input-secret"
  case missingInputResponse = "missing-input-response"
  case invalidInputResponse = "invalid-input-response"
  case timeoutOrDuplicate = "timeout-or-duplicate"
  case badRequest = "bad-request"
  case internalError = "internal-error"
}

extension ChallengeService {
  /// Checks a pass token for the site whose secret is `secret`, once: of any number of calls with
  /// one token, on every instance sharing the store, exactly one succeeds; a retry carrying the
  /// `idempotencyKey` of the call that succeeded succeeds again (while the token would have lived).
  /// A token checked with another site's secret fails and stays usable. Throws the store's
  /// `ChallengeStoreUnavailable` (answer 503; never treat it as a pass).
  public func siteverify(secret: String?, response: String?, idempotencyKey: String? = nil) async throws
    -> SiteverifyResult
  {
    let now = now()
    if let response, response.utf8.count > PassToken.maxLength {
      return .failure(.oversizedResponse(length: response.utf8.count))
    }
    guard let secret, !secret.isEmpty else { return .failure(.noSecret) }
    guard let site = sites.site(secret: secret, now: now) else { return .failure(.unknownSecret) }
    guard let response, !response.isEmpty else { return .failure(.noResponse) }
    switch site.testVerdict {
    case .pass:
      return .success(
        PassClaims(challengeTS: now, hostname: "", kind: "test", sitekey: site.sitekey, challengeID: ""))
    case .fail: return .failure(.testKeyAlwaysFails)
    case nil: break
    }
    guard let token = PassToken.parse(response) else { return .failure(.malformedResponse) }
    if token.expiresAt <= now { return .failure(.expired) }
    let result = try await tokens.redeemPassToken(
      digest: token.digest, sitekey: site.sitekey, idempotencyKey: idempotencyKey, now: now)
    switch result {
    case .redeemed(let record), .repeated(let record): return .success(PassClaims(record))
    case .used: return .failure(.used)
    case .expired: return .failure(.expired)
    case .otherSite: return .failure(.otherSite)
    case .unknown: return .failure(.unknownToken)
    }
  }
}
