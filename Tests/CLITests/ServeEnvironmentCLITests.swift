import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `captcha-gen serve` configured from `CAPTCHA_GEN_*` variables (docs/container.md), and
/// `captcha-gen healthcheck` asking it.
final class ServeEnvironmentCLITests: XCTestCase {
  func testSettingsComeFromTheEnvironmentAndTheCommandLineWins() async throws {
    let server = try ServeProcess.start(
      ["--kind", "pattern"],
      environment: [
        "CAPTCHA_GEN_PORT": "0", "CAPTCHA_GEN_KIND": "slide", "CAPTCHA_GEN_POOL": "1", "CAPTCHA_GEN_DEV": "1",
        "CAPTCHA_GEN_LOG_FORMAT": "json",
      ])
    defer { server.stop() }
    let line = try server.firstLine(timeout: 120)
    let base = try XCTUnwrap(URL(string: String(line.dropFirst("listening on ".count))))
    var request = URLRequest(url: base.appendingPathComponent("v1/challenges"))
    request.httpMethod = "POST"
    request.httpBody = Data("{}".utf8)
    let (data, _) = try await URLSession.shared.data(for: request)
    let challenge = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertEqual(
      challenge["kind"] as? String, "pattern", "--kind on the command line wins over CAPTCHA_GEN_KIND")
    XCTAssertNotNil(challenge["answer"], "CAPTCHA_GEN_DEV=1 turned --dev on")
    server.stop()
    let log = server.stderr()
    XCTAssertTrue(log.hasPrefix("{\""), "CAPTCHA_GEN_LOG_FORMAT=json: \(log)")
  }

  func testBadEnvironmentStopsServeWithOneSentenceAndNoSecret() throws {
    let dir = try CLI.tempDir("serve-env")
    defer { try? FileManager.default.removeItem(at: dir) }
    let unreadable = dir.appendingPathComponent("missing-secret").path
    let cases: [([String: String], Int32, String)] = [
      (["CAPTCHA_GEN_STORE": "postgres://app:hunter2@db:99999/app"], 64, "'postgres://app:***@db:99999/app'"),
      (["CAPTCHA_GEN_STORE": "mysql://app:hunter2@db/app"], 64, "is invalid for 'CAPTCHA_GEN_STORE <store>'"),
      (
        ["CAPTCHA_GEN_STORE_FILE": unreadable], 66,
        "captcha-gen: CAPTCHA_GEN_STORE_FILE names \(unreadable), which cannot be read: No such file or directory."
      ),
      (["CAPTCHA_GEN_PORT": "70000"], 64, "CAPTCHA_GEN_PORT 70000 is out of range 0…65535"),
      (
        ["CAPTCHA_GEN_PROT": "8080"], 64,
        "CAPTCHA_GEN_PROT is not a serve setting; did you mean CAPTCHA_GEN_PORT?"
      ),
      (["CAPTCHA_GEN_DEV": "yes"], 64, "CAPTCHA_GEN_DEV is a switch: set it to 1 or 0"),
    ]
    for (environment, status, sentence) in cases {
      let r = try CLI.run(["serve"], environment: environment)
      XCTAssertEqual(r.status, status, "\(environment): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(sentence), "\(environment): \(r.stderr)")
      XCTAssertFalse(r.stderr.contains("hunter2"), "\(environment): the password is printed: \(r.stderr)")
    }
  }

  func testHealthcheckAsksServeOnItsPort() throws {
    let server = try ServeProcess.start(["--port", "0", "--kind", "slide", "--pool", "1"])
    defer { server.stop() }
    let address = try server.firstLine(timeout: 120)
    let port = try XCTUnwrap(address.split(separator: ":").last.map(String.init))
    let healthy = try CLI.run(["healthcheck", "--port", port])
    XCTAssertEqual(healthy.status, 0, healthy.stderr)
    XCTAssertEqual(healthy.stdout, "healthy: 127.0.0.1:\(port) answered 200 {\"status\":\"ok\"}\n")
    let fromEnvironment = try CLI.run(
      ["healthcheck"], environment: ["CAPTCHA_GEN_HOST": "0.0.0.0", "CAPTCHA_GEN_PORT": port])
    XCTAssertEqual(fromEnvironment.status, 0, "serve's own variables: \(fromEnvironment.stderr)")
    server.stop()
    let down = try CLI.run(["healthcheck", "--port", port, "--timeout", "1"])
    XCTAssertEqual(down.status, 1, "nothing listens any more: unhealthy")
    XCTAssertTrue(
      down.stderr.hasPrefix("captcha-gen: unhealthy: cannot connect to 127.0.0.1:\(port):"), down.stderr)
  }
}
