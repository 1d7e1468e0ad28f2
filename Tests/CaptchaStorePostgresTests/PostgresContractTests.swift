import CaptchaStorePostgres
import ChallengeStoreTesting
import XCTest

/// The whole `ChallengeStore` contract against a real PostgreSQL server, each check on a new database.
final class PostgresContractTests: XCTestCase {
  func testSingleUse() async throws {
    try await ChallengeStoreContract.singleUse(makePostgresStore(freshPostgresDatabase()))
  }

  func testExpiryAndSweep() async throws {
    try await ChallengeStoreContract.expiryAndSweep(makePostgresStore(freshPostgresDatabase()))
  }

  func testConcurrentTakes() async throws {
    try await ChallengeStoreContract.concurrentTakes(makePostgresStore(freshPostgresDatabase()))
  }
}
