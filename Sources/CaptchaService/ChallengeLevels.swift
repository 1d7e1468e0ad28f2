#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a challenge's proof-of-work level follows from recent activity (`serve --levels`;
/// docs/proof-of-work.md "Levels"). Level 1 is the rest; each of four scores adds
/// floor(log2(1 + score / perLevel)) levels: the client's requests and failures, the site's
/// requests and failures. So a client adds one level at `clientRequestsPerLevel` recent requests,
/// two at three times that, three at seven times, and so on; scores halve every
/// `ActivityRules.halfLife` seconds, so levels fall back as a client or site calms down. One
/// client counts for at most `ActivityRules.clientShareOfSite` of a site's scores, which is below
/// the site's per-level figures: one client alone never raises another client's level.
public struct LevelRules: Sendable, Equatable {
  public var clientRequestsPerLevel: Double
  public var clientFailuresPerLevel: Double
  public var siteRequestsPerLevel: Double
  public var siteFailuresPerLevel: Double
  /// Levels a no-puzzle challenge (`{"kind": "pow"}`) starts above a puzzle's for the same client.
  public var noPuzzleExtraLevels: Int
  /// How many requests a no-puzzle challenge counts for, in the rate limit and the request score.
  public var noPuzzleRequestWeight: Int
  public var activity: ActivityRules

  public static let standard = LevelRules(
    clientRequestsPerLevel: 10, clientFailuresPerLevel: 3, siteRequestsPerLevel: 2000,
    siteFailuresPerLevel: 30,
    noPuzzleExtraLevels: 2, noPuzzleRequestWeight: 3, activity: .standard)

  public init(
    clientRequestsPerLevel: Double, clientFailuresPerLevel: Double, siteRequestsPerLevel: Double,
    siteFailuresPerLevel: Double, noPuzzleExtraLevels: Int, noPuzzleRequestWeight: Int,
    activity: ActivityRules
  ) {
    self.clientRequestsPerLevel = clientRequestsPerLevel
    self.clientFailuresPerLevel = clientFailuresPerLevel
    self.siteRequestsPerLevel = siteRequestsPerLevel
    self.siteFailuresPerLevel = siteFailuresPerLevel
    self.noPuzzleExtraLevels = noPuzzleExtraLevels
    self.noPuzzleRequestWeight = noPuzzleRequestWeight
    self.activity = activity
  }

  /// The level for a puzzle challenge given the client's and the site's scores (not yet clamped
  /// to the proof of work's highest level).
  public func level(client: ActivityScores, site: ActivityScores) -> Int {
    1 + Self.steps(client.requests, per: clientRequestsPerLevel)
      + Self.steps(client.failures, per: clientFailuresPerLevel)
      + Self.steps(site.requests, per: siteRequestsPerLevel)
      + Self.steps(site.failures, per: siteFailuresPerLevel)
  }

  /// floor(log2(1 + score / per)), 0 for a non-positive score.
  static func steps(_ score: Double, per: Double) -> Int {
    guard score > 0, per > 0 else { return 0 }
    return Int(log2(1 + score / per).rounded(.down))
  }
}
