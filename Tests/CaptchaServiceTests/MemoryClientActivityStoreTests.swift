import CaptchaService
import ChallengeStoreTesting
import XCTest

/// The `ClientActivityStore` contract against the in-process store.
final class MemoryClientActivityStoreTests: XCTestCase {
  func testRequestsCountAndDecay() async throws {
    try await ClientActivityStoreContract.requestsCountAndDecay(MemoryClientActivityStore())
  }

  func testLimitPerWindow() async throws {
    try await ClientActivityStoreContract.limitPerWindow(MemoryClientActivityStore())
  }

  func testConcurrentLimit() async throws {
    try await ClientActivityStoreContract.concurrentLimit([MemoryClientActivityStore()])
  }

  func testSiteShareIsCappedPerClient() async throws {
    try await ClientActivityStoreContract.siteShareIsCappedPerClient(MemoryClientActivityStore())
  }

  func testPassesRefundRequests() async throws {
    try await ClientActivityStoreContract.passesRefundRequests(MemoryClientActivityStore())
  }

  func testPassesRefundTheSiteOnlyWithinTheShare() async throws {
    try await ClientActivityStoreContract.passesRefundTheSiteOnlyWithinTheShare(MemoryClientActivityStore())
  }

  func testConcurrentPasses() async throws {
    try await ClientActivityStoreContract.concurrentPasses([MemoryClientActivityStore()])
  }

  func testSweepKeepsActiveRows() async throws {
    try await ClientActivityStoreContract.sweepKeepsActiveRows(MemoryClientActivityStore())
  }
}
