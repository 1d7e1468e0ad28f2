import CaptchaService
import PostgresNIO

/// The funnel's counters in the same database as the challenges (`AnalyticsTable`), summed over
/// every instance sharing it.
extension PostgresChallengeStore: AnalyticsStore {
  public func addAnalytics(_ counts: [AnalyticsCount]) async throws {
    let merged = AnalyticsCount.merged(counts.filter { $0.count != 0 })
    guard !merged.isEmpty else { return }
    try await run { client in
      _ = try await client.query(AnalyticsTable.add(merged), logger: self.logger)
    }
  }

  public func analytics(site: String?, from: Int64, to: Int64) async throws -> [AnalyticsCount] {
    try await run { client in
      var counts: [AnalyticsCount] = []
      let rows = try await client.query(
        AnalyticsTable.select(site: site, from: from, to: to), logger: self.logger)
      for try await (bucket, site, kind, look, audience, metric, detail, count) in rows.decode(
        (Int64, String, String, String, String, String, String, Int64).self)
      {
        guard let metric = AnalyticsMetric(rawValue: metric) else { continue }
        let labels = AnalyticsLabels(
          site: site, kind: kind, look: look, audience: Audience(rawValue: audience) ?? .people)
        counts.append(
          AnalyticsCount(
            bucket: bucket, key: AnalyticsCounterKey(labels, metric, detail: detail), count: count))
      }
      return counts
    }
  }

  public func analyticsSites() async throws -> Set<String> {
    try await run { client in
      var sites: Set<String> = []
      for try await site in try await client.query(AnalyticsTable.sites, logger: self.logger).decode(
        String.self)
      {
        sites.insert(site)
      }
      return sites
    }
  }

  @discardableResult
  public func dropAnalytics(before: Int64) async throws -> Int {
    try await run { client in
      let rows = try await client.query(AnalyticsTable.drop(before: before), logger: self.logger)
      for try await count in rows.decode(Int64.self) { return Int(count) }
      return 0
    }
  }
}
