import CaptchaService
import ChallengeStoreTesting
import XCTest

final class MemoryChallengeStoreTests: XCTestCase {
  func testSingleUse() async throws {
    try await ChallengeStoreContract.singleUse(MemoryChallengeStore())
  }

  func testExpiryAndSweep() async throws {
    try await ChallengeStoreContract.expiryAndSweep(MemoryChallengeStore())
  }

  func testConcurrentTakes() async throws {
    try await ChallengeStoreContract.concurrentTakes(MemoryChallengeStore())
  }
}
