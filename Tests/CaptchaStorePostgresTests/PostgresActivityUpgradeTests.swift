import CaptchaService
import CaptchaStorePostgres
import ChallengeStoreTesting
import PostgresNIO
import XCTest

/// A `captcha_client_activity` table made by a version without the pass score gets the column on
/// first use and keeps its rows.
final class PostgresActivityUpgradeTests: XCTestCase {
  func testATableWithoutPassesGetsTheColumnAndKeepsItsScores() async throws {
    let database = try await freshPostgresDatabase()
    let now = ClientActivityStoreContract.now
    let rules = ClientActivityStoreContract.rules
    try await PostgresTestServer.run(
      PostgresQuery(
        unsafeSQL: """
          CREATE TABLE captcha_client_activity (
            key text PRIMARY KEY, requests double precision NOT NULL, failures double precision NOT NULL,
            updated double precision NOT NULL, window_start double precision NOT NULL,
            window_count integer NOT NULL, admitted boolean NOT NULL)
          """), on: database)
    try await PostgresTestServer.run(
      PostgresQuery(
        unsafeSQL: """
          INSERT INTO captcha_client_activity VALUES
            ('client 192.0.2.0/24', 4, 1, \(now.timeIntervalSince1970), \(now.timeIntervalSince1970), 0, true)
          """), on: database)
    let store = makePostgresStore(database)
    try await store.recordPass(ActivityPass(client: "192.0.2.0/24", site: nil), rules: rules, now: now)
    let admission = try await store.admit(
      ActivityRequest(client: "192.0.2.0/24", site: nil), rules: rules, now: now)
    XCTAssertEqual(
      admission, .admitted(client: ActivityScores(requests: 3, failures: 1, passes: 1), site: .zero))
  }
}
