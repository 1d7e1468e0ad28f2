import CaptchaService
import XCTest

/// The `AnalyticsStore` contract as assertions, run against every store (memory in
/// CaptchaServiceTests, PostgreSQL in CaptchaStorePostgresTests). Each check wants an empty store.
public enum AnalyticsStoreContract {
  static let bucket: Int64 = 1_800_000_000 - 1_800_000_000 % AnalyticsBuckets.seconds
  static let shopSlide = AnalyticsLabels(site: "shop", kind: "slide", look: "a")
  static let shopSlideB = AnalyticsLabels(site: "shop", kind: "slide", look: "b")
  static let blogRotate = AnalyticsLabels(site: "blog", kind: "rotate", audience: .automation)

  static func sums(_ counts: [AnalyticsCount]) -> [AnalyticsCount: Int64] {
    var sums: [AnalyticsCount: Int64] = [:]
    for count in counts {
      sums[AnalyticsCount(bucket: count.bucket, key: count.key, count: 0), default: 0] += count.count
    }
    return sums
  }

  static func count(
    _ counts: [AnalyticsCount], _ labels: AnalyticsLabels, _ metric: AnalyticsMetric, detail: String = "",
    bucket: Int64 = bucket
  ) -> Int64 {
    sums(counts)[
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(labels, metric, detail: detail), count: 0)]
      ?? 0
  }

  /// Counts add up per bucket, labels, metric and detail; looks and details stay apart.
  public static func countsAddUp(_ store: any AnalyticsStore) async throws {
    try await store.addAnalytics([
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(shopSlide, .issued), count: 2),
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(shopSlideB, .issued)),
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(shopSlide, .failed, detail: "not_in_gap")),
    ])
    try await store.addAnalytics([
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(shopSlide, .issued), count: 3),
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(shopSlide, .failed, detail: "track_rejected")),
    ])
    let counts = try await store.analytics(site: nil, from: bucket, to: bucket + AnalyticsBuckets.seconds)
    XCTAssertEqual(count(counts, shopSlide, .issued), 5)
    XCTAssertEqual(count(counts, shopSlideB, .issued), 1, "another look is another counter")
    XCTAssertEqual(count(counts, shopSlide, .failed, detail: "not_in_gap"), 1)
    XCTAssertEqual(count(counts, shopSlide, .failed, detail: "track_rejected"), 1)
    XCTAssertEqual(counts.count, 4, "one entry per bucket and counter: \(counts)")
  }

  /// Reads keep to their period (from inclusive, to exclusive) and, when asked, to one site.
  public static func readsKeepToPeriodAndSite(_ store: any AnalyticsStore) async throws {
    let step = AnalyticsBuckets.seconds
    try await store.addAnalytics([
      AnalyticsCount(bucket: bucket - step, key: AnalyticsCounterKey(shopSlide, .issued)),
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(shopSlide, .issued), count: 2),
      AnalyticsCount(bucket: bucket + step, key: AnalyticsCounterKey(shopSlide, .issued), count: 4),
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(blogRotate, .issued), count: 8),
    ])
    let middle = try await store.analytics(site: "shop", from: bucket, to: bucket + step)
    XCTAssertEqual(middle.map(\.count), [2], "one bucket of one site")
    let all = try await store.analytics(site: nil, from: bucket - step, to: bucket + 2 * step)
    XCTAssertEqual(all.reduce(0) { $0 + $1.count }, 15)
    let blog = try await store.analytics(site: "blog", from: bucket - step, to: bucket + 2 * step)
    XCTAssertEqual(blog.map(\.key.labels), [blogRotate], "the audience comes back as it went in")
    let sites = try await store.analyticsSites()
    XCTAssertEqual(sites, ["shop", "blog"])
  }

  /// Concurrent adds on several stores sharing one backing service (or one store) each count.
  public static func concurrentAddsEachCount(_ stores: [any AnalyticsStore]) async throws {
    let perStore = 25
    try await withThrowingTaskGroup(of: Void.self) { group in
      for store in stores {
        for _ in 0..<perStore {
          group.addTask {
            try await store.addAnalytics([
              AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(shopSlide, .passedFirst)),
              AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(shopSlide, .solveMs, detail: "2000")),
            ])
          }
        }
      }
      try await group.waitForAll()
    }
    let counts = try await stores[0].analytics(
      site: "shop", from: bucket, to: bucket + AnalyticsBuckets.seconds)
    XCTAssertEqual(count(counts, shopSlide, .passedFirst), Int64(perStore * stores.count))
    XCTAssertEqual(count(counts, shopSlide, .solveMs, detail: "2000"), Int64(perStore * stores.count))
  }

  /// Dropping removes the buckets before the cut and keeps the rest.
  public static func dropKeepsRecentBuckets(_ store: any AnalyticsStore) async throws {
    let step = AnalyticsBuckets.seconds
    try await store.addAnalytics([
      AnalyticsCount(bucket: bucket - 2 * step, key: AnalyticsCounterKey(shopSlide, .issued)),
      AnalyticsCount(bucket: bucket - step, key: AnalyticsCounterKey(shopSlide, .abandoned)),
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(shopSlide, .issued), count: 3),
    ])
    let dropped = try await store.dropAnalytics(before: bucket)
    XCTAssertEqual(dropped, 2)
    let left = try await store.analytics(site: nil, from: 0, to: bucket + step)
    XCTAssertEqual(left.map(\.bucket), [bucket])
    XCTAssertEqual(left.map(\.count), [3])
  }

  /// A challenge's look and audience come back from `take` and, for one that expired unanswered, from
  /// `sweepExpired`; a pass token's come back from a redeem and from `passTokenRecord`, after it too.
  public static func labelsTravel(challenges: any ChallengeStore, tokens: any PassTokenStore) async throws {
    let now = ChallengeStoreContract.now
    var answered = ChallengeStoreContract.challenge("000000000000000000000000000000a1")
    answered.look = "b"
    answered.audience = .automation
    var left = ChallengeStoreContract.challenge(
      "000000000000000000000000000000a2", kind: "rotate", expiresIn: 5)
    left.look = "a"
    try await challenges.insert(answered)
    try await challenges.insert(left)
    let taken = try await challenges.take(id: answered.id, now: now)
    XCTAssertEqual(taken, .taken(answered), "look and audience come back with the challenge")
    let expired = try await challenges.sweepExpired(now: now.addingTimeInterval(10))
    XCTAssertEqual(expired, [AnalyticsLabels(site: "shop", kind: "rotate", look: "a"): 1])

    var record = PassTokenStoreContract.record(String(repeating: "c", count: 64))
    record.look = "b"
    record.audience = .automation
    try await tokens.insertPassToken(record)
    let redeemed = try await tokens.redeemPassToken(
      digest: record.digest, sitekey: "shop", idempotencyKey: nil, now: now)
    XCTAssertEqual(redeemed, .redeemed(record))
    let looked = try await tokens.passTokenRecord(digest: record.digest)
    XCTAssertEqual(looked, record, "a used token's record is still found, for counting its replay")
    let none = try await tokens.passTokenRecord(digest: String(repeating: "d", count: 64))
    XCTAssertNil(none)
  }
}
