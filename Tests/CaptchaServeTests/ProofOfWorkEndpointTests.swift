import CaptchaProofOfWork
import CaptchaServe
import CaptchaService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest

/// The proof of work over HTTP: malformed solutions are 400s, the no-puzzle challenge, the worker
/// script, and X-Forwarded-For believed only from trusted proxies.
final class ProofOfWorkEndpointTests: XCTestCase {
  static let pow = PowSettings(tableLog2: 12, steps: 16, puzzles: 4, baseDifficulty: 8)

  func testMalformedSolutionsAre400AndLeaveTheChallengeUnused() async throws {
    try await ServeHarness.withServer(service: ServiceSettings(poolSize: 2, pow: Self.pow)) { client, _ in
      let id = try await client.issueID()
      let cases: [(String, String)] = [
        (#"{"pow": "solved"}"#, "\"pow\" must be an object"),
        (#"{"pow": {}}"#, "\"pow.nonces\" is missing"),
        (#"{"pow": {"nonces": 7}}"#, "\"pow.nonces\" must be a list"),
        (#"{"pow": {"nonces": [1, -1]}}"#, "\"pow.nonces[1]\" must be a whole number from 0 to 4294967295"),
        (#"{"pow": {"nonces": [1.5]}}"#, "\"pow.nonces[0]\" must be a whole number from 0 to 4294967295"),
        (
          #"{"pow": {"nonces": [4294967296]}}"#,
          "\"pow.nonces[0]\" must be a whole number from 0 to 4294967295"
        ),
        (
          "{\"pow\": {\"nonces\": [" + Array(repeating: "1", count: 300).joined(separator: ",") + "]}}",
          "\"pow.nonces\" has 300 entries; a solution has at most 256"
        ),
      ]
      let empty = try await client.post("/v1/challenges/\(id)/verify", "")
      XCTAssertEqual(empty.status, .badRequest)
      XCTAssertEqual(try empty.errorMessage, "the request has no body; send the answer as a JSON object")
      for (body, message) in cases {
        let response = try await client.post("/v1/challenges/\(id)/verify", body)
        XCTAssertEqual(response.status, .badRequest, body)
        XCTAssertEqual(try response.errorMessage, message)
      }
      let verdict = try await client.post("/v1/challenges/\(id)/verify", #"{"x": 1, "y": 1}"#)
      XCTAssertEqual(verdict.status, .ok, "the 400s did not use the challenge up")
      XCTAssertEqual(try verdict.json["pass"] as? Bool, false)
      XCTAssertEqual(
        try verdict.json["reason"] as? String, "this challenge needs its proof of work (\"pow\") solved")
      XCTAssertEqual(try verdict.json["reason_code"] as? String, "pow_missing", "the key the widget words")
    }
  }

  func testTheNoPuzzleChallengeHasNoPicturesAndPassesOnItsProofOfWork() async throws {
    let service = ChallengeService(
      factories: [try ServeHarness.factory("slide")], stores: .inMemory(),
      settings: ServiceSettings(poolSize: 2, pow: Self.pow), noPuzzle: NoPuzzleOffer(isDefault: true))
    let app = try CaptchaServer.application(
      service: service, settings: ServerSettings(port: 0), logger: .init(label: "t"))
    try await app.test(.live) { client in
      let challenge = try await client.post("/v1/challenges").json
      XCTAssertEqual(challenge["kind"] as? String, "pow", "it came first, so it is the default")
      XCTAssertNil(challenge["background"])
      XCTAssertNil(challenge["width"])
      let id = try XCTUnwrap(challenge["id"] as? String)
      let pow = try XCTUnwrap(challenge["pow"] as? [String: Any])
      XCTAssertEqual(pow["level"] as? Int, 3)
      let picture = try await client.get("/v1/challenges/\(id)/background")
      XCTAssertEqual(picture.status, .notFound)
      let puzzle = Self.pow.puzzle(level: 3, salt: try XCTUnwrap(PowPuzzle.salt(challengeID: id)))
      let nonces = try XCTUnwrap(PowTable.shared(log2Words: 12).solve(puzzle)).nonces
      let verdict = try await client.post(
        "/v1/challenges/\(id)/verify", "{\"pow\": {\"nonces\": \(nonces)}}")
      XCTAssertEqual(try verdict.json["pass"] as? Bool, true, verdict.text)
      XCTAssertNil(challenge["no_puzzle"], "the no-puzzle challenge offers no other")
      let slide = try await client.post("/v1/challenges", #"{"kind": "slide"}"#).json
      XCTAssertEqual(slide["no_puzzle"] as? Bool, true, "the widget may offer \"I can't solve the puzzle\"")
      let demo = try await client.get("/").text
      XCTAssertTrue(demo.contains("<div data-captcha-gen data-kind=\"slide\"></div>"))
      XCTAssertFalse(
        demo.contains("data-kind=\"pow\""),
        "the demo page shows no empty box for the invisible no-puzzle widget")
    }
  }

  func testTheWorkerScriptIsServed() async throws {
    try await ServeHarness.withServer { client, _ in
      let script = try await client.get("/pow-worker.js")
      XCTAssertEqual(script.status, .ok)
      XCTAssertEqual(script.headers[.contentType], "application/javascript; charset=utf-8")
      XCTAssertTrue(script.text.contains("table-walk-v1"))
    }
  }

  func testTheWidgetIsJoinedFromItsPartsIntoOneScript() async throws {
    try await ServeHarness.withServer { client, _ in
      let widget = try await client.get("/widget.js").text
      XCTAssertTrue(widget.hasPrefix("(function () {\n"), "one function scope around the parts")
      XCTAssertTrue(widget.contains("const CaptchaGenParts = {};"), "that holds the parts' namespace")
      XCTAssertTrue(
        widget.hasSuffix("  CaptchaGenParts.mount.start();\n})();\n"), "and starts the widget last")
      for part in [
        "function createClient(", "function slideControl(", "function powSolver(", "function powControl(",
        "function step(",
      ] {
        XCTAssertTrue(widget.contains(part), part)
      }
    }
  }

  func testForwardedForFromAnUntrustedPeerIsIgnored() async throws {
    try await ServeHarness.withServer(service: ServiceSettings(poolSize: 4, rateLimitPerMinute: 2)) {
      client, _ in
      for spoofed in ["203.0.113.1", "203.0.113.2"] {
        let admitted = try await client.execute(
          uri: "/v1/challenges", method: .post, headers: [.xForwardedForTest: spoofed])
        XCTAssertEqual(admitted.status, .ok)
      }
      let limited = try await client.execute(
        uri: "/v1/challenges", method: .post, headers: [.xForwardedForTest: "198.51.100.99"])
      XCTAssertEqual(limited.status, .tooManyRequests, "a new X-Forwarded-For does not make a new client")
      XCTAssertTrue(try limited.errorMessage.hasPrefix("too many requests from 127.0.0.0/24"))
    }
  }

  func testForwardedForFromATrustedProxyNamesTheClient() async throws {
    let proxies = try TrustedProxies.parse("127.0.0.1, 10.0.0.0/8").get()
    let log = RecordingLog()
    try await ServeHarness.withServer(
      service: ServiceSettings(poolSize: 4, rateLimitPerMinute: 2),
      server: ServerSettings(port: 0, trustedProxies: proxies), logger: log.logger
    ) { client, _ in
      func issue(_ forwarded: String) async throws -> TestResponse {
        try await client.execute(
          uri: "/v1/challenges", method: .post, headers: [.xForwardedForTest: forwarded])
      }
      let first = try await issue("203.0.113.5")
      XCTAssertEqual(first.status, .ok)
      let second = try await issue("198.51.100.1, 203.0.113.6, 10.1.2.3")
      XCTAssertEqual(second.status, .ok, "the right-most address that is not a trusted proxy is 203.0.113.6")
      let other = try await issue("198.51.100.1")
      XCTAssertEqual(other.status, .ok, "another client has its own limit")
      let third = try await issue("203.0.113.200")
      XCTAssertEqual(third.status, .tooManyRequests)
      XCTAssertTrue(try third.errorMessage.hasPrefix("too many requests from 203.0.113.0/24"))
      _ = try await client.execute(
        uri: "/v1/challenges/\(String(repeating: "0", count: 32))/verify", method: .post,
        headers: [.xForwardedForTest: "198.51.100.1"], body: ByteBuffer(string: "{\"x\": 1}"))
      XCTAssertEqual(
        log.verifies.last?.metadata["client"], "198.51.100.0/24",
        "the verify log names the forwarded client's network, not the proxy's")
    }
  }
}

extension HTTPField.Name {
  static let xForwardedForTest = HTTPField.Name("X-Forwarded-For")!
}
