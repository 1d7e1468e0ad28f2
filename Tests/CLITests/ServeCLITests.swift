import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `captcha-gen serve`: bad options exit 64 (66 for a missing image folder) with one sentence, and
/// `--port 0` prints the bound address first.
final class ServeCLITests: XCTestCase {
  func testBadOptionsAreUsageErrorsNamingTheOption() throws {
    let cases: [([String], Int32, String)] = [
      (
        ["--kind", "wheel"], 64,
        "'wheel' is not a captcha kind; expected a comma list of slide, rotate, pattern"
      ),
      (["--kind", "slide,slide"], 64, "a kind is listed twice"),
      (["--kind", "slide", "--kind", "rotate,slide"], 64, "a kind is listed twice"),
      (
        ["--kind", "rotate,pattern", "--shape", "star"], 64,
        "--shape applies to none of the kinds rotate, pattern"
      ),
      (["--store", "mysql://u@h/db"], 64, "expected memory or postgres://USER@HOST:PORT/DB"),
      (["--store", "postgres://h:5432/db"], 64, "The PostgreSQL URL 'postgres://h:5432/db' names no user"),
      (["--rate-limit", "fast"], 64, "expected N/min with a whole number N ≥ 0"),
      (["--port", "70000"], 64, "--port 70000 is out of range 0…65535"),
      (["--kind", "pow,slide,pow"], 64, "a kind is listed twice"),
      (
        ["--kind", "slide,pow", "--pow", "off"], 64,
        "--kind pow is the proof of work alone; it cannot run with --pow off"
      ),
      (["--pow", "maybe"], 64, "--pow"),
      (["--pow-difficulty", "0"], 64, "the difficulty must be at least 1"),
      (
        ["--pow-difficulty", "1000000", "--pow-max-level", "20"], 64,
        "doubled at each of 20 levels, at most 2^32"
      ),
      (["--trust-proxy", "10.0.0.0/33"], 64, "\"10.0.0.0/33\" is not an address block"),
      (["--trust-proxy", "10.0.0.1,proxy.example"], 64, "\"proxy.example\" is not an address block"),
      (["--client-prefix", "24"], 64, "expected IPV4_BITS,IPV6_BITS such as 24,56"),
      (["--levels", "requests=0"], 64, "expected KEY=POSITIVE_NUMBER entries"),
      (
        ["--levels", "speed=3"], 64,
        "unknown key 'speed'; the keys are requests, failures, passes, site-requests, site-failures, "
          + "per-pass, half-life, no-puzzle-extra"
      ),
      (["--levels", "passes=100,per-pass=0"], 64, "got 'per-pass=0'"),
      (["--ttl", "0"], 64, "--ttl 0 must be at least 1 second"),
      (["--pool", "0"], 64, "--pool 0 must be in 1…100000"),
      (["--pool", "100000000"], 64, "--pool 100000000 must be in 1…100000"),
      (["--workers", "0"], 64, "--workers 0 must be in 1…256"),
      (["--workers", "100000"], 64, "--workers 100000 must be in 1…256"),
      (
        ["--levels", ","], 64,
        "expected KEY=POSITIVE_NUMBER entries such as requests=10,half-life=600; got none"
      ),
      (["--kind", "rotate", "--shape", "star"], 64, "--shape does not apply to --kind rotate"),
      (["--kind", "slide", "--length", "5"], 64, "--length does not apply to --kind slide"),
      (
        ["--images", "/nonexistent-captcha-photos"], 66,
        "The image folder /nonexistent-captcha-photos does not exist."
      ),
    ]
    for (args, status, message) in cases {
      let r = try CLI.run(["serve", "--port", "0"] + args)
      XCTAssertEqual(r.status, status, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
    }
  }

  func testAPortInUseIsAnIOError() throws {
    let first = try ServeProcess.start(["--port", "0", "--kind", "slide", "--pool", "1"])
    defer { first.stop() }
    let address = try first.firstLine(timeout: 120)
    let port = try XCTUnwrap(address.split(separator: ":").last.map(String.init))
    let second = try CLI.run(["serve", "--port", port, "--kind", "slide", "--pool", "1"])
    XCTAssertEqual(second.status, 74, second.stderr)
    XCTAssertTrue(
      second.stderr.contains("captcha-gen: serve cannot listen on 127.0.0.1:\(port): the port is in use;"),
      second.stderr)
  }

  func testPortZeroPrintsTheAddressFirstAndServes() async throws {
    // `--kind` given twice offers both lists' kinds, the first first.
    let server = try ServeProcess.start([
      "--port", "0", "--kind", "pattern", "--kind", "rotate", "--pool", "1", "--dev",
    ])
    defer { server.stop() }
    let line = try server.firstLine(timeout: 120)
    XCTAssertTrue(line.hasPrefix("listening on http://127.0.0.1:"), line)
    let base = try XCTUnwrap(URL(string: String(line.dropFirst("listening on ".count))))
    func issue(_ body: String) async throws -> [String: Any] {
      var request = URLRequest(url: base.appendingPathComponent("v1/challenges"))
      request.httpMethod = "POST"
      request.httpBody = Data(body.utf8)
      let (data, response) = try await URLSession.shared.data(for: request)
      XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, body)
      return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
    let challenge = try await issue("{}")
    XCTAssertEqual(challenge["kind"] as? String, "pattern")
    let rotate = try await issue(#"{"kind": "rotate"}"#)
    XCTAssertEqual(rotate["kind"] as? String, "rotate")
    XCTAssertNotNil(challenge["answer"], "--dev adds the answer")
    let pow = try XCTUnwrap(challenge["pow"] as? [String: Any], "the proof of work is on by default")
    XCTAssertEqual(pow["algorithm"] as? String, "table-walk-v1")
    XCTAssertEqual(pow["level"] as? Int, 1)
    server.stop()
    XCTAssertTrue(server.stderr().contains("--dev is on"), "a warning is logged at start")
    XCTAssertFalse(server.stderr().contains("--pow off"))
  }

  func testPowOffWarnsAndLeavesThePuzzleOut() async throws {
    let server = try ServeProcess.start(["--port", "0", "--kind", "slide", "--pool", "1", "--pow", "off"])
    defer { server.stop() }
    let line = try server.firstLine(timeout: 120)
    let base = try XCTUnwrap(URL(string: String(line.dropFirst("listening on ".count))))
    var request = URLRequest(url: base.appendingPathComponent("v1/challenges"))
    request.httpMethod = "POST"
    let (data, _) = try await URLSession.shared.data(for: request)
    let challenge = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertNil(challenge["pow"])
    server.stop()
    XCTAssertTrue(server.stderr().contains("--pow off: challenges carry no proof of work"), server.stderr())
  }
}

/// A `captcha-gen serve` process running in the background.
final class ServeProcess: @unchecked Sendable {
  let process = Process()
  let out = Pipe()
  let err = Pipe()
  private var buffered = Data()

  static func start(_ args: [String], environment: [String: String] = [:]) throws -> ServeProcess {
    let server = ServeProcess()
    server.process.executableURL = CLI.executableURL
    server.process.arguments = ["serve"] + args
    if !environment.isEmpty {
      server.process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    server.process.standardOutput = server.out
    server.process.standardError = server.err
    try server.process.run()
    return server
  }

  /// The first line the server writes on stdout (fails after `timeout` seconds).
  func firstLine(timeout: Double) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let newline = buffered.firstIndex(of: 10) {
        return String(decoding: buffered[..<newline], as: UTF8.self)
      }
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty {
        throw ServeProcessError(message: "serve exited before printing its address: \(stderr())")
      }
      buffered.append(chunk)
    }
    throw ServeProcessError(message: "serve printed no address within \(timeout) s")
  }

  /// Ends the server (SIGTERM) and waits for it.
  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// Ends the server at once (SIGKILL), as a crash or an OOM kill would, and waits for it.
  func kill() {
    if process.isRunning {
      _ = Foundation.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// Everything the server wrote on stderr (after `stop`).
  func stderr() -> String {
    String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}

struct ServeProcessError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
