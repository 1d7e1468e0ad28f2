import CaptchaServe
import CaptchaService
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import XCTest

/// The operator's report over HTTP: off without an admin token (404), 401 without the token, one
/// sentence for bad input, and the counts of what the API did, with the verify body's `client`.
final class AdminEndpointTests: XCTestCase {
  static let token = AdminToken("s3cret-admin-token")!
  static let bearer: HTTPFields = [.authorization: "Bearer s3cret-admin-token"]

  func withAdmin<T: Sendable>(
    _ test: @Sendable (any TestClientProtocol, ChallengeService) async throws -> T
  ) async throws -> T {
    try await ServeHarness.withServer(
      server: ServerSettings(port: 0, dev: true, adminToken: Self.token), test)
  }

  func testWithoutAnAdminTokenTheReportIsNotThere() async throws {
    try await ServeHarness.withServer { client, _ in
      let response = try await client.execute(uri: "/admin/v1/report", method: .get, headers: Self.bearer)
      XCTAssertEqual(response.status, .notFound)
    }
  }

  func testTheReportNeedsTheToken() async throws {
    try await withAdmin { client, _ in
      let none = try await client.get("/admin/v1/report")
      XCTAssertEqual(none.status, .unauthorized)
      XCTAssertEqual(none.headers[.wwwAuthenticate], "Bearer")
      XCTAssertTrue(try none.errorMessage.contains("admin token"))
      let wrong = try await client.execute(
        uri: "/admin/v1/report", method: .get, headers: [.authorization: "Bearer s3cret-admin-tokeN"])
      XCTAssertEqual(wrong.status, .unauthorized)
      XCTAssertFalse(wrong.text.contains("s3cret"), "the answer never shows the token")
    }
  }

  func testBadInputGetsOneSentence() async throws {
    try await withAdmin { client, _ in
      for (query, words) in [
        ("site=nosuch", "site \"nosuch\" is unknown here"), ("since=yesterday", "\"since\" is \"yesterday\""),
        ("until=soon", "\"until\" is \"soon\""),
        ("since=2027-01-15T09:00:00Z&until=2027-01-15T08:00:00Z", "the period is empty"),
      ] {
        let response = try await client.execute(
          uri: "/admin/v1/report?" + query, method: .get, headers: Self.bearer)
        XCTAssertEqual(response.status, .badRequest, query)
        let message = try response.errorMessage
        XCTAssertTrue(message.contains(words), "\(query): \(message)")
      }
    }
  }

  func testATimeWithAPlusOffsetWorksUnencoded() async throws {
    try await withAdmin { client, _ in
      // As curl and a browser's address bar send it, and as a form sends it.
      for query in [
        "since=2026-12-01T01:00:00+01:00&until=2026-12-01T03:00:00+01:00",
        "since=2026-12-01T01%3A00%3A00%2B01%3A00&until=2026-12-01T03%3A00%3A00%2B01%3A00",
      ] {
        let response = try await client.execute(
          uri: "/admin/v1/report?" + query, method: .get, headers: Self.bearer)
        XCTAssertEqual(response.status, .ok, "\(query): \(response.text)")
        XCTAssertEqual(try response.json["since"] as? String, "2026-12-01T00:00:00Z", query)
        XCTAssertEqual(try response.json["until"] as? String, "2026-12-01T02:00:00Z", query)
      }
    }
  }

