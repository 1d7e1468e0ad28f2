#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How the service issues and judges challenges (`serve --ttl`, `--pool`, `--workers`,
/// `--require-track`).
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

  public static let defaultTTL = 120.0
  public static let defaultPoolSize = 64
  public static let defaultTokenTTL = 300.0

  public init(
    ttl: Double = defaultTTL, poolSize: Int = defaultPoolSize, requireTrack: Bool = false,
    sweepInterval: Double? = nil, tokenTTL: Double = defaultTokenTTL,
    refillWorkers: Int = defaultRefillWorkers
  ) {
    self.tokenTTL = tokenTTL
    self.ttl = ttl
    self.poolSize = poolSize
    self.requireTrack = requireTrack
    self.sweepInterval = sweepInterval ?? min(max(ttl / 4, 1), 30)
    self.refillWorkers = max(1, refillWorkers)
  }

  /// One refill worker per processor this process may run on.
  public static var defaultRefillWorkers: Int { ProcessInfo.processInfo.activeProcessorCount }
}
