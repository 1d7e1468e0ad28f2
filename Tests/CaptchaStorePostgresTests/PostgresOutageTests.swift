import CaptchaService
import CaptchaStorePostgres
import ChallengeStoreTesting
import XCTest

/// A database that cannot be reached gives `ChallengeStoreUnavailable` within the request timeout
/// (never a hang, never a pass), and a store recovers by itself when the database comes back.
final class PostgresOutageTests: XCTestCase {
  /// The request timeout of these tests' stores, and how much later than it an error may come.
  static let requestTimeout = Duration.seconds(1)
  static let slack = Duration.seconds(2)

  func testClosedPortIsUnavailableWithinTheTimeout() async throws {
    var configuration = try PostgresTestServer.serverConfiguration()
    configuration.port = 1  // nothing listens there
    configuration.requestTimeout = Self.requestTimeout
    let store = makePostgresStore(configuration)
    let challenge = ChallengeStoreContract.challenge("0000000000000000000000000000000d")
    let now = ChallengeStoreContract.now

    try await assertUnavailable(naming: "127.0.0.1:1/") { try await store.insert(challenge) }
    try await assertUnavailable(naming: "127.0.0.1:1/") {
      _ = try await store.take(id: challenge.id, now: now)
    }
    try await assertUnavailable(naming: "127.0.0.1:1/") {
      _ = try await store.picture(id: challenge.id, .piece, now: now)
    }
    try await assertUnavailable(naming: "127.0.0.1:1/") { _ = try await store.sweep(now: now) }
    try await assertUnavailable(naming: "127.0.0.1:1/") { try await store.checkHealth() }
    try await assertUnavailable(naming: "(last connection attempt: connection refused)") {
      try await store.checkHealth()
    }
  }

  func testMissingDatabaseIsNamedInTheError() async throws {
    var configuration = try PostgresTestServer.serverConfiguration()
    configuration.database = "captcha_no_such_database"
    configuration.requestTimeout = Self.requestTimeout
    let store = makePostgresStore(configuration)
    try await assertUnavailable(naming: "database \"captcha_no_such_database\" does not exist") {
      try await store.checkHealth()
    }
  }

  func testStoppedDatabaseIsUnavailableAndTheSameStoreRecovers() async throws {
    var configuration = try await freshPostgresDatabase()
    configuration.requestTimeout = Self.requestTimeout
    let store = makePostgresStore(configuration)
    let now = ChallengeStoreContract.now
    let before = ChallengeStoreContract.challenge("0000000000000000000000000000000e")
    try await store.insert(before)
    try await store.checkHealth()

    try PostgresTestServer.control("pause")
    addTeardownBlock { try PostgresTestServer.control("resume") }
    try await assertUnavailable(naming: configuration.serverName) {
      _ = try await store.take(id: before.id, now: now)
    }
    try await assertUnavailable(naming: configuration.serverName) { try await store.checkHealth() }
    let startedDuringOutage = makePostgresStore(configuration)
    try await assertUnavailable(naming: configuration.serverName) {
      try await startedDuringOutage.checkHealth()
    }

    try PostgresTestServer.control("resume")
    try await waitUntilHealthy(store)
    let taken = try await store.take(id: before.id, now: now)
    XCTAssertEqual(taken, .taken(before), "a challenge issued before the outage verifies once after it")
    let again = try await startedDuringOutage.take(id: before.id, now: now)
    XCTAssertEqual(again, .alreadyVerified)
  }

  /// Polls `checkHealth` until it passes; fails the test after 30 s.
  private func waitUntilHealthy(_ store: PostgresChallengeStore) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      do {
        return try await store.checkHealth()
      } catch is ChallengeStoreUnavailable where ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(200))
      }
    }
  }

  private func assertUnavailable(
    naming server: String, file: StaticString = #filePath, line: UInt = #line,
    _ call: () async throws -> Void
  ) async throws {
    let started = ContinuousClock.now
    do {
      try await call()
      XCTFail("the call succeeded although the database cannot be reached", file: file, line: line)
    } catch let error as ChallengeStoreUnavailable {
      XCTAssertTrue(
        error.description.contains(server), "'\(error)' does not name \(server)", file: file, line: line)
    }
    let waited = ContinuousClock.now - started
    XCTAssertLessThan(
      waited, Self.requestTimeout + Self.slack, "the unavailable store made the caller wait \(waited)",
      file: file, line: line)
  }
}
