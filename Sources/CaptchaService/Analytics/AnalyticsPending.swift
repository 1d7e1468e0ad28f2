/// The counts an instance has added since it last wrote to its store, summed per time bucket and
/// counter: what a flush owes the store. A plain value (adding and taking do no I/O), so a batch of
/// a thousand events becomes one row per counter.
public struct AnalyticsPending: Sendable, Equatable {
  private var sums: [Key: Int64] = [:]

  public init() {}

  /// True when nothing is owed.
  public var isEmpty: Bool { sums.isEmpty }

  /// How many counters are owed (the rows the next flush writes).
  public var counters: Int { sums.count }

  /// Adds `counts` to what is owed (counts of 0 change nothing).
  public mutating func add(_ counts: [AnalyticsCount]) {
    for count in counts where count.count != 0 {
      let key = Key(bucket: count.bucket, key: count.key)
      let sum = sums[key, default: 0] + count.count
      sums[key] = sum == 0 ? nil : sum
    }
  }

  /// Everything owed, one count per bucket and counter, in the order of the store's primary key
  /// (bucket, site, kind, look, audience, metric, detail), so instances writing at once lock rows
  /// in the same order; afterwards nothing is owed.
  public mutating func take() -> [AnalyticsCount] {
    let counts = sums.map { AnalyticsCount(bucket: $0.key.bucket, key: $0.key.key, count: $0.value) }
    sums = [:]
    return counts.sorted { Self.order($0) < Self.order($1) }
  }

  private static func order(_ count: AnalyticsCount) -> Order {
    let labels = count.key.labels
    return Order(
      bucket: count.bucket,
      text: [
        labels.site, labels.kind, labels.look, labels.audience.rawValue, count.key.metric.rawValue,
        count.key.detail,
      ])
  }

  private struct Key: Hashable {
    var bucket: Int64
    var key: AnalyticsCounterKey
  }

  private struct Order: Comparable {
    var bucket: Int64
    var text: [String]

    static func < (a: Order, b: Order) -> Bool {
      a.bucket != b.bucket ? a.bucket < b.bucket : a.text.lexicographicallyPrecedes(b.text)
    }
  }
}
