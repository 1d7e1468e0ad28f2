import CaptchaSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The funnel of a period, per site and per kind, look and audience, built from the analytics'
/// counters (`captcha-gen report`, `GET /admin/v1/report`, the dashboard). Its JSON shape is fixed
/// in docs/analytics.md.
public struct AnalyticsReport: Sendable, Equatable {
  public var period: AnalyticsPeriod
  public var sites: [SiteFunnel]

  /// One site's rows, by kind, look and audience.
  public struct SiteFunnel: Sendable, Equatable {
    public var sitekey: String
    public var rows: [Funnel]
  }

  /// The counts of one kind, look and audience over the period.
  public struct Funnel: Sendable, Equatable {
    public var kind: String
    public var look: String
    public var audience: Audience
    /// Every counter summed over the period, by metric and detail.
    public var counts: [AnalyticsMetric: [String: Int64]]

    /// The sum of a metric over its details.
    public func total(_ metric: AnalyticsMetric) -> Int64 { counts[metric]?.values.reduce(0, +) ?? 0 }

    /// The count of a metric with one detail.
    public func count(_ metric: AnalyticsMetric, _ detail: String = "") -> Int64 {
      counts[metric]?[detail] ?? 0
    }

    /// Passes on the first attempt among first attempts, with its 95% Wilson interval.
    public var firstTryRate: Proportion {
      Proportion.wilson(successes: count(.passedFirst), trials: count(.attempted, "first"))
    }

    /// The median and 90th percentile of a histogram (nil without samples).
    public func quantiles(_ metric: AnalyticsMetric) -> (p50: Double, p90: Double)? {
      let bounds = metric == .powMs ? AnalyticsBuckets.powMs : AnalyticsBuckets.solveMs
      guard let p50 = Histogram.quantile(0.5, counts[metric] ?? [:], bounds: bounds),
        let p90 = Histogram.quantile(0.9, counts[metric] ?? [:], bounds: bounds)
      else { return nil }
      return (p50, p90)
    }
  }

  /// The report of `counts` (as `AnalyticsStore.analytics` gives them) for `period`; with `sitekey`,
  /// that site's alone (listed even without counts).
  public init(counts: [AnalyticsCount], period: AnalyticsPeriod, sitekey: String? = nil) {
    self.period = period
    var funnels: [AnalyticsLabels: [AnalyticsMetric: [String: Int64]]] = [:]
    for count in counts where sitekey == nil || count.key.labels.site == sitekey {
      funnels[count.key.labels, default: [:]][count.key.metric, default: [:]][count.key.detail, default: 0] +=
        count.count
    }
    var bySite: [String: [Funnel]] = [:]
    if let sitekey { bySite[sitekey] = [] }
    for labels in funnels.keys.sorted() {
      bySite[labels.site, default: []].append(
        Funnel(kind: labels.kind, look: labels.look, audience: labels.audience, counts: funnels[labels]!))
    }
    self.sites = bySite.keys.sorted().map { SiteFunnel(sitekey: $0, rows: bySite[$0]!) }
  }

  /// The report as JSON (docs/analytics.md).
  public var json: JSONValue {
    .object([
      ("since", .string(Self.timeText(period.since))), ("until", .string(Self.timeText(period.until))),
      (
        "sites",
        .array(
          sites.map { site in
            .object([("sitekey", .string(site.sitekey)), ("rows", .array(site.rows.map(Self.json)))])
          })
      ),
    ])
  }

  static func json(_ row: Funnel) -> JSONValue {
    func details(_ metric: AnalyticsMetric) -> JSONValue {
      .object((row.counts[metric] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
    }
    func quantiles(_ metric: AnalyticsMetric) -> JSONValue {
      guard let q = row.quantiles(metric) else { return .object([("p50", .null), ("p90", .null)]) }
      return .object([("p50", .int(Int64(q.p50.rounded()))), ("p90", .int(Int64(q.p90.rounded())))])
    }
    let rate = row.firstTryRate
    let levels = (row.counts[.level] ?? [:]).sorted { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }
    return .object([
      ("kind", .string(row.kind)), ("look", .string(row.look)), ("audience", .string(row.audience.rawValue)),
      ("issued", .int(row.total(.issued))), ("shown", .int(row.total(.shown))),
      ("attempted", .int(row.total(.attempted))), ("passed_first", .int(row.total(.passedFirst))),
      ("passed_later", .int(row.total(.passedLater))), ("failed", details(.failed)),
      ("abandoned", .int(row.total(.abandoned))), ("tokens", .int(row.total(.tokens))),
      ("siteverify_success", .int(row.total(.siteverifySuccess))),
      ("siteverify_failure", details(.siteverifyFailure)),
      (
        "first_try_rate",
        .object([
          ("value", .fixed(rate.value, decimals: 4)), ("low", .fixed(rate.low, decimals: 4)),
          ("high", .fixed(rate.high, decimals: 4)),
        ])
      ),
      ("solve_ms", quantiles(.solveMs)), ("pow_ms", quantiles(.powMs)),
      ("levels", .object(levels.map { ($0.key, .int($0.value)) })),
    ])
  }

  /// A time as the report writes it (ISO 8601, UTC, whole seconds).
  public static func timeText(_ date: Date) -> String {
    Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)).formatted(.iso8601)
  }
}

/// A proportion with its 95% Wilson score interval; NaN throughout without trials.
public struct Proportion: Sendable, Equatable {
  public var value: Double
  public var low: Double
  public var high: Double

  /// z for a two-sided 95% interval.
  static let z95 = 1.959963984540054

  public static func wilson(successes: Int64, trials: Int64) -> Proportion {
    guard trials > 0 else { return Proportion(value: .nan, low: .nan, high: .nan) }
    let n = Double(trials)
    let p = Double(successes) / n
    let z2 = z95 * z95
    let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    let half = z95 / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
    return Proportion(value: p, low: max(0, centre - half), high: min(1, centre + half))
  }
}

/// Quantiles from a bounded histogram (details: upper bounds in ms, `inf` the last bucket).
enum Histogram {
  /// The `q` quantile, interpolated linearly inside its bucket (the first bucket starts at 0; the
  /// last, unbounded, answers its lower bound); nil without samples.
  static func quantile(_ q: Double, _ counts: [String: Int64], bounds: [Int]) -> Double? {
    let edges = bounds.map(Double.init)
    let ordered = edges.map { counts[String(Int($0))] ?? 0 } + [counts[AnalyticsBuckets.infinity] ?? 0]
    let total = ordered.reduce(0, +)
    guard total > 0 else { return nil }
    let rank = q * Double(total)
    var below = 0.0
    for (index, count) in ordered.enumerated() where count > 0 {
      if below + Double(count) >= rank {
        let lower = index == 0 ? 0 : edges[index - 1]
        guard index < edges.count else { return lower }
        return lower + (edges[index] - lower) * (rank - below) / Double(count)
      }
      below += Double(count)
    }
    return edges.last
  }
}
