import Synchronization

/// This process's share of the funnel since it started, for `/metrics`: every counter without time
/// buckets, and the histograms' sums (Prometheus adds the instances up; the store keeps the buckets).
public final class AnalyticsTotals: Sendable {
  private let counts = Mutex<[AnalyticsCounterKey: Int64]>([:])
  private let sums = Mutex<[SumKey: Double]>([:])

  struct SumKey: Hashable {
    var labels: AnalyticsLabels
    var metric: AnalyticsMetric
  }

  public init() {}

  /// Every counter and its count, in no order.
  public func snapshot() -> [AnalyticsCounterKey: Int64] { counts.withLock { $0 } }

  /// The sum of the values a histogram counted (milliseconds).
  public func sum(_ labels: AnalyticsLabels, _ metric: AnalyticsMetric) -> Double {
    sums.withLock { $0[SumKey(labels: labels, metric: metric)] ?? 0 }
  }

  func add(_ counts: [AnalyticsCount]) {
    self.counts.withLock { all in
      for count in counts { all[count.key, default: 0] += count.count }
    }
  }

  func addSum(_ labels: AnalyticsLabels, _ metric: AnalyticsMetric, _ value: Double) {
    sums.withLock { $0[SumKey(labels: labels, metric: metric), default: 0] += value }
  }
}