  func testAClientObjectOfTheWrongShapeIsABadRequest() async throws {
    try await withAdmin { client, _ in
      for (body, words) in [
        (#"{"x": 1, "y": 1, "client": {"attempt": "two"}}"#, "\"client.attempt\" must be a number"),
        (#"{"x": 1, "y": 1, "client": {"attempt": 0}}"#, "\"client.attempt\" must be a whole number from 1"),
        (
          #"{"x": 1, "y": 1, "client": {"solve_ms": -5}}"#,
          "\"client.solve_ms\" must be a number of milliseconds"
        ),
        (#"{"x": 1, "y": 1, "client": {"webdriver": "yes"}}"#, "\"client.webdriver\" must be true or false"),
        (#"{"x": 1, "y": 1, "client": 3}"#, "\"client\" must be an object"),
      ] {
        let id = try await client.issueID()
        let response = try await client.post("/v1/challenges/\(id)/verify", body)
        XCTAssertEqual(response.status, .badRequest, body)
        let message = try response.errorMessage
        XCTAssertTrue(message.contains(words), "\(body): \(message)")
      }
    }
  }

  func testTheReportCountsWhatTheAPIDid() async throws {
    try await withAdmin { client, _ in
      let first = try await client.post("/v1/challenges").json
      let pass = try await client.post(
        "/v1/challenges/\(first["id"] as! String)/verify",
        String(try RightAnswer.body(first).dropLast())
          + #", "client": {"attempt": 1, "shown_ms": 120, "solve_ms": 4200, "pow_ms": 90}}"#)
      XCTAssertEqual(try pass.json["pass"] as? Bool, true, "the client object changes no verdict")
      let driven = try await client.post("/v1/challenges", #"{"client": {"webdriver": true}}"#).json
      _ = try await client.post(
        "/v1/challenges/\(driven["id"] as! String)/verify", try RightAnswer.body(driven))
      let response = try await client.execute(
        uri: "/admin/v1/report?since=1h", method: .get, headers: Self.bearer)
      XCTAssertEqual(response.status, .ok)
      let sites = try XCTUnwrap(try response.json["sites"] as? [[String: Any]])
      XCTAssertEqual(sites.map { $0["sitekey"] as? String }, ["default"])
      let rows = try XCTUnwrap(sites[0]["rows"] as? [[String: Any]])
      XCTAssertEqual(rows.map { $0["audience"] as? String }, ["automation", "people"])
      let people = rows[1]
      XCTAssertEqual(people["issued"] as? Int, 1)
      XCTAssertEqual(people["shown"] as? Int, 1)
      XCTAssertEqual(people["passed_first"] as? Int, 1)
      XCTAssertEqual(people["tokens"] as? Int, 1)
      XCTAssertEqual(
        (people["solve_ms"] as? [String: Any])?["p50"] as? Int, 4000, "the 3-5 s bucket's middle")
      XCTAssertEqual((people["pow_ms"] as? [String: Any])?["p50"] as? Int, 50)
      XCTAssertEqual(rows[0]["issued"] as? Int, 1, "the driven browser's challenge is automation's")
      XCTAssertEqual(rows[0]["passed_first"] as? Int, 1)
      XCTAssertFalse(response.text.contains(first["id"] as! String), "no challenge id in the report")
    }
  }

  func testMetricsCarryTheFunnelWithBoundedLabelsOnly() async throws {
    try await withAdmin { client, _ in
      let first = try await client.post("/v1/challenges").json
      _ = try await client.post(
        "/v1/challenges/\(first["id"] as! String)/verify",
        String(try RightAnswer.body(first).dropLast())
          + #", "client": {"attempt": 1, "shown_ms": 100, "solve_ms": 4200}}"#)
      let missed = try await client.post("/v1/challenges").json
      let target = try XCTUnwrap((missed["answer"] as? [String: Any])?["target"] as? [String: Int])
      let x = target["x"]! > 60 ? target["x"]! - 50 : target["x"]! + 50
      let wrong = try await client.post(
        "/v1/challenges/\(missed["id"] as! String)/verify", "{\"x\": \(x), \"y\": \(target["y"]!)}")
      XCTAssertEqual(try wrong.json["reason_code"] as? String, "not_in_gap")
      let text = try await client.get("/metrics").text
      let labels = #"site="default",kind="slide",look="default",audience="people""#
      for line in [
        "captcha_funnel_total{\(labels),outcome=\"issued\"} 2",
        "captcha_funnel_total{\(labels),outcome=\"passed_first\"} 1",
        "captcha_funnel_total{\(labels),outcome=\"failed\"} 1",
        "captcha_funnel_total{\(labels),outcome=\"shown\"} 1",
        "captcha_funnel_failed_total{\(labels),reason=\"not_in_gap\"} 1",
        "captcha_funnel_attempted_total{\(labels),attempt=\"first\"} 2",
        "captcha_solve_ms_bucket{\(labels),le=\"3000\"} 1",
        "captcha_solve_ms_bucket{\(labels),le=\"5000\"} 2",
        "captcha_solve_ms_bucket{\(labels),le=\"+Inf\"} 2",
        "captcha_solve_ms_count{\(labels)} 2",
      ] {
        XCTAssertTrue(text.contains(line + "\n"), "missing \(line) in\n\(text)")
      }
      XCTAssertFalse(text.contains(first["id"] as! String), "no challenge id in /metrics")
      XCTAssertFalse(text.contains("127.0.0.1"), "no address in /metrics")
    }
  }

  func testTheDashboardSignsInWithACookieAndShowsTheReportsNumbers() async throws {
    try await withAdmin { client, _ in
      let challenge = try await client.post("/v1/challenges").json
      _ = try await client.post(
        "/v1/challenges/\(challenge["id"] as! String)/verify", try RightAnswer.body(challenge))
      let signIn = try await client.get("/admin/")
      XCTAssertEqual(signIn.status, .unauthorized)
      XCTAssertTrue(signIn.text.contains("<form method=\"post\" action=\"/admin/login\">"), signIn.text)
      XCTAssertEqual(signIn.headers[.contentSecurityPolicy], AdminRoutesPolicy.expected)
      let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
      let wrong = try await client.execute(
        uri: "/admin/login", method: .post, headers: form, body: ByteBuffer(string: "token=nope"))
      XCTAssertEqual(wrong.status, .unauthorized)
      XCTAssertTrue(wrong.text.contains("That is not the admin token."))
      let right = try await client.execute(
        uri: "/admin/login", method: .post, headers: form,
        body: ByteBuffer(string: "token=s3cret-admin-token"))
      XCTAssertEqual(right.status, .seeOther)
      let cookie = try XCTUnwrap(right.headers[.setCookie])
      XCTAssertTrue(cookie.hasPrefix("captcha_gen_admin=") && cookie.contains("HttpOnly"), cookie)
      let page = try await client.execute(
        uri: "/admin/?since=1h", method: .get, headers: [.cookie: String(cookie.prefix { $0 != ";" })])
      XCTAssertEqual(page.status, .ok)
      XCTAssertEqual(page.headers[.contentSecurityPolicy], AdminRoutesPolicy.expected)
      let html = page.text
      XCTAssertTrue(
        html.contains(#"<tr data-kind="slide" data-look="default" data-audience="people">"#), html)
      XCTAssertTrue(html.contains(#"<td data-metric="passed_first">1</td>"#), html)
      XCTAssertTrue(html.contains("<svg class=\"chart\" role=\"img\""), html)
      XCTAssertFalse(html.contains("<script"), "no script on the dashboard")
      XCTAssertFalse(html.contains("s3cret-admin-token"), "the page never shows the token")
      XCTAssertFalse(html.contains(challenge["id"] as! String), "nor a challenge id")
      let css = try await client.get("/admin/dashboard.css")
      XCTAssertEqual(css.headers[.contentType], "text/css; charset=utf-8")
    }
  }

  func testWithoutAnAdminTokenTheDashboardIsNotThere() async throws {
    try await ServeHarness.withServer { client, _ in
      let response = try await client.get("/admin/")
      XCTAssertEqual(response.status, .notFound)
    }
  }
}

enum AdminRoutesPolicy {
  static let expected =
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
}
