/// How the service issues and judges challenges (`serve --ttl`, `--pool`, `--require-track`).
public struct ServiceSettings: Sendable, Equatable {
  /// Seconds a challenge stays verifiable after it is issued.
  public var ttl: Double
  /// Ready-made challenges kept per kind.
  public var poolSize: Int
  /// Whether an answer without a drag track fails (it shuts out keyboard users; see the README).
  public var requireTrack: Bool
  /// Seconds between sweeps of expired challenges.
  public var sweepInterval: Double

  public static let defaultTTL = 120.0
  public static let defaultPoolSize = 64

  public init(
    ttl: Double = defaultTTL, poolSize: Int = defaultPoolSize, requireTrack: Bool = false,
    sweepInterval: Double? = nil
  ) {
    self.ttl = ttl
    self.poolSize = poolSize
    self.requireTrack = requireTrack
    self.sweepInterval = sweepInterval ?? min(max(ttl / 4, 1), 30)
  }
}
