import CaptchaService
import ChallengeStoreTesting
import XCTest

/// The `PassTokenStore` contract against the in-process store.
final class MemoryPassTokenStoreTests: XCTestCase {
  func testSingleUse() async throws {
    try await PassTokenStoreContract.singleUse(MemoryPassTokenStore())
  }

  func testOtherSiteLeavesTheTokenUsable() async throws {
    try await PassTokenStoreContract.otherSiteLeavesTheTokenUsable(MemoryPassTokenStore())
  }

  func testIdempotencyKey() async throws {
    try await PassTokenStoreContract.idempotencyKey(MemoryPassTokenStore())
  }

  func testExpiryAndSweep() async throws {
    try await PassTokenStoreContract.expiryAndSweep(MemoryPassTokenStore())
  }

  func testConcurrentRedeems() async throws {
    try await PassTokenStoreContract.concurrentRedeems([MemoryPassTokenStore()])
  }
}
