import CaptchaServe
import CaptchaService
import HummingbirdTesting
import XCTest

final class BadRequestTests: XCTestCase {
  func testMalformedBodiesAre400NamingTheField() async throws {
    try await ServeHarness.withServer { client, _ in
      let cases: [(String, String)] = [
        ("{\"kind\": 3}", "\"kind\" must be a string"),
        ("{\"kind\": \"wheel\"}", "kind \"wheel\" is not offered here; this server offers slide"),
        ("{\"inline_images\": \"yes\"}", "\"inline_images\" must be true or false"),
        ("[1, 2]", "the body must be a JSON object"),
        ("{\"kind\": ", "the body is not valid JSON"),
      ]
      for (body, message) in cases {
        let response = try await client.post("/v1/challenges", body)
        XCTAssertEqual(response.status, .badRequest, body)
        XCTAssertEqual(try response.errorMessage, message, body)
      }
      let id = try await client.issueID()
      let verifyCases: [(String, String)] = [
        ("{\"x\": \"left\"}", "\"x\" must be a number"),
        ("{\"path\": [[1, 2, 3]]}", "\"path[0]\" must be a pair [x, y]"),
        ("{\"x\": 3, \"track\": [{\"t\": 0, \"x\": 1}]}", "\"track[0].y\" is missing"),
        (
          "{\"x\": 3, \"track\": [{\"t\": 5, \"x\": 1, \"y\": 1}, {\"t\": 1, \"x\": 1, \"y\": 1}]}",
          "\"track\": sample 1 goes back in time (t must never decrease)"
        ),
        ("{\"x\": 3, \"display_width\": 0}", "\"display_width\" must be a positive number"),
        ("{\"step\": 1.5}", "\"step\" must be a whole number"),
      ]
      for (body, message) in verifyCases {
        let response = try await client.post("/v1/challenges/\(id)/verify", body)
        XCTAssertEqual(response.status, .badRequest, body)
        XCTAssertEqual(try response.errorMessage, message, body)
      }
      let wrongKind = try await client.post("/v1/challenges/\(id)/verify", "{\"angle\": 90}")
      XCTAssertEqual(wrongKind.status, .badRequest)
      XCTAssertEqual(
        try wrongKind.errorMessage,
        "a slide challenge is answered with \"x\" (or \"step\"), not \"angle\" (this challenge is now used up)"
      )
    }
  }

  func testUnknownIdsAndRoutesAre404WithJSON() async throws {
    try await ServeHarness.withServer { client, _ in
      let unknown = try await client.post(
        "/v1/challenges/0123456789abcdef0123456789abcdef/verify", "{\"x\": 1}")
      XCTAssertEqual(unknown.status, .notFound)
      XCTAssertTrue(try unknown.errorMessage.contains("is unknown"))
      let route = try await client.get("/v1/nothing-here")
      XCTAssertEqual(route.status, .notFound)
      XCTAssertEqual(try route.errorMessage, "no such endpoint: GET /v1/nothing-here")
    }
  }

  func testRateLimitIs429PerClient() async throws {
    try await ServeHarness.withServer(service: ServiceSettings(poolSize: 4, rateLimitPerMinute: 2)) {
      client, _ in
      for _ in 0..<2 {
        let admitted = try await client.post("/v1/challenges")
        XCTAssertEqual(admitted.status, .ok)
      }
      let limited = try await client.post("/v1/challenges")
      XCTAssertEqual(limited.status, .tooManyRequests)
      XCTAssertTrue(
        try limited.errorMessage.hasPrefix("too many requests from 127.0.0.0/24: the limit is 2 per minute"))
      XCTAssertNotNil(limited.headers[.retryAfter])
      let health = try await client.get("/healthz")
      XCTAssertEqual(health.status, .ok, "GETs are not limited")
    }
  }

  func testStoreDownIs503AndNeverAPass() async throws {
    try await ServeHarness.withServer(store: UnreachableStore()) { client, _ in
      let issue = try await client.post("/v1/challenges")
      XCTAssertEqual(issue.status, .serviceUnavailable)
      XCTAssertEqual(try issue.errorMessage, "the challenge store is unavailable; try again later")
      let verify = try await client.post(
        "/v1/challenges/0123456789abcdef0123456789abcdef/verify", "{\"x\": 1}")
      XCTAssertEqual(verify.status, .serviceUnavailable)
      let picture = try await client.get("/v1/challenges/0123456789abcdef0123456789abcdef/piece")
      XCTAssertEqual(picture.status, .serviceUnavailable)
      let health = try await client.get("/healthz")
      XCTAssertEqual(health.status, .serviceUnavailable)
      XCTAssertNotNil(try health.json["error"] as? String)
    }
  }
}
