import Foundation
import XCTest

/// `captcha-gen report`'s bad input: one sentence on standard error and a sysexits code each, before
/// anything is read; with the test PostgreSQL server, a site the store never counted and an empty
/// store's report. The counts themselves: tools/analytics/funnel_test.py against real serve processes.
final class ReportCLITests: XCTestCase {
  func testBadOptionsGetOneSentenceAndExit64() throws {
    let cases: [([String], String)] = [
      ([], "give --store postgres://… or --serve http://HOST:PORT"),
      (["--store", "memory"], "a report reads the PostgreSQL store"),
      (["--serve", "http://127.0.0.1:9"], "--serve needs --admin-token-file"),
      (
        ["--serve", "https://captcha.example", "--admin-token-file", "/dev/null"], "expected http://HOST:PORT"
      ),
      (
        ["--store", "postgres://u@127.0.0.1:9/db", "--since", "yesterday"],
        "--since yesterday: give a duration"
      ),
      (["--store", "postgres://u@127.0.0.1:9/db", "--until", "soon"], "--until soon: give a time"),
      (
        [
          "--store", "postgres://u@127.0.0.1:9/db", "--since", "2027-01-15T09:00:00Z", "--until",
          "2027-01-15T08:00:00Z",
        ],
        "the period is empty"
      ),
    ]
    for (args, words) in cases {
      let r = try CLI.run(["report"] + args)
      XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(words), "\(args): \(r.stderr)")
      XCTAssertEqual(r.stdout, "")
    }
  }

  func testAStoreOrServeThatCannotBeReachedExits69() throws {
    let token = try CLI.tempDir("report-token").appendingPathComponent("token")
    try Data("t0ken\n".utf8).write(to: token)
    let serve = try CLI.run(["report", "--serve", "http://127.0.0.1:9", "--admin-token-file", token.path])
    XCTAssertEqual(serve.status, 69, serve.stderr)
    XCTAssertTrue(serve.stderr.contains("cannot connect to 127.0.0.1:9"), serve.stderr)
    let store = try CLI.run(["report", "--store", "postgres://u@127.0.0.1:9/db", "--timeout", "2"])
    XCTAssertEqual(store.status, 69, store.stderr)
    XCTAssertTrue(store.stderr.contains("the store cannot be read"), store.stderr)
  }

  func testAnUnknownSiteIsRefusedAndAnEmptyStoreReportsNothing() throws {
    guard let url = ProcessInfo.processInfo.environment["CAPTCHA_TEST_POSTGRES_URL"], !url.isEmpty else {
      throw XCTSkip("CAPTCHA_TEST_POSTGRES_URL is not set: run `make test`.")
    }
    let unknown = try CLI.run(["report", "--store", url, "--site", "no-such-site-\(UUID().uuidString)"])
    XCTAssertEqual(unknown.status, 64, unknown.stderr)
    XCTAssertTrue(unknown.stderr.contains("no site of that key has ever been counted"), unknown.stderr)
    let json = try CLI.run([
      "report", "--store", url, "--since", "2000-01-01T00:00:00Z", "--until", "2000-01-02T00:00:00Z",
      "--json",
    ])
    XCTAssertEqual(json.status, 0, json.stderr)
    XCTAssertEqual(
      json.stdout, #"{"since":"2000-01-01T00:00:00Z","until":"2000-01-02T00:00:00Z","sites":[]}"# + "\n")
    let table = try CLI.run([
      "report", "--store", url, "--since", "2000-01-01T00:00:00Z", "--until", "2000-01-02T00:00:00Z",
    ])
    XCTAssertEqual(table.status, 0, table.stderr)
    XCTAssertTrue(table.stdout.contains("(nothing counted in this period)"), table.stdout)
  }
}

/// `serve --admin-token-file` (or its environment variable) that cannot be read or holds no token
/// stops serve at start with one sentence.
final class ServeAdminTokenCLITests: XCTestCase {
  func testAnUnreadableOrEmptyTokenFileStopsServe() throws {
    let dir = try CLI.tempDir("admin-token")
    let empty = dir.appendingPathComponent("empty")
    try Data("\n".utf8).write(to: empty)
    let missing = try CLI.run([
      "serve", "--port", "0", "--admin-token-file", dir.appendingPathComponent("none").path,
    ])
    XCTAssertEqual(missing.status, 66, missing.stderr)
    XCTAssertTrue(missing.stderr.contains("--admin-token-file"), missing.stderr)
    let blank = try CLI.run(
      ["serve", "--port", "0"], environment: ["CAPTCHA_GEN_ADMIN_TOKEN_FILE": empty.path])
    XCTAssertEqual(blank.status, 64, blank.stderr)
    XCTAssertTrue(blank.stderr.contains("is empty"), blank.stderr)
    let retention = try CLI.run(["serve", "--port", "0", "--analytics-retention", "forever"])
    XCTAssertEqual(retention.status, 64, retention.stderr)
    XCTAssertTrue(retention.stderr.contains("expected a duration such as 90d"), retention.stderr)
  }
}
