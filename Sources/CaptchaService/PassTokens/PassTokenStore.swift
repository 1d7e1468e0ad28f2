#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where pass tokens live from a passing verify until siteverify redeems them or they expire: in
/// this process (`MemoryPassTokenStore`) or in PostgreSQL beside the challenges, so any instance
/// redeems a token another issued.
///
/// The contract every store keeps (`PassTokenStoreContract` runs against each):
/// - `redeemPassToken` is the single-use gate: of any number of concurrent redeems of one token for
///   its site, across every instance sharing the store, exactly one returns `.redeemed`; the others
///   see `.used` (or `.repeated`, when they carry the idempotency key the redeeming call carried).
/// - A redeem for another site changes nothing: the token stays redeemable for its own.
/// - A token past `expiresAt` is `.expired`, never redeemed; `sweepPassTokens` removes it.
/// - A store that cannot reach its backing service throws `ChallengeStoreUnavailable`.
public protocol PassTokenStore: Sendable {
  /// Whether other instances can redeem the tokens kept here.
  var sharing: StoreSharing { get }

  /// Keeps a newly issued token.
  func insertPassToken(_ record: PassTokenRecord) async throws

  /// Marks the token (by `digest`) redeemed for `sitekey`, atomically (see the protocol's contract);
  /// `idempotencyKey` is kept with it so a retry carrying the same key gets `.repeated`.
  func redeemPassToken(digest: String, sitekey: String, idempotencyKey: String?, now: Date) async throws
    -> RedeemResult

  /// Removes every token whose `expiresAt` is at or before `now`; returns how many.
  @discardableResult
  func sweepPassTokens(now: Date) async throws -> Int

  /// The record of a token (by `digest`) whatever its state, for the analytics of a refused
  /// siteverify (a replay counts under its challenge's kind and look); nil when there is none.
  /// Both built-in stores implement it; a store of one's own that does not answers nil.
  func passTokenRecord(digest: String) async throws -> PassTokenRecord?
}

extension PassTokenStore {
  public func passTokenRecord(digest: String) async throws -> PassTokenRecord? { nil }
}

/// A pass token as a store keeps it: what it is bound to, never the token itself.
public struct PassTokenRecord: Sendable, Equatable {
  /// SHA-256 of the token, in hex (`PassToken.digest`).
  public var digest: String
  public var sitekey: String
  public var kind: String
  public var challengeID: String
  /// The host of the page the challenge was requested from ("" without `Origin`).
  public var hostname: String
  /// When the challenge was passed (siteverify's `challenge_ts`).
  public var passedAt: Date
  public var expiresAt: Date
  /// The look and audience of its challenge, for the analytics.
  public var look: String
  public var audience: Audience

  public init(
    digest: String, sitekey: String, kind: String, challengeID: String, hostname: String, passedAt: Date,
    expiresAt: Date, look: String = AnalyticsLabels.defaultLook, audience: Audience = .people
  ) {
    self.digest = digest
    self.sitekey = sitekey
    self.kind = kind
    self.challengeID = challengeID
    self.hostname = hostname
    self.passedAt = passedAt
    self.expiresAt = expiresAt
    self.look = look
    self.audience = audience
  }

  /// What the analytics count its siteverify under.
  public var labels: AnalyticsLabels {
    AnalyticsLabels(site: sitekey, kind: kind, look: look, audience: audience)
  }
}

/// What `PassTokenStore.redeemPassToken` found.
public enum RedeemResult: Sendable, Equatable {
  /// This call redeemed the token.
  case redeemed(PassTokenRecord)
  /// Redeemed before by a call with the same idempotency key: the same answer again.
  case repeated(PassTokenRecord)
  /// Redeemed before (without this idempotency key).
  case used
  /// Past its expiry.
  case expired
  /// The token belongs to another site; it was not touched.
  case otherSite
  /// No such token (never issued, or swept).
  case unknown
}
