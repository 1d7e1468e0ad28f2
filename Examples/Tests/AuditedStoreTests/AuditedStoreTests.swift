import AuditedStore
import CaptchaService
import ChallengeStoreTesting
import XCTest

/// A store of one's own keeps the contract every store keeps (single use, expiry, concurrency).
final class AuditedStoreTests: XCTestCase {
  func testKeepsTheStoreContract() async throws {
    try await ChallengeStoreContract.checkAll { AuditedStore(wrapping: MemoryChallengeStore()) }
  }

  func testCountsFiftyConcurrentVerifiesAsOneTakenAndFortyNineRefused() async throws {
    let store = AuditedStore(wrapping: MemoryChallengeStore())
    try await ChallengeStoreContract.concurrentTakes(store)
    XCTAssertEqual(store.current, AuditedStore.Counts(inserted: 1, taken: 1, refused: 49))
  }
}
