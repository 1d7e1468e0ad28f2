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

/// Why siteverify refused a token. A struct over a private list of reasons, so that a new reason is
/// no source break for code that reads these: compare `reason` with the static members
/// (`refusal.reason == .expired`), or the whole refusal with one (`refusal == .used`).
public struct SiteverifyRefusal: Sendable, Equatable, CustomStringConvertible {
  /// Which refusal it is; more may come.
  public struct Reason: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case noSecret, unknownSecret, noResponse, oversizedResponse, malformedResponse, unknownToken, otherSite
      case used, expired, testKeyAlwaysFails
    }
    private let value: Value

    /// No secret, or an empty one.
    public static let noSecret = Reason(value: .noSecret)
    /// A secret no site has (or one rotated out past its overlap).
    public static let unknownSecret = Reason(value: .unknownSecret)
    /// No token, or an empty one.
    public static let noResponse = Reason(value: .noResponse)
    /// A response longer than `PassToken.maxLength` characters.
    public static let oversizedResponse = Reason(value: .oversizedResponse)
    /// A response that does not have the form of a token.
    public static let malformedResponse = Reason(value: .malformedResponse)
    /// A token of the right form that was never issued (or was swept).
    public static let unknownToken = Reason(value: .unknownToken)
    /// A token of another site (it stays usable for its own).
    public static let otherSite = Reason(value: .otherSite)
    /// A token that was redeemed before.
    public static let used = Reason(value: .used)
    /// A token past its expiry.
    public static let expired = Reason(value: .expired)
    /// The test site whose siteverify always fails (`--test-keys`).
    public static let testKeyAlwaysFails = Reason(value: .testKeyAlwaysFails)

    public var description: String { value.rawValue }
  }

  /// Which refusal this is.
  public let reason: Reason
  /// The response's length in bytes, for `.oversizedResponse`; nil otherwise.
  public let responseLength: Int?

  private init(_ reason: Reason, responseLength: Int? = nil) {
    self.reason = reason
    self.responseLength = responseLength
  }

  /// No secret, or an empty one.
  public static let noSecret = Self(.noSecret)
  /// A secret no site has (or one rotated out past its overlap).
  public static let unknownSecret = Self(.unknownSecret)
  /// No token, or an empty one.
  public static let noResponse = Self(.noResponse)
  /// A response longer than `PassToken.maxLength` characters.
  public static func oversizedResponse(length: Int) -> Self {
    Self(.oversizedResponse, responseLength: length)
  }
  /// A response that does not have the form of a token.
  public static let malformedResponse = Self(.malformedResponse)
  /// A token of the right form that was never issued (or was swept).
  public static let unknownToken = Self(.unknownToken)
  /// A token of another site (it stays usable for its own).
  public static let otherSite = Self(.otherSite)
  /// A token that was redeemed before.
  public static let used = Self(.used)
  /// A token past its expiry.
  public static let expired = Self(.expired)
  /// The test site whose siteverify always fails (`--test-keys`).
  public static let testKeyAlwaysFails = Self(.testKeyAlwaysFails)

  /// Turnstile's error code for this refusal.
  public var code: SiteverifyErrorCode {
    switch reason {
    case .noSecret: return .missingInputSecret
    case .unknownSecret: return .invalidInputSecret
    case .noResponse: return .missingInputResponse
    case .used, .expired: return .timeoutOrDuplicate
    default: return .invalidInputResponse
    }
  }

  /// The refusal in plain words, for logs and library users (the HTTP API words it with its fields).
  public var description: String {
    switch reason {
    case .noSecret: return "no secret was sent"
    case .unknownSecret: return "the secret is not the secret of any site"
    case .noResponse: return "no pass token was sent"
    case .oversizedResponse:
      return "the response is \(responseLength ?? 0) bytes long; a token is at most \(PassToken.maxLength)"
    case .malformedResponse: return "the response is not a pass token"
    case .unknownToken: return "the pass token is unknown (never issued, or expired and removed)"
    case .otherSite: return "the pass token belongs to another site"
    case .used: return "the pass token was already checked"
    case .expired: return "the pass token has expired"
    case .testKeyAlwaysFails: return "this is the test secret that always fails"
    default: return "siteverify refused the token (\(reason))"
    }
  }
}

/// Turnstile's siteverify error codes, by their text on the wire (`rawValue`). A struct, so that a
/// new code is no source break for code that reads these: compare with the static members; a
/// `switch` needs a `default`.
public struct SiteverifyErrorCode: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible
{
  public let rawValue: String

