import CaptchaService
import CaptchaStorePostgres
import ChallengeStoreTesting
import PostgresNIO
import XCTest

/// The `AnalyticsStore` contract against a real PostgreSQL server, each check on a new database;
/// concurrent adds from two stores (two instances) on one database; tables of an earlier version
/// get the look and audience columns and keep their rows.
final class PostgresAnalyticsTests: XCTestCase {
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
