import CaptchaKit
import CaptchaServe
import CaptchaService
import Foundation
import HummingbirdTesting
import Logging
import Synchronization
import XCTest

/// Collects what is logged, for the tests to read.
final class RecordingLog: Sendable {
  struct Entry {
    var message: String
    var metadata: [String: String]
  }
  private let entries = Mutex<[Entry]>([])

  var logger: Logger {
    Logger(label: "recording") { _ in Handler(log: self) }
  }

  /// The verify lines so far.
  var verifies: [Entry] { entries.withLock { $0.filter { $0.message == "verify" } } }

  struct Handler: LogHandler {
    let log: RecordingLog
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
      let fields = metadata.merging(event.metadata ?? [:]) { $1 }.mapValues { "\($0)" }
      log.entries.withLock { $0.append(Entry(message: "\(event.message)", metadata: fields)) }
    }
  }
}

/// One structured log line per verify: result, kind, client network, latency; nothing secret.
final class VerifyLogTests: XCTestCase {
  func testEachVerifyLogsItsResultKindClientAndLatencyAndNoSecret() async throws {
    let log = RecordingLog()
    try await ServeHarness.withServer(server: ServerSettings(port: 0, dev: true), logger: log.logger) {
      client, _ in
      let challenge = try await client.post("/v1/challenges").json
      let id = try XCTUnwrap(challenge["id"] as? String)
      let target = try XCTUnwrap((challenge["answer"] as? [String: Any])?["target"] as? [String: Int])
      let answer = "{\"x\": \(target["x"]!), \"y\": \(target["y"]!)}"
      try await client.post("/v1/challenges/\(id)/verify", answer)
      try await client.post("/v1/challenges/\(id)/verify", answer)
      try await client.post("/v1/challenges/\(String(repeating: "0", count: 32))/verify", answer)
      try await client.post("/v1/challenges/\(id)/verify", "not json")
      let lines = log.verifies
      XCTAssertEqual(
        lines.map { $0.metadata["result"] }, ["pass", "already_verified", "unknown", "bad_request"])
      XCTAssertEqual(lines[0].metadata["kind"], "slide")
      XCTAssertNil(lines[1].metadata["kind"], "a challenge not taken has no kind in the line")
      for line in lines {
        XCTAssertEqual(line.metadata["endpoint"], "verify")
        XCTAssertEqual(line.metadata["client"], "127.0.0.0/24")
        XCTAssertGreaterThan(Double(line.metadata["latency_ms"] ?? "") ?? -1, 0)
        let text = line.metadata.values.joined(separator: " ")
        XCTAssertFalse(text.contains(id), "the challenge id is not logged: \(text)")
        // The answer is a small number: no value may be it (a latency of 0.23 may contain "23").
        let values = line.metadata.filter { $0.key != "latency_ms" }.values
        XCTAssertFalse(values.contains("\(target["x"]!)"), "the answer is not logged: \(text)")
      }
    }
  }

  func testEachSiteverifyLogsItsResultKindAndSiteAndNoToken() async throws {
    let log = RecordingLog()
    try await ServeHarness.withServer(
      sites: SiteverifyEndpointTests.sites, server: ServerSettings(port: 0, dev: true), logger: log.logger
    ) { client, _ in
      let verdict = try await SiteverifyEndpointTests.token(client)
      let token = try XCTUnwrap(verdict["token"] as? String)
      let body = "secret=shop-secret&response=\(token)"
      try await client.post("/v1/siteverify", body, headers: SiteverifyEndpointTests.form)
      try await client.post("/v1/siteverify", body, headers: SiteverifyEndpointTests.form)
      let lines = log.verifies.filter { $0.metadata["endpoint"] == "siteverify" }
      XCTAssertEqual(lines.map { $0.metadata["result"] }, ["pass", "timeout-or-duplicate"])
      XCTAssertEqual(lines.first?.metadata["kind"], "slide")
      XCTAssertEqual(lines.first?.metadata["site"], "shop")
      XCTAssertEqual(
        log.verifies.first { $0.metadata["endpoint"] == "verify" }?.metadata["site"], "shop",
        "the verify line names the challenge's site too")
      for line in lines {
        let text = line.metadata.values.joined(separator: " ")
        XCTAssertFalse(text.contains(token) || text.contains("shop-secret"), "no token, no secret: \(text)")
      }
    }
  }

  func testAStoreThatIsDownLogsUnavailable() async throws {
    let log = RecordingLog()
    try await ServeHarness.withServer(store: UnreachableStore(), logger: log.logger) { client, _ in
      try await client.post("/v1/challenges/\(String(repeating: "a", count: 32))/verify", "{\"x\": 1}")
      XCTAssertEqual(log.verifies.map { $0.metadata["result"] }, ["unavailable"])
    }
  }

  func testClientsAreLoggedByNetworkNotAddress() {
    XCTAssertEqual(ClientPrefix.of(ip: "203.0.113.77"), "203.0.113.0/24")
    XCTAssertEqual(ClientPrefix.of(ip: "2001:db8:1:2::7"), "2001:db8:1::/48")
    XCTAssertEqual(ClientPrefix.of(ip: "::ffff:198.51.100.9"), "198.51.100.0/24")
    XCTAssertEqual(ClientPrefix.of(ip: "not an address"), "unknown")
    XCTAssertEqual(ClientPrefix.of(nil), "unknown")
  }
}
