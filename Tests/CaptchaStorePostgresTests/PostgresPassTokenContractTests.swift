import CaptchaService
import CaptchaStorePostgres
import ChallengeStoreTesting
import XCTest

/// The `PassTokenStore` contract against a real PostgreSQL server, each check on a new database;
/// the concurrent redeems go through two stores (two instances' connection pools) on one database.
final class PostgresPassTokenContractTests: XCTestCase {
  func testSingleUse() async throws {
    try await PassTokenStoreContract.singleUse(makePostgresStore(freshPostgresDatabase()))
  }

  func testOtherSiteLeavesTheTokenUsable() async throws {
    try await PassTokenStoreContract.otherSiteLeavesTheTokenUsable(makePostgresStore(freshPostgresDatabase()))
  }

  func testIdempotencyKey() async throws {
    try await PassTokenStoreContract.idempotencyKey(makePostgresStore(freshPostgresDatabase()))
  }

  func testExpiryAndSweep() async throws {
    try await PassTokenStoreContract.expiryAndSweep(makePostgresStore(freshPostgresDatabase()))
  }

  func testConcurrentRedeemsOverTwoInstances() async throws {
    let database = try await freshPostgresDatabase()
    try await PassTokenStoreContract.concurrentRedeems([
      makePostgresStore(database), makePostgresStore(database),
    ])
  }
}
