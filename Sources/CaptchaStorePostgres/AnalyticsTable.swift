import CaptchaService
import PostgresNIO

/// The SQL of the `captcha_analytics` table (`AnalyticsStore` on PostgreSQL): one row per time
/// bucket, labels, metric and detail, holding a count. Instances add with one upsert per event
/// (`INSERT … ON CONFLICT DO UPDATE SET count = count + excluded.count`), so the counts are the sums
/// over every instance; no row names an address, id, token or answer.
enum AnalyticsTable {
  static let createStatements: [PostgresQuery] = [
    """
    CREATE TABLE IF NOT EXISTS captcha_analytics (
      bucket bigint NOT NULL,
      site text NOT NULL,
      kind text NOT NULL,
      look text NOT NULL,
      audience text NOT NULL,
      metric text NOT NULL,
      detail text NOT NULL,
      count bigint NOT NULL,
      PRIMARY KEY (bucket, site, kind, look, audience, metric, detail)
    )
    """
  ]

  /// Adds `counts` (each counter once: `AnalyticsCount.merged`) in one statement.
  static func add(_ counts: [AnalyticsCount]) -> PostgresQuery {
    let buckets = counts.map(\.bucket)
    let sites = counts.map(\.key.labels.site)
    let kinds = counts.map(\.key.labels.kind)
    let looks = counts.map(\.key.labels.look)
    let audiences = counts.map(\.key.labels.audience.rawValue)
    let metrics = counts.map(\.key.metric.rawValue)
    let details = counts.map(\.key.detail)
    let values = counts.map(\.count)
    return """
      INSERT INTO captcha_analytics AS a (bucket, site, kind, look, audience, metric, detail, count)
      SELECT * FROM unnest(\(buckets)::bigint[], \(sites)::text[], \(kinds)::text[], \(looks)::text[],
        \(audiences)::text[], \(metrics)::text[], \(details)::text[], \(values)::bigint[])
      ON CONFLICT (bucket, site, kind, look, audience, metric, detail)
      DO UPDATE SET count = a.count + excluded.count
      """
  }

  /// The counters of buckets in [from, to), of one site or of all.
  static func select(site: String?, from: Int64, to: Int64) -> PostgresQuery {
    """
    SELECT bucket, site, kind, look, audience, metric, detail, count FROM captcha_analytics
    WHERE bucket >= \(from) AND bucket < \(to) AND (\(site)::text IS NULL OR site = \(site)) AND count <> 0
    ORDER BY bucket
    """
  }

  /// The sites with any counter.
  static let sites: PostgresQuery = "SELECT DISTINCT site FROM captcha_analytics"

  /// Deletes the buckets before `before`; returns how many rows went.
  static func drop(before: Int64) -> PostgresQuery {
    """
    WITH gone AS (DELETE FROM captcha_analytics WHERE bucket < \(before) RETURNING 1)
    SELECT count(*) FROM gone
    """
  }
}
