/// Where the funnel's counters are kept: per time bucket, labels, metric and detail, a count, summed
/// across every instance sharing the store (the PostgreSQL store adds with upserts). Nothing per
/// person: no address, id, token or answer.
///
/// The contract every store keeps (`AnalyticsStoreContract`):
/// - `addAnalytics` adds each count to its counter in its bucket (a counter not there starts at 0);
///   concurrent adds on any instances each count;
/// - `analytics` returns the counters of buckets from `from` (inclusive) to `to` (exclusive), of one
///   site or of all, one entry per bucket and counter, none with a count of 0;
/// - `dropAnalytics` removes the buckets before `before` and keeps the rest; `analyticsSites` names
///   every site with a counter kept;
/// - a store that cannot reach its backing service throws `ChallengeStoreUnavailable`.
public protocol AnalyticsStore: Sendable {
  /// Adds `counts` to their counters.
  func addAnalytics(_ counts: [AnalyticsCount]) async throws

  /// The counters of `site` (nil: every site) in the buckets starting from `from` up to, not
  /// including, `to` (seconds since 1970).
  func analytics(site: String?, from: Int64, to: Int64) async throws -> [AnalyticsCount]

  /// Removes the buckets that start before `before` (seconds since 1970); returns how many counters
  /// went.
  @discardableResult
  func dropAnalytics(before: Int64) async throws -> Int

  /// The site keys with any counter kept (to tell a site never counted from a quiet period).
  func analyticsSites() async throws -> Set<String>
}

extension AnalyticsStore {
  /// Every counter read to find the sites; a store of one's own may answer faster.
  public func analyticsSites() async throws -> Set<String> {
    Set(try await analytics(site: nil, from: Int64.min, to: Int64.max).map(\.key.labels.site))
  }
}

/// The counters in this process (with `--store memory`): not shared between instances.
public actor MemoryAnalyticsStore: AnalyticsStore {
  private var counters: [Int64: [AnalyticsCounterKey: Int64]] = [:]

  public init() {}

  public func addAnalytics(_ counts: [AnalyticsCount]) async throws {
    for count in counts where count.count != 0 {
      counters[count.bucket, default: [:]][count.key, default: 0] += count.count
    }
  }

  public func analytics(site: String?, from: Int64, to: Int64) async throws -> [AnalyticsCount] {
    counters.keys.sorted().filter { $0 >= from && $0 < to }.flatMap { bucket in
      counters[bucket]!.compactMap { key, count in
        guard site == nil || key.labels.site == site, count != 0 else { return nil }
        return AnalyticsCount(bucket: bucket, key: key, count: count)
      }
    }
  }

  public func analyticsSites() async throws -> Set<String> {
    Set(counters.values.flatMap { $0.keys.map(\.labels.site) })
  }

  @discardableResult
  public func dropAnalytics(before: Int64) async throws -> Int {
    let old = counters.keys.filter { $0 < before }
    let dropped = old.reduce(0) { $0 + counters[$1]!.count }
    for bucket in old { counters[bucket] = nil }
    return dropped
  }
}
