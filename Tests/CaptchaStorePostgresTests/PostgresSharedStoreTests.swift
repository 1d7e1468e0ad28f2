import CaptchaService
import CaptchaStorePostgres
import ChallengeStoreTesting
import XCTest

/// Two stores with their own connection pools on one database, as two `serve` instances behind a
/// load balancer have: what one issues, the other serves and verifies, exactly once.
final class PostgresSharedStoreTests: XCTestCase {
  func testIssuedByOneIsTakenByTheOtherExactlyOnce() async throws {
    let database = try await freshPostgresDatabase()
    let first = makePostgresStore(database)
    let second = makePostgresStore(database)
    let now = ChallengeStoreContract.now
    let issued = ChallengeStoreContract.challenge("0000000000000000000000000000000a", kind: "pattern")
    try await first.insert(issued)

    let picture = try await second.picture(id: issued.id, .background, now: now)
    XCTAssertEqual(picture, issued.background, "the other instance serves the picture from the database")
    let taken = try await second.take(id: issued.id, now: now)
    XCTAssertEqual(taken, .taken(issued))
    let again = try await first.take(id: issued.id, now: now)
    XCTAssertEqual(again, .alreadyVerified)
  }

  func testConcurrentTakesFromTwoInstancesGiveOneVerdict() async throws {
    let database = try await freshPostgresDatabase()
    let stores = [makePostgresStore(database), makePostgresStore(database)]
    let issued = ChallengeStoreContract.challenge("0000000000000000000000000000000b")
    try await stores[0].insert(issued)
    let results = try await withThrowingTaskGroup(of: TakeResult.self) { group in
      for attempt in 0..<50 {
        let store = stores[attempt % 2]
        group.addTask { try await store.take(id: issued.id, now: ChallengeStoreContract.now) }
      }
      return try await group.reduce(into: [TakeResult]()) { $0.append($1) }
    }
    XCTAssertEqual(results.filter { $0 == .taken(issued) }.count, 1)
    XCTAssertEqual(results.filter { $0 == .alreadyVerified }.count, 49)
  }

  func testSweepOnOneInstanceRemovesWhatTheOtherIssued() async throws {
    let database = try await freshPostgresDatabase()
    let first = makePostgresStore(database)
    let second = makePostgresStore(database)
    try await first.insert(ChallengeStoreContract.challenge("0000000000000000000000000000000c", expiresIn: 5))
    let later = ChallengeStoreContract.now.addingTimeInterval(10)
    let swept = try await second.sweep(now: later)
    XCTAssertEqual(swept, ["slide": 1])
    let gone = try await first.take(id: "0000000000000000000000000000000c", now: later)
    XCTAssertEqual(gone, .unknown)
  }
}
