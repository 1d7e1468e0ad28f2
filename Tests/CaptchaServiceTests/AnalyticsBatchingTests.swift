import CaptchaService
import ChallengeStoreTesting
import Logging
import XCTest

/// Batched analytics: the pending sums are exact per bucket and counter, come out in the store's key
/// order, and a batched store keeps the analytics store contract while writing only when it flushes.
final class AnalyticsBatchingTests: XCTestCase {
  static let bucket: Int64 = 1_800_000_000 - 1_800_000_000 % AnalyticsBuckets.seconds
  static let shopA = AnalyticsLabels(site: "shop", kind: "slide", look: "a")
  static let shopB = AnalyticsLabels(site: "shop", kind: "slide", look: "b")
  static let blog = AnalyticsLabels(site: "blog", kind: "rotate", audience: .automation)
  static let logger = Logger(label: "analytics-batching-tests")

  static func count(
    _ labels: AnalyticsLabels, _ metric: AnalyticsMetric, detail: String = "", bucket: Int64 = bucket,
    _ count: Int64 = 1
  ) -> AnalyticsCount {
    AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(labels, metric, detail: detail), count: count)
  }

  func testPendingSumsEachBucketAndCounterOnce() {
    var pending = AnalyticsPending()
    XCTAssertTrue(pending.isEmpty)
    for _ in 0..<1000 {
      pending.add([Self.count(Self.shopA, .issued), Self.count(Self.shopA, .level, detail: "1")])
    }
    pending.add([Self.count(Self.shopA, .issued, bucket: Self.bucket + AnalyticsBuckets.seconds, 4)])
    pending.add([
      Self.count(Self.shopB, .failed, detail: "not_in_gap", 2), Self.count(Self.shopB, .tokens, 0),
    ])
    XCTAssertEqual(pending.counters, 4, "the zero count adds no counter")

    let taken = pending.take()
    XCTAssertEqual(
      Set(taken),
      [
        Self.count(Self.shopA, .issued, 1000), Self.count(Self.shopA, .level, detail: "1", 1000),
        Self.count(Self.shopA, .issued, bucket: Self.bucket + AnalyticsBuckets.seconds, 4),
        Self.count(Self.shopB, .failed, detail: "not_in_gap", 2),
      ])
    XCTAssertTrue(pending.isEmpty, "taking leaves nothing owed")
    XCTAssertEqual(pending.take(), [])
  }

  func testPendingComesOutInTheStoresKeyOrder() {
    var pending = AnalyticsPending()
    let later = Self.count(Self.blog, .issued, bucket: Self.bucket + AnalyticsBuckets.seconds)
    let counts = [
      later, Self.count(Self.shopB, .issued), Self.count(Self.shopA, .tokens),
      Self.count(Self.shopA, .issued),
      Self.count(Self.blog, .failed, detail: "pow_wrong"),
      Self.count(Self.blog, .failed, detail: "not_in_gap"),
    ]
    pending.add(counts)
    XCTAssertEqual(
      pending.take(),
      [
        Self.count(Self.blog, .failed, detail: "not_in_gap"),
        Self.count(Self.blog, .failed, detail: "pow_wrong"),
        Self.count(Self.shopA, .issued), Self.count(Self.shopA, .tokens), Self.count(Self.shopB, .issued),
        later,
      ])
    var reversed = AnalyticsPending()
    reversed.add(counts.reversed())
    var again = AnalyticsPending()
    again.add(counts)
    XCTAssertEqual(reversed.take(), again.take(), "the order does not depend on the order of adding")
  }

  func testBatchedStoreKeepsTheContract() async throws {
    func batched() -> BatchedAnalyticsStore {
      BatchedAnalyticsStore(base: MemoryAnalyticsStore(), interval: 3600, logger: Self.logger)
    }
    try await AnalyticsStoreContract.countsAddUp(batched())
    try await AnalyticsStoreContract.readsKeepToPeriodAndSite(batched())
    try await AnalyticsStoreContract.concurrentAddsEachCount([batched()])
    try await AnalyticsStoreContract.dropKeepsRecentBuckets(batched())
  }

  func testTheBaseStoreSeesNothingUntilAFlushThenEverything() async throws {
    let base = MemoryAnalyticsStore()
    let store = BatchedAnalyticsStore(base: base, interval: 3600, logger: Self.logger)
    for _ in 0..<50 { try await store.addAnalytics([Self.count(Self.shopA, .issued)]) }
    let before = try await base.analytics(site: nil, from: 0, to: .max)
    XCTAssertEqual(before, [])
    let owed = await store.owed
    XCTAssertEqual(owed, 1)
    try await store.flush()
    let after = try await base.analytics(site: nil, from: 0, to: .max)
    XCTAssertEqual(after, [Self.count(Self.shopA, .issued, 50)])
    try await store.flush()
    let unchanged = try await base.analytics(site: nil, from: 0, to: .max)
    XCTAssertEqual(unchanged, after, "a flush with nothing owed writes nothing")
  }

  func testAddsDuringFlushesAllArriveOnce() async throws {
    let base = MemoryAnalyticsStore()
    let store = BatchedAnalyticsStore(base: base, interval: 3600, logger: Self.logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for i in 0..<400 {
        group.addTask {
          if i % 40 == 0 { try await store.flush() }
          try await store.addAnalytics([Self.count(Self.shopA, .attempted, detail: "first")])
        }
      }
      try await group.waitForAll()
    }
    let counts = try await store.analytics(site: "shop", from: 0, to: .max)
    XCTAssertEqual(counts, [Self.count(Self.shopA, .attempted, detail: "first", 400)])
  }

  func testPeriodicFlushingWritesEachIntervalAndOnceMoreWhenStopped() async throws {
    let base = MemoryAnalyticsStore()
    let store = BatchedAnalyticsStore(base: base, interval: 0.05, logger: Self.logger)
    let flushing = Task { await store.flushPeriodically() }
    try await store.addAnalytics([Self.count(Self.shopA, .issued, 3)])
    var written: [AnalyticsCount] = []
    for _ in 0..<200 where written.isEmpty {
      try await Task.sleep(nanoseconds: 10_000_000)
      written = try await base.analytics(site: nil, from: 0, to: .max)
    }
    XCTAssertEqual(written, [Self.count(Self.shopA, .issued, 3)], "written within an interval, unasked")

    let idle = BatchedAnalyticsStore(base: base, interval: 3600, logger: Self.logger)
    let stopping = Task { await idle.flushPeriodically() }
    try await idle.addAnalytics([Self.count(Self.shopB, .tokens, 2)])
    stopping.cancel()
    await stopping.value
    let afterStop = try await base.analytics(site: "shop", from: 0, to: .max)
    XCTAssertEqual(Set(afterStop), [Self.count(Self.shopA, .issued, 3), Self.count(Self.shopB, .tokens, 2)])
    flushing.cancel()
    await flushing.value
  }
}
