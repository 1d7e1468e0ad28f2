import CaptchaProofOfWork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How the service issues and judges challenges (`serve --ttl`, `--pool`, `--workers`,
/// `--require-track`, `--pow`, `--levels`, `--rate-limit`, `--client-prefix`,
/// `--analytics-retention`).
public struct ServiceSettings: Sendable, Equatable {
  /// Seconds a challenge stays verifiable after it is issued.
  public var ttl: Double
  /// Ready-made challenges kept per kind.
  public var poolSize: Int
  /// Whether an answer without a drag track fails (it shuts out keyboard users; see docs/serving.md).
  public var requireTrack: Bool
  /// Seconds between sweeps of expired challenges.
  public var sweepInterval: Double
  /// Seconds a pass token stays redeemable (`--token-ttl`).
  public var tokenTTL: Double
  /// Threads that refill the pools (`--workers`); each draws one challenge at a time, for the pool
  /// of any kind that needs one most.
  public var refillWorkers: Int
  /// The proof of work every challenge carries; nil: none (`serve --pow off`, development only;
  /// `serve` turns it on by default, a service of your own must ask for it).
  public var pow: PowSettings?
  /// How proof-of-work levels follow clients' and sites' recent activity.
  public var levels: LevelRules
  /// POSTs (issues and verifies) per minute per client prefix; 0: no limit.
  public var rateLimitPerMinute: Int
  /// How much of an address is one client for levels and limits.
  public var clientPrefixes: ClientPrefixLengths
  /// Seconds the analytics' time buckets are kept (`--analytics-retention`).
  public var analyticsRetention: Double

  public static let defaultTTL = 120.0
  public static let defaultPoolSize = 64
  public static let defaultTokenTTL = 300.0
  public static let defaultAnalyticsRetention = 90.0 * 86400

  public init(
    ttl: Double = defaultTTL, poolSize: Int = defaultPoolSize, requireTrack: Bool = false,
    sweepInterval: Double? = nil, tokenTTL: Double = defaultTokenTTL,
    refillWorkers: Int = defaultRefillWorkers, pow: PowSettings? = nil, levels: LevelRules = .standard,
    rateLimitPerMinute: Int = 0, clientPrefixes: ClientPrefixLengths = .standard,
    analyticsRetention: Double = defaultAnalyticsRetention
  ) {
    self.tokenTTL = tokenTTL
    self.ttl = ttl
    self.poolSize = poolSize
    self.requireTrack = requireTrack
    self.sweepInterval = sweepInterval ?? min(max(ttl / 4, 1), 30)
    self.refillWorkers = max(1, refillWorkers)
    self.pow = pow
    self.levels = levels
    self.rateLimitPerMinute = rateLimitPerMinute
    self.clientPrefixes = clientPrefixes
    self.analyticsRetention = analyticsRetention
  }

  /// One refill worker per processor this process may run on.
  public static var defaultRefillWorkers: Int { ProcessInfo.processInfo.activeProcessorCount }
}
