#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a challenge's proof-of-work level follows from recent activity (`serve --levels`;
/// docs/proof-of-work.md "Levels"). Level 1 is the rest; each of five scores adds
/// floor(log2(1 + score / perLevel)) levels: the client's requests, failures and passes, the
/// site's requests and failures. So a client adds one level at `clientRequestsPerLevel` recent requests,
/// two at three times that, three at seven times, and so on; scores halve every
/// `ActivityRules.halfLife` seconds, so levels fall back as a client or site calms down. One
/// client counts for at most `ActivityRules.clientShareOfSite` of a site's scores, which is below
/// the site's per-level figures: one client alone never raises another client's level.
///
/// Many people behind one address (a school's or a carrier's NAT) do not pay for each other: a
/// challenge that passes takes its requests back off the request scores (they count unfinished
/// and failed challenges), and a client's per-level figures grow to `allowancePerPass` times its
/// recent passes, so a prefix full of passing browsers tolerates a person's share of failures
/// while a client whose failures or unanswered requests outweigh its passes still climbs. Passes
/// themselves add a level only at `clientPassesPerLevel`, far above what a crowd of people makes,
/// so a bot that solves every challenge still pays for its rate.
public struct LevelRules: Sendable, Equatable {
  public var clientRequestsPerLevel: Double
  public var clientFailuresPerLevel: Double
  public var clientPassesPerLevel: Double
  public var siteRequestsPerLevel: Double
  public var siteFailuresPerLevel: Double
  /// Unfinished requests and failures each recent pass of a client allows per level: the client's
  /// per-level figures are at least this times its pass score.
  public var allowancePerPass: Double
  /// Levels a no-puzzle challenge (`{"kind": "pow"}`) starts above a puzzle's for the same client.
  public var noPuzzleExtraLevels: Int
  /// How many requests a no-puzzle challenge counts for, in the rate limit and the request score.
  public var noPuzzleRequestWeight: Int
  public var activity: ActivityRules

  public static let standard = LevelRules(
    clientRequestsPerLevel: 10, clientFailuresPerLevel: 3, clientPassesPerLevel: 300,
    siteRequestsPerLevel: 2000,
    siteFailuresPerLevel: 30, allowancePerPass: 0.5,
    noPuzzleExtraLevels: 2, noPuzzleRequestWeight: 3, activity: .standard)

  public init(
    clientRequestsPerLevel: Double, clientFailuresPerLevel: Double, clientPassesPerLevel: Double,
    siteRequestsPerLevel: Double,
    siteFailuresPerLevel: Double, allowancePerPass: Double, noPuzzleExtraLevels: Int,
    noPuzzleRequestWeight: Int, activity: ActivityRules
  ) {
    self.clientRequestsPerLevel = clientRequestsPerLevel
    self.clientFailuresPerLevel = clientFailuresPerLevel
    self.clientPassesPerLevel = clientPassesPerLevel
    self.siteRequestsPerLevel = siteRequestsPerLevel
    self.siteFailuresPerLevel = siteFailuresPerLevel
    self.allowancePerPass = allowancePerPass
    self.noPuzzleExtraLevels = noPuzzleExtraLevels
    self.noPuzzleRequestWeight = noPuzzleRequestWeight
    self.activity = activity
  }

  /// The level for a puzzle challenge given the client's and the site's scores (not yet clamped
  /// to the proof of work's highest level).
  public func level(client: ActivityScores, site: ActivityScores) -> Int {
    let allowance = allowancePerPass * client.passes
    return 1 + Self.steps(client.requests, per: max(clientRequestsPerLevel, allowance))
      + Self.steps(client.failures, per: max(clientFailuresPerLevel, allowance))
      + Self.steps(client.passes, per: clientPassesPerLevel)
      + Self.steps(site.requests, per: siteRequestsPerLevel)
      + Self.steps(site.failures, per: siteFailuresPerLevel)
  }

  /// What a request counts for in the rate limit and the request score: a no-puzzle challenge's
  /// issue weighs `noPuzzleRequestWeight`, any other request 1.
  public func requestWeight(noPuzzle: Bool) -> Int {
    noPuzzle ? noPuzzleRequestWeight : 1
  }

  /// floor(log2(1 + score / per)), 0 for a non-positive score.
  static func steps(_ score: Double, per: Double) -> Int {
    guard score > 0, per > 0 else { return 0 }
    return Int(log2(1 + score / per).rounded(.down))
  }
}
