import Logging

/// An analytics store that adds in memory and writes to `base` in batches: every event's counts are
/// summed per bucket and counter (`AnalyticsPending`), and `flush()` writes them as one statement.
/// `flushPeriodically()` flushes every `interval` seconds and once more when it is cancelled (a
/// graceful stop), so a crash loses at most one interval's counts of this instance. Reading
/// (`analytics`, `analyticsSites`) and dropping flush first, so this instance's own counts are always in what
/// it reads; another instance's arrive within its interval. A flush that fails keeps its counts for
/// the next one.
public actor BatchedAnalyticsStore: AnalyticsStore {
  /// The store the batches go to.
  public let base: any AnalyticsStore
  /// Seconds between flushes.
  public let interval: Double
  private let logger: Logger
  private var pending = AnalyticsPending()
  /// The last flush's write: each flush waits for the one before, so a flush that returns has every
  /// earlier count in the store.
  private var writing: Task<Void, any Error>?

  public init(base: any AnalyticsStore, interval: Double, logger: Logger) {
    self.base = base
    self.interval = interval
    self.logger = logger
  }

  /// The counters added and not yet written.
  public var owed: Int { pending.counters }

  public func addAnalytics(_ counts: [AnalyticsCount]) async throws {
    pending.add(counts)
  }

  /// Writes everything added so far to `base`, after any flush under way. Throws the store's error
  /// (the counts stay owed).
  public func flush() async throws {
    let counts = pending.take()
    let previous = writing
    let base = self.base
    let write = Task<Void, any Error> {
      _ = await previous?.result
      if !counts.isEmpty { try await base.addAnalytics(counts) }
    }
    writing = write
    do {
      try await write.value
    } catch {
      pending.add(counts)
      throw error
    }
  }

  /// Flushes every `interval` seconds until the task is cancelled, then once more (not cancelled, so
  /// that a graceful stop writes what it owes). A failing flush is logged.
  public func flushPeriodically() async {
    while !Task.isCancelled {
      do {
        try await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
      } catch {
        break
      }
      await flushLogging()
    }
    await Task { await self.flushLogging() }.value
  }

  public func analytics(site: String?, from: Int64, to: Int64) async throws -> [AnalyticsCount] {
    try await flush()
    return try await base.analytics(site: site, from: from, to: to)
  }

  public func analyticsSites() async throws -> Set<String> {
    try await flush()
    return try await base.analyticsSites()
  }

  @discardableResult
  public func dropAnalytics(before: Int64) async throws -> Int {
    try await flush()
    return try await base.dropAnalytics(before: before)
  }

  private func flushLogging() async {
    do {
      try await flush()
    } catch {
      logger.warning("analytics not written yet; kept for the next flush", metadata: ["error": "\(error)"])
    }
  }
}
