/// The counters of the funnel, by the names the report and `/metrics` use. Some carry a detail:
/// `failed` its reason code, `siteverify_failure` its error code, `attempted` whether it was a first
/// attempt (`first`, `later`), `level` the proof-of-work level, the histograms their bucket's upper
/// bound in milliseconds (`inf` for the last).
public enum AnalyticsMetric: String, Sendable, Hashable, CaseIterable {
  case issued
  case shown
  case attempted
  case passedFirst = "passed_first"
  case passedLater = "passed_later"
  case failed
  case abandoned
  case tokens
  case siteverifySuccess = "siteverify_success"
  case siteverifyFailure = "siteverify_failure"
  case solveMs = "solve_ms"
  case powMs = "pow_ms"
  case level
}

/// One counter: labels, a metric and its detail ("" when the metric has none).
public struct AnalyticsCounterKey: Sendable, Hashable {
  public var labels: AnalyticsLabels
  public var metric: AnalyticsMetric
  public var detail: String

  public init(_ labels: AnalyticsLabels, _ metric: AnalyticsMetric, detail: String = "") {
    self.labels = labels
    self.metric = metric
    self.detail = detail
  }
}

/// A count added to one counter in one time bucket (`bucket`: the bucket's start, seconds since 1970,
/// a multiple of `AnalyticsBuckets.seconds`).
public struct AnalyticsCount: Sendable, Hashable {
  public var bucket: Int64
  public var key: AnalyticsCounterKey
  public var count: Int64

  public init(bucket: Int64, key: AnalyticsCounterKey, count: Int64 = 1) {
    self.bucket = bucket
    self.key = key
    self.count = count
  }

  /// `counts` with those of one bucket and counter added together (an upsert touches a row once).
  public static func merged(_ counts: [AnalyticsCount]) -> [AnalyticsCount] {
    var sums: [BucketKey: Int64] = [:]
    var order: [BucketKey] = []
    for count in counts {
      let key = BucketKey(bucket: count.bucket, key: count.key)
      if sums[key] == nil { order.append(key) }
      sums[key, default: 0] += count.count
    }
    return order.map { AnalyticsCount(bucket: $0.bucket, key: $0.key, count: sums[$0]!) }
  }

  private struct BucketKey: Hashable {
    var bucket: Int64
    var key: AnalyticsCounterKey
  }
}
