#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where what clients and sites did lately is counted, for proof-of-work levels and rate limits:
/// in this process (`MemoryClientActivityStore`) or in PostgreSQL beside the challenges, so that
/// every instance sharing the database sees the same counts.
///
/// A row per client (an address prefix, `ClientPrefixLengths`) and per site holds scores that
/// halve every `ActivityRules.halfLife` seconds: requests (the POSTs it made, weighted, less those
/// of challenges that passed: what is left are unfinished and failed challenges), failures (its
/// verifies that did not pass) and passes (its verifies that passed). A client row also holds a
/// fixed one-minute window of admitted requests, the rate limit's count. The contract every store
/// keeps (ClientActivityStoreContract):
/// - `admit` counts the request in the client's window unless that would pass `limitPerMinute`
///   (then it answers `.limited` and the window is unchanged); concurrent calls on any instances
///   never admit more than the limit in one window;
/// - the client's request score grows by the weight either way; the site's grows by it only for
///   admitted requests from a client whose own score was below `clientShareOfSite.requests`,
///   so one client alone cannot raise a site's score past that share;
/// - `recordFailure` adds one to the client's failure score, and to the site's while the client's
///   was below `clientShareOfSite.failures`;
/// - `recordPass` adds one to the client's pass score and takes the pass's weights off its request
///   score; the site's request score loses the challenge's weight when the client's request score,
///   after the refund, is below `clientShareOfSite.requests` (as `admit` added it); no request
///   score goes below 0; concurrent calls on any instances each count;
/// - a store that cannot reach its backing service throws `ChallengeStoreUnavailable`.
public protocol ClientActivityStore: Sendable {
  /// Whether other instances see the counts kept here.
  var sharing: StoreSharing { get }

  /// Counts one request (see the protocol's contract) and returns the scores after it.
  func admit(_ request: ActivityRequest, rules: ActivityRules, now: Date) async throws -> Admission

  /// Counts a verify by `client` for `site` (nil: the challenge's site is not known) that did not pass.
  func recordFailure(client: String, site: String?, rules: ActivityRules, now: Date) async throws

  /// Counts a verify that passed (see the protocol's contract).
  func recordPass(_ pass: ActivityPass, rules: ActivityRules, now: Date) async throws

  /// Removes rows idle long enough that their scores are below a hundredth and their window is over.
  func sweepActivity(rules: ActivityRules, now: Date) async throws
}

/// One request to count: who sent it, for which site (nil when it is not known yet: a verify before
/// its challenge is found; the site's scores are then left alone), how much it weighs (a no-puzzle
/// challenge weighs more) and the per-minute limit of the client's window (0: no limit).
public struct ActivityRequest: Sendable, Equatable {
  public var client: String
  public var site: String?
  public var weight: Int
  public var limitPerMinute: Int

  public init(client: String, site: String?, weight: Int = 1, limitPerMinute: Int = 0) {
    self.client = client
    self.site = site
    self.weight = weight
    self.limitPerMinute = limitPerMinute
  }
}

/// A verify that passed: who sent it, for which site, and what its challenge's issue request and
/// the verify request itself weighed when `admit` counted them (both are refunded to the client;
/// the site counted only the issue request, so it gets only that back).
public struct ActivityPass: Sendable, Equatable {
  public var client: String
  public var site: String?
  public var issueWeight: Int
  public var verifyWeight: Int

  public init(client: String, site: String?, issueWeight: Int = 1, verifyWeight: Int = 1) {
    self.client = client
    self.site = site
    self.issueWeight = issueWeight
    self.verifyWeight = verifyWeight
  }
}

/// A client's or a site's scores at one moment.
public struct ActivityScores: Sendable, Equatable {
  public var requests: Double
  public var failures: Double
  public var passes: Double

  public static let zero = ActivityScores(requests: 0, failures: 0)

  public init(requests: Double, failures: Double, passes: Double = 0) {
    self.requests = requests
    self.failures = failures
    self.passes = passes
  }
}

/// What `admit` decided.
public enum Admission: Sendable, Equatable {
  /// Counted; the client's and the site's scores after this request (the site's are zero when the
  /// request named no site).
  case admitted(client: ActivityScores, site: ActivityScores)
  /// Over the client's limit for this minute; the seconds until its window restarts.
  case limited(retryAfter: Int)
}

/// How scores decay and how much of a site's score one client may make up.
public struct ActivityRules: Sendable, Equatable {
  /// Seconds in which a score halves.
  public var halfLife: Double
  /// The most of a site's scores one client's requests and failures count for.
  public var clientShareOfSite: ActivityScores
  /// The rate limit's window in seconds.
  public static let window = 60.0

  public static let standard = ActivityRules(
    halfLife: 600, clientShareOfSite: ActivityScores(requests: 20, failures: 3))

  public init(halfLife: Double, clientShareOfSite: ActivityScores) {
    self.halfLife = halfLife
    self.clientShareOfSite = clientShareOfSite
  }

  /// `score` counted at `then`, as it stands at `now`.
  public func decayed(_ score: Double, from then: Double, to now: Double) -> Double {
    score * pow(0.5, max(now - then, 0) / halfLife)
  }

  /// Seconds after which a row's scores are below a hundredth of what they were.
  public var idleLifetime: Double { max(halfLife * 7, Self.window) }
}
