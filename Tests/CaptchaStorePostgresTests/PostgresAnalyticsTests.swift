import CaptchaService
import CaptchaStorePostgres
import ChallengeStoreTesting
import Logging
import PostgresNIO
import XCTest

/// The `AnalyticsStore` contract against a real PostgreSQL server, each check on a new database;
/// concurrent adds from two stores (two instances) on one database; tables of an earlier version
/// get the look and audience columns and keep their rows; batched instances (as serve runs them) keep
/// the contract, sum exactly on one database, and keep what a failed flush owed.
final class PostgresAnalyticsTests: XCTestCase {
  static let bucket: Int64 = 1_800_000_000 - 1_800_000_000 % AnalyticsBuckets.seconds

  func batched(_ store: PostgresChallengeStore) -> BatchedAnalyticsStore {
    BatchedAnalyticsStore(base: store, interval: 3600, logger: PostgresTestServer.logger)
  }

  func testBatchedStoreKeepsTheContract() async throws {
    try await AnalyticsStoreContract.countsAddUp(batched(makePostgresStore(freshPostgresDatabase())))
    try await AnalyticsStoreContract.readsKeepToPeriodAndSite(
      batched(makePostgresStore(freshPostgresDatabase())))
    try await AnalyticsStoreContract.dropKeepsRecentBuckets(
      batched(makePostgresStore(freshPostgresDatabase())))
  }

  func testBatchedInstancesOnOneDatabaseSumExactly() async throws {
    let database = try await freshPostgresDatabase()
    let instances = [batched(makePostgresStore(database)), batched(makePostgresStore(database))]
    let bucket = Self.bucket
    let labels = [
      AnalyticsLabels(site: "shop", kind: "slide", look: "a"),
      AnalyticsLabels(site: "shop", kind: "slide", look: "b"),
    ]
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (n, instance) in instances.enumerated() {
        for i in 0..<300 {
          group.addTask {
            if i % 50 == 49 { try await instance.flush() }  // flushes of both instances meet on the same rows
            try await instance.addAnalytics(
              labels.map {
                AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey($0, .issued), count: Int64(n + 1))
              }
                + [
                  AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(labels[i % 2], .level, detail: "1"))
                ])
          }
        }
      }
      try await group.waitForAll()
    }
    try await instances[1].flush()
    let counts = try await instances[0].analytics(
      site: "shop", from: bucket, to: bucket + AnalyticsBuckets.seconds)
    let sums = Dictionary(counts.map { ($0.key, $0.count) }, uniquingKeysWith: +)
    XCTAssertEqual(
      sums,
      [
        AnalyticsCounterKey(labels[0], .issued): 900, AnalyticsCounterKey(labels[1], .issued): 900,
        AnalyticsCounterKey(labels[0], .level, detail: "1"): 300,
        AnalyticsCounterKey(labels[1], .level, detail: "1"): 300,
      ])
  }

  func testAFailedFlushKeepsItsCountsForTheNext() async throws {
    var configuration = try await freshPostgresDatabase()
    configuration.requestTimeout = .seconds(1)
    let store = batched(makePostgresStore(configuration))
    let key = AnalyticsCounterKey(AnalyticsLabels(site: "shop", kind: "slide"), .tokens)
    let bucket = Self.bucket
    try await store.flush()  // the table exists before the outage
    try await store.addAnalytics([AnalyticsCount(bucket: bucket, key: key, count: 7)])

    try PostgresTestServer.control("pause")
    var resumed = false
    addTeardownBlock { if !resumed { try PostgresTestServer.control("resume") } }
    do {
      try await store.flush()
      XCTFail("a flush to a stopped database succeeded")
    } catch is ChallengeStoreUnavailable {}
    try await store.addAnalytics([AnalyticsCount(bucket: bucket, key: key, count: 1)])
    let owed = await store.owed
    XCTAssertEqual(owed, 1, "the counts are still owed, summed with the new one")
    try PostgresTestServer.control("resume")
    resumed = true

    var counts: [AnalyticsCount] = []
    let deadline = ContinuousClock.now + .seconds(20)
    while ContinuousClock.now < deadline {
      do {
        counts = try await store.analytics(site: "shop", from: bucket, to: bucket + AnalyticsBuckets.seconds)
        break
      } catch is ChallengeStoreUnavailable {
        try await Task.sleep(for: .milliseconds(200))
      }
    }
    XCTAssertEqual(counts, [AnalyticsCount(bucket: bucket, key: key, count: 8)])
  }

  func testCountsAddUp() async throws {
    try await AnalyticsStoreContract.countsAddUp(makePostgresStore(freshPostgresDatabase()))
  }

  func testReadsKeepToPeriodAndSite() async throws {
    try await AnalyticsStoreContract.readsKeepToPeriodAndSite(makePostgresStore(freshPostgresDatabase()))
  }

  func testConcurrentAddsFromTwoInstancesEachCount() async throws {
    let database = try await freshPostgresDatabase()
    try await AnalyticsStoreContract.concurrentAddsEachCount([
      makePostgresStore(database), makePostgresStore(database),
    ])
  }

  func testDropKeepsRecentBuckets() async throws {
    try await AnalyticsStoreContract.dropKeepsRecentBuckets(makePostgresStore(freshPostgresDatabase()))
  }

  func testLabelsTravelWithChallengesAndTokens() async throws {
    let store = makePostgresStore(try await freshPostgresDatabase())
    try await AnalyticsStoreContract.labelsTravel(challenges: store, tokens: store)
  }

  func testTablesWithoutLookAndAudienceGetThemAndKeepTheirRows() async throws {
    let database = try await freshPostgresDatabase()
    let now = ChallengeStoreContract.now
    try await PostgresTestServer.run(
      PostgresQuery(
        unsafeSQL: """
          CREATE TABLE captcha_challenges (
            id text PRIMARY KEY, kind text NOT NULL, expires_at timestamptz NOT NULL, verified_at timestamptz,
            answer bytea NOT NULL, background bytea NOT NULL, background_type text NOT NULL,
            piece bytea NOT NULL, piece_type text NOT NULL, sitekey text NOT NULL DEFAULT 'default',
            hostname text NOT NULL DEFAULT '')
          """), on: database)
    try await PostgresTestServer.run(
      PostgresQuery(
        unsafeSQL: """
          INSERT INTO captcha_challenges (id, kind, expires_at, answer, background, background_type, piece, piece_type, sitekey)
          VALUES ('000000000000000000000000000000e1', 'slide', to_timestamp(\(now.timeIntervalSince1970 - 1)),
            '\\x7b7d', '\\x00', 'image/png', '\\x00', 'image/png', 'shop')
          """), on: database)
    let store = makePostgresStore(database)
    let expired = try await store.sweepExpired(now: now)
    XCTAssertEqual(
      expired, [AnalyticsLabels(site: "shop", kind: "slide"): 1], "an old row counts as default, people")
  }
}
