import CaptchaServe
import CaptchaService
import Foundation
import HummingbirdTesting
import XCTest

final class OperationalEndpointTests: XCTestCase {
  func testHealthzOpenAPIWidgetAndDemoPage() async throws {
    try await ServeHarness.withServer(kinds: ["rotate", "slide"]) { client, _ in
      let health = try await client.get("/healthz")
      XCTAssertEqual(health.status, .ok)
      XCTAssertEqual(try health.json["status"] as? String, "ok")
      let spec = try await client.get("/v1/openapi.json")
      XCTAssertEqual(spec.headers[.contentType], "application/json")
      XCTAssertNotNil(try spec.json["openapi"] as? String)
      let widget = try await client.get("/widget.js")
      XCTAssertEqual(widget.headers[.contentType], "application/javascript; charset=utf-8")
      XCTAssertTrue(widget.text.contains("CaptchaGen"))
      let page = try await client.get("/")
      XCTAssertEqual(page.headers[.contentType], "text/html; charset=utf-8")
      XCTAssertFalse(page.text.contains("<!-- captcha-gen:widgets -->"))
      let rotate = try XCTUnwrap(page.text.range(of: "<div data-captcha-gen data-kind=\"rotate\"></div>"))
      let slide = try XCTUnwrap(page.text.range(of: "<div data-captcha-gen data-kind=\"slide\"></div>"))
      XCTAssertLessThan(rotate.lowerBound, slide.lowerBound, "widgets in --kind order")
    }
  }

  func testMetricsNamesArePresentAndCount() async throws {
    try await ServeHarness.withServer(kinds: ["slide", "rotate"], server: ServerSettings(port: 0, dev: true))
    {
      client, _ in
      let challenge = try await client.post("/v1/challenges").json
      let id = try XCTUnwrap(challenge["id"] as? String)
      try await client.post("/v1/challenges/\(id)/verify", try RightAnswer.body(challenge))
      let failed = try await client.issueID()
      try await client.post("/v1/challenges/\(failed)/verify", "{\"x\": -50}")
      let metrics = try await client.get("/metrics")
      XCTAssertEqual(metrics.headers[.contentType], "text/plain; version=0.0.4; charset=utf-8")
      let text = metrics.text
      for line in [
        "captcha_challenges_issued_total{kind=\"slide\"} 2",
        "captcha_challenges_issued_total{kind=\"rotate\"} 0",
        "captcha_challenges_verified_total{kind=\"slide\",result=\"pass\"} 1",
        "captcha_challenges_verified_total{kind=\"slide\",result=\"fail\"} 1",
        "captcha_challenges_expired_total{kind=\"slide\"} 0",
      ] {
        XCTAssertTrue(text.contains(line + "\n"), "missing \(line) in\n\(text)")
      }
      for name in [
        "captcha_pool_depth", "captcha_pool_refilled_total", "captcha_pool_refill_seconds_total",
        "captcha_pool_empty_total", "captcha_pool_capacity",
      ] {
        XCTAssertTrue(text.contains("\(name){kind=\"rotate\"} "), "missing \(name)")
      }
    }
  }
}