  private init(_ rawValue: String) { self.rawValue = rawValue }

  /// The code whose text is `rawValue`; nil for a text that is none of `allCases`.
  public init?(rawValue: String) {
    guard let known = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = known
  }

  public static let missingInputSecret = Self("missing-input-secret")
  public static let invalidInputSecret = Self("invalid-input-secret")
  public static let missingInputResponse = Self("missing-input-response")
  public static let invalidInputResponse = Self("invalid-input-response")
  public static let timeoutOrDuplicate = Self("timeout-or-duplicate")
  public static let badRequest = Self("bad-request")
  public static let internalError = Self("internal-error")

  /// Every code this version sends.
  public static let allCases: [Self] = [
    missingInputSecret, invalidInputSecret, missingInputResponse, invalidInputResponse, timeoutOrDuplicate,
    badRequest, internalError,
  ]

  public var description: String { rawValue }
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
    let checked = try await check(secret: secret, response: response, idempotencyKey: idempotencyKey)
    if let site = checked.site {
      await countSiteverify(checked.result, site: site, record: checked.record, digest: checked.digest)
    }
    return checked.result
  }

  /// What a siteverify found: the result, the site whose secret it carried, the token's record when
  /// it was redeemed, and the token's digest when it had the form of one.
  private struct CheckedToken {
    var result: SiteverifyResult
    var site: Site?
    var record: PassTokenRecord?
    var digest: String?
  }

  private func check(secret: String?, response: String?, idempotencyKey: String?) async throws -> CheckedToken
  {
    let now = now()
    if let response, response.utf8.count > PassToken.maxLength {
      return CheckedToken(result: .failure(.oversizedResponse(length: response.utf8.count)))
    }
    guard let secret, !secret.isEmpty else { return CheckedToken(result: .failure(.noSecret)) }
    guard let site = sites.site(secret: secret, now: now) else {
      return CheckedToken(result: .failure(.unknownSecret))
    }
    guard let response, !response.isEmpty else {
      return CheckedToken(result: .failure(.noResponse), site: site)
    }
    switch site.testVerdict {
    case .pass:
      let claims = PassClaims(
        challengeTS: now, hostname: "", kind: "test", sitekey: site.sitekey, challengeID: "")
      return CheckedToken(result: .success(claims), site: site)
    case .fail: return CheckedToken(result: .failure(.testKeyAlwaysFails), site: site)
    case nil: break
    }
    guard let token = PassToken.parse(response) else {
      return CheckedToken(result: .failure(.malformedResponse), site: site)
    }
    if token.expiresAt <= now {
      return CheckedToken(result: .failure(.expired), site: site, digest: token.digest)
    }
    let result = try await tokens.redeemPassToken(
      digest: token.digest, sitekey: site.sitekey, idempotencyKey: idempotencyKey, now: now)
    let refused = { (refusal: SiteverifyRefusal) in
      CheckedToken(result: .failure(refusal), site: site, digest: token.digest)
    }
    switch result {
    case .redeemed(let record), .repeated(let record):
      return CheckedToken(result: .success(PassClaims(record)), site: site, record: record)
    case .used: return refused(.used)
    case .expired: return refused(.expired)
    case .otherSite: return refused(.otherSite)
    case .unknown: return refused(.unknownToken)
    }
  }

  /// Counts a siteverify for `site` in the analytics: under its token's kind, look and audience when
  /// the token is known (a test key's under kind `test`, automation), otherwise under `unknown`.
  private func countSiteverify(
    _ result: SiteverifyResult, site: Site, record: PassTokenRecord?, digest: String?
  )
    async
  {
    var labels = AnalyticsLabels(
      site: site.sitekey, kind: AnalyticsLabels.unknown, look: AnalyticsLabels.unknown)
    if site.testVerdict != nil {
      labels = AnalyticsLabels(site: site.sitekey, kind: "test", audience: .automation)
    } else if let record {
      labels = record.labels
    } else if let digest, let known = try? await tokens.passTokenRecord(digest: digest),
      known.sitekey == site.sitekey
    {
      labels = known.labels
    }
    var failure: SiteverifyErrorCode?
    if case .failure(let refusal) = result { failure = refusal.code }
    await recorder.siteverified(labels, failure: failure, at: now())
  }
}
