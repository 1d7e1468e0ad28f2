import CaptchaStorePostgres
import ChallengeStoreTesting
import XCTest

/// The whole `ClientActivityStore` contract against a real PostgreSQL server, each check on a new
/// database; the concurrent limit from two stores (two instances) on one database.
final class PostgresActivityContractTests: XCTestCase {
  func testRequestsCountAndDecay() async throws {
    try await ClientActivityStoreContract.requestsCountAndDecay(makePostgresStore(freshPostgresDatabase()))
  }

  func testLimitPerWindow() async throws {
    try await ClientActivityStoreContract.limitPerWindow(makePostgresStore(freshPostgresDatabase()))
  }

  func testConcurrentLimitAcrossTwoInstances() async throws {
    let database = try await freshPostgresDatabase()
    try await ClientActivityStoreContract.concurrentLimit([
      makePostgresStore(database), makePostgresStore(database),
    ])
  }

  func testSiteShareIsCappedPerClient() async throws {
    try await ClientActivityStoreContract.siteShareIsCappedPerClient(
      makePostgresStore(freshPostgresDatabase()))
  }

  func testPassesRefundRequests() async throws {
    try await ClientActivityStoreContract.passesRefundRequests(makePostgresStore(freshPostgresDatabase()))
  }

  func testPassesRefundTheSiteOnlyWithinTheShare() async throws {
    try await ClientActivityStoreContract.passesRefundTheSiteOnlyWithinTheShare(
      makePostgresStore(freshPostgresDatabase()))
  }

  func testConcurrentPassesAcrossTwoInstances() async throws {
    let database = try await freshPostgresDatabase()
    try await ClientActivityStoreContract.concurrentPasses([
      makePostgresStore(database), makePostgresStore(database),
    ])
  }

  func testSweepKeepsActiveRows() async throws {
    try await ClientActivityStoreContract.sweepKeepsActiveRows(makePostgresStore(freshPostgresDatabase()))
  }
}
