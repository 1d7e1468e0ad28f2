import CaptchaStorePostgres
import XCTest

/// `PostgresStoreConfiguration(url:)`: what `--store postgres://…` accepts and the sentence for
/// each thing it refuses (no database needed).
final class PostgresURLTests: XCTestCase {
  func testFullURL() throws {
    let configuration = try PostgresStoreConfiguration(
      url: "postgres://captcha:s%40cret@db.example:6432/challenges?sslmode=require")
    XCTAssertEqual(configuration.username, "captcha")
    XCTAssertEqual(configuration.password, "s@cret")
    XCTAssertEqual(configuration.host, "db.example")
    XCTAssertEqual(configuration.port, 6432)
    XCTAssertEqual(configuration.database, "challenges")
    XCTAssertEqual(configuration.tls, .require)
    XCTAssertEqual(configuration.description, "postgres://captcha@db.example:6432/challenges")
  }

  func testDefaultsFollowPostgreSQL() throws {
    let configuration = try PostgresStoreConfiguration(url: "postgresql://app@[::1]")
    XCTAssertEqual(configuration.host, "::1")
    XCTAssertEqual(configuration.port, 5432)
    XCTAssertEqual(configuration.database, "app", "no database: the user's name, as psql does")
    XCTAssertNil(configuration.password)
    XCTAssertEqual(configuration.tls, .prefer)
  }

  func testEachBadURLGetsItsOwnSentence() {
    let cases: [(String, PostgresURLError)] = [
      ("mysql://u@h/db", .notPostgres(url: "mysql://u@h/db")),
      ("postgres://localhost:5432/db", .missingUser(url: "postgres://localhost:5432/db")),
      ("postgres://u@:5432/db", .missingHost(url: "postgres://u@:5432/db")),
      ("postgres://u@h:http/db", .badPort(url: "postgres://u@h:http/db", port: "http")),
      ("postgres://u@h:70000/db", .badPort(url: "postgres://u@h:70000/db", port: "70000")),
      ("postgres://u%zz@h/db", .badEscape(url: "postgres://u%zz@h/db", part: "u%zz")),
      ("postgres://u@h/a/b", .badDatabase(url: "postgres://u@h/a/b", database: "a/b")),
      ("postgres://u@h/db?timeout=3", .unknownParameter(url: "postgres://u@h/db?timeout=3", name: "timeout")),
      (
        "postgres://u@h/db?sslmode=verify",
        .badSSLMode(url: "postgres://u@h/db?sslmode=verify", value: "verify")
      ),
    ]
    for (url, expected) in cases {
      XCTAssertThrowsError(try PostgresStoreConfiguration(url: url), url) { error in
        XCTAssertEqual(error as? PostgresURLError, expected, url)
        XCTAssertTrue("\(error)".hasSuffix("."), "one sentence: \(error)")
      }
    }
  }

  func testMessagesNeverShowThePassword() {
    XCTAssertThrowsError(try PostgresStoreConfiguration(url: "postgres://u:hunter2@h:0/db")) { error in
      XCTAssertEqual(
        "\(error)",
        "The PostgreSQL URL 'postgres://u:***@h:0/db' has port '0'; a port is a number from 1 to 65535.")
    }
  }
}
