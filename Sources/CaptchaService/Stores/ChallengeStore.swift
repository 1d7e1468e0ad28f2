import CaptchaProofOfWork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where issued challenges live until they are verified or swept: in this process
/// (`MemoryChallengeStore`) or in PostgreSQL, shared by several `serve` instances. The store is the
/// only place the answer is kept; it never leaves the server.
///
/// The contract every store keeps (tests in CaptchaServiceTests run against each store):
/// - `take` is the single-use gate: of any number of concurrent `take`s of one id, across every
///   instance sharing the store, at most one returns `.taken`; the others see `.alreadyVerified`.
/// - A challenge past `expiresAt` is `.expired` (never `.taken`) until `sweep` removes its row;
///   after that it is `.unknown`.
/// - A store that cannot reach its backing service throws `ChallengeStoreUnavailable`; callers
///   answer 503 and nothing passes.
public protocol ChallengeStore: Sendable {
  /// Whether other instances see these challenges (`ServiceStores` checks the stores beside it).
  var sharing: StoreSharing { get }

  /// Keeps a newly issued challenge.
  func insert(_ challenge: StoredChallenge) async throws

  /// Marks the challenge verified and returns it, atomically (see the protocol's contract).
  func take(id: String, now: Date) async throws -> TakeResult

  /// One of the challenge's pictures while it is neither verified nor expired; nil otherwise.
  func picture(id: String, _ picture: ChallengePicture, now: Date) async throws -> StoredPicture?

  /// Removes every challenge whose `expiresAt` is before `now`; returns, per kind, how many of
  /// them expired without being verified (for `captcha_challenges_expired_total{kind}`).
  func sweep(now: Date) async throws -> [String: Int]

  /// Removes every challenge whose `expiresAt` is before `now`, as `sweep` does; returns, by
  /// analytics labels, how many of them expired without being verified (the funnel's `abandoned`).
  /// Both built-in stores implement it; a store of one's own that does not gets `sweep`'s counts
  /// under the site `unknown`.
  func sweepExpired(now: Date) async throws -> [AnalyticsLabels: Int]

  /// Throws `ChallengeStoreUnavailable` when the store cannot serve requests now.
  func checkHealth() async throws
}

/// A challenge as a store keeps it: everything needed to serve its pictures and to judge it once.
public struct StoredChallenge: Sendable, Equatable {
  /// The public id: 128 random bits, lowercase hex (32 characters).
  public var id: String
  /// The kind's name (`slide`, `rotate`, `pattern`).
  public var kind: String
  public var expiresAt: Date
  /// answer.json's bytes: the secret the verify step judges against.
  public var answer: [UInt8]
  public var background: StoredPicture
  public var piece: StoredPicture
  /// The site it was issued for (its pass token is that site's).
  public var sitekey: String
  /// The host of the page that asked for it ("" without `Origin`), carried into its pass token.
  public var hostname: String
  /// The proof of work a verify must solve (its salt is the id); nil when there is none.
  public var pow: PowPuzzle?
  /// The look it was drawn under (`default` for a site with one look), for the analytics.
  public var look: String
  /// Whose traffic it is, for the analytics (a test key's, or a client that says it is automation).
  public var audience: Audience

  public init(
    id: String, kind: String, expiresAt: Date, answer: [UInt8], background: StoredPicture,
    piece: StoredPicture, sitekey: String = SiteRegistry.defaultSitekey, hostname: String = "",
    pow: PowPuzzle? = nil, look: String = AnalyticsLabels.defaultLook, audience: Audience = .people
  ) {
    self.id = id
    self.kind = kind
    self.expiresAt = expiresAt
    self.answer = answer
    self.background = background
    self.piece = piece
    self.sitekey = sitekey
    self.hostname = hostname
    self.pow = pow
    self.look = look
    self.audience = audience
  }

  /// What the analytics count it under.
  public var labels: AnalyticsLabels {
    AnalyticsLabels(site: sitekey, kind: kind, look: look, audience: audience)
  }

  /// Whether there is a puzzle to judge: a no-puzzle challenge (`NoPuzzleOffer`) keeps no answer.
  public var hasPuzzle: Bool { !answer.isEmpty }
}

extension ChallengeStore {
  public func sweepExpired(now: Date) async throws -> [AnalyticsLabels: Int] {
    Dictionary(
      try await sweep(now: now).map {
        (AnalyticsLabels(site: AnalyticsLabels.unknown, kind: $0.key), $0.value)
      },
      uniquingKeysWith: +)
  }
}

/// An encoded picture and its media type (`image/png` or `image/jpeg`).
public struct StoredPicture: Sendable, Equatable {
  public var bytes: [UInt8]
  public var mediaType: String

  public init(bytes: [UInt8], mediaType: String) {
    self.bytes = bytes
    self.mediaType = mediaType
  }
}

/// Which of a challenge's two pictures a client asks for.
public enum ChallengePicture: String, Sendable, CaseIterable {
  case background
  case piece
}

/// What `ChallengeStore.take` found.
public enum TakeResult: Sendable, Equatable {
  /// This call is the one verify of the challenge; it is now marked verified.
  case taken(StoredChallenge)
  /// Verified before (HTTP 409).
  case alreadyVerified
  /// Past `expiresAt` and not yet swept (HTTP 410).
  case expired
  /// Never issued, or swept (HTTP 404).
  case unknown
}

/// The store cannot be reached (a database down, a pool exhausted): requests get 503, never a pass.
public struct ChallengeStoreUnavailable: Error, Sendable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
