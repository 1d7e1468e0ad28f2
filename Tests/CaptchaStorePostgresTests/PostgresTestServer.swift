import CaptchaStorePostgres
import Logging
import PostgresNIO
import XCTest

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The real PostgreSQL server `make test` starts (tools/pg/cluster.sh): its URL comes from
/// `CAPTCHA_TEST_POSTGRES_URL`, the script that stops and restarts it from
/// `CAPTCHA_TEST_POSTGRES_CONTROL`. Without them the PostgreSQL tests skip.
enum PostgresTestServer {
  static let urlVariable = "CAPTCHA_TEST_POSTGRES_URL"
  static let controlVariable = "CAPTCHA_TEST_POSTGRES_CONTROL"

  /// Quiet unless a test fails: the stores' warnings about an unreachable server are expected here.
  static let logger: Logger = {
    var logger = Logger(label: "captcha-gen.tests.postgres")
    logger.logLevel = .critical
    return logger
  }()

  static func serverConfiguration() throws -> PostgresStoreConfiguration {
    guard let url = ProcessInfo.processInfo.environment[urlVariable], !url.isEmpty else {
      throw XCTSkip(
        "\(urlVariable) is not set: run `make test` (it starts a throw-away PostgreSQL server) "
          + "or `make pg-start` and export what it prints.")
    }
    return try PostgresStoreConfiguration(url: url)
  }

  /// A new empty database on the test server; the tests' stores each get their own.
  static func freshDatabase() async throws -> PostgresStoreConfiguration {
    var configuration = try serverConfiguration()
    let name = "captcha_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try await run(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), on: configuration)
    configuration.database = name
    return configuration
  }

  /// Removes a database `freshDatabase` made.
  static func drop(_ configuration: PostgresStoreConfiguration) async throws {
    try await run(
      PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(configuration.database) WITH (FORCE)"),
      on: serverConfiguration())
  }

  /// Stops the server (the cluster stays) or starts it again: "the database goes away / comes back".
  static func control(_ action: String) throws {
    guard let script = ProcessInfo.processInfo.environment[controlVariable], !script.isEmpty else {
      throw XCTSkip("\(controlVariable) is not set: run `make test` to stop and restart the server in tests.")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: script)
    process.arguments = [action]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "\(script) \(action) failed")
  }

  /// Runs one statement on a short-lived client of its own.
  static func run(_ query: PostgresQuery, on configuration: PostgresStoreConfiguration)
    async throws
  {
    let client = PostgresClient(
      configuration: .init(
        host: configuration.host, port: configuration.port, username: configuration.username,
        password: configuration.password, database: configuration.database, tls: .disable),
      backgroundLogger: logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      try await client.query(query, logger: logger)
    }
  }
}

extension XCTestCase {
  /// A new empty database on the test server, dropped when the test ends.
  func freshPostgresDatabase() async throws -> PostgresStoreConfiguration {
    let configuration = try await PostgresTestServer.freshDatabase()
    addTeardownBlock { try await PostgresTestServer.drop(configuration) }
    return configuration
  }

  /// A store (its own PostgresClient, as one server process has), shut down when the test ends.
  func makePostgresStore(_ configuration: PostgresStoreConfiguration) -> PostgresChallengeStore {
    let store = PostgresChallengeStore(configuration: configuration, logger: PostgresTestServer.logger)
    addTeardownBlock { await store.shutdown() }
    return store
  }
}
