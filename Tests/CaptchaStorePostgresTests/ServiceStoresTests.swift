import CaptchaService
import CaptchaStorePostgres
import XCTest

/// A challenge store that every instance shares needs shared token and activity stores beside it:
/// otherwise a pass on one instance could not be redeemed on another. `ServiceStores` refuses that
/// at once instead of keeping tokens in one process. (No database is reached: nothing is stored.)
final class ServiceStoresTests: XCTestCase {
  func store() throws -> PostgresChallengeStore {
    makePostgresStore(try PostgresStoreConfiguration(url: "postgres://nobody@127.0.0.1:1/none"))
  }

  func testASharedChallengeStoreBesidePerProcessTokensOrActivityIsRefused() throws {
    let shared = try store()
    XCTAssertThrowsError(
      try ServiceStores(
        challenges: shared, tokens: MemoryPassTokenStore(), activity: MemoryClientActivityStore(),
        analytics: shared)
    ) { error in
      let refusal = error as? StoreSharingError
      XCTAssertEqual(refusal?.perProcess, [.tokens, .activity])
      XCTAssertEqual(
        refusal?.description,
        "a shared challenge store needs shared pass-token and activity stores, but the pass tokens and "
          + "client activity would be kept in this process only (a pass on one instance could not be "
          + "redeemed on another, and levels and rate limits would count per instance)")
    }
    XCTAssertThrowsError(
      try ServiceStores(
        challenges: shared, tokens: shared, activity: MemoryClientActivityStore(), analytics: shared)
    ) { error in
      XCTAssertEqual((error as? StoreSharingError)?.perProcess, [.activity])
    }
  }

  func testSharedStoresTogetherAndProcessStoresTogetherAreTaken() throws {
    let shared = try store()
    let all = ServiceStores(keepingAllIn: shared)
    XCTAssertEqual(all.tokens.sharing, .shared)
    XCTAssertEqual(all.activity.sharing, .shared)
    XCTAssertNoThrow(
      try ServiceStores(
        challenges: shared, tokens: shared, activity: shared, analytics: MemoryAnalyticsStore()),
      "the analytics may be counted per process")
    XCTAssertNoThrow(
      try ServiceStores(
        challenges: MemoryChallengeStore(), tokens: shared, activity: shared, analytics: shared),
      "a challenge store of this process may keep its tokens in a shared one")
    XCTAssertEqual(ServiceStores.inMemory().challenges.sharing, .process)
  }
}
