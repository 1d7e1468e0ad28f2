import CaptchaKit
import CaptchaServe
import CaptchaService
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// The siteverify of Turnstile, hCaptcha and reCAPTCHA over HTTP: each service's fields and error
/// codes, always HTTP 200, the token rules of `/v1/siteverify`, and the drop-in scripts.
final class DropInEndpointTests: XCTestCase {
  static let sites = SiteverifyEndpointTests.sites
  static let form = SiteverifyEndpointTests.form
  static let json = SiteverifyEndpointTests.json
  static let turnstile = "/turnstile/v0/siteverify"
  static let hcaptcha = "/siteverify"
  static let recaptcha = "/recaptcha/api/siteverify"
  /// Each service's siteverify and its code for a token checked before.
  static let shapes = [
    (turnstile, "timeout-or-duplicate"), (hcaptcha, "already-seen-response"),
    (recaptcha, "timeout-or-duplicate"),
  ]

  static func withServer(
    sites: SiteRegistry = sites, tokens: any PassTokenStore = MemoryPassTokenStore(),
    _ test: @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    try await ServeHarness.withServer(
      tokens: tokens, sites: sites, server: ServerSettings(port: 0, dev: true)
    ) {
      client, _ in try await test(client)
    }
  }

  static func token(_ client: any TestClientProtocol, sitekey: String = "shop") async throws -> String {
    let origin = sitekey == "shop" ? "https://shop.example" : "https://blog.example"
    let verdict = try await SiteverifyEndpointTests.token(client, sitekey: sitekey, origin: origin)
    return try XCTUnwrap(verdict["token"] as? String)
  }

  func testEachServiceAcceptsATokenOnceInItsShapeFromAFormOrJSON() async throws {
    try await Self.withServer { client in
      for (path, duplicate) in Self.shapes {
        for useJSON in [false, true] {
          let token = try await Self.token(client)
          let body =
            useJSON
            ? "{\"secret\": \"shop-secret\", \"response\": \"\(token)\", \"remoteip\": \"203.0.113.9\"}"
            : "secret=shop-secret&response=\(token)&remoteip=203.0.113.9"
          let headers = useJSON ? Self.json : Self.form
          var withOrigin = headers
          withOrigin[.origin] = "https://shop.example"
          let first = try await client.post(path, body, headers: withOrigin)
          XCTAssertEqual(first.status, .ok, path)
          let answer = try first.json
          XCTAssertEqual(answer["success"] as? Bool, true, "\(path): \(answer)")
          XCTAssertEqual(answer["hostname"] as? String, "shop.example", path)
          XCTAssertNotNil(answer["challenge_ts"] as? String, path)
          XCTAssertEqual(answer["error-codes"] as? [String], [], path)
          XCTAssertNil(first.headers[.accessControlAllowOrigin], "\(path) is for servers: no CORS")
          let again = try await client.post(path, body, headers: headers)
          XCTAssertEqual(again.status, .ok, path)
          XCTAssertEqual(try again.json["success"] as? Bool, false, path)
          XCTAssertEqual(try again.json["error-codes"] as? [String], [duplicate], path)
        }
      }
    }
  }

  func testEachServicesOwnFieldsOnSuccessAndFailure() async throws {
    try await Self.withServer { client in
      let turnstile = try await client.post(
        Self.turnstile, "secret=shop-secret&response=\(try await Self.token(client))", headers: Self.form
      ).json
      XCTAssertEqual(turnstile["action"] as? String, "")
      XCTAssertEqual(turnstile["cdata"] as? String, "")
      let hcaptcha = try await client.post(
        Self.hcaptcha, "secret=shop-secret&response=\(try await Self.token(client))", headers: Self.form
      ).json
      XCTAssertEqual(hcaptcha["credit"] as? Bool, false)
      let recaptcha = try await client.post(
        Self.recaptcha, "secret=shop-secret&response=\(try await Self.token(client))", headers: Self.form
      ).json
      XCTAssertEqual(recaptcha["score"] as? Double, 1.0, "a passed puzzle scores 1.0")
      XCTAssertNil(recaptcha["action"], "no action was given, so none comes back (a v2 widget)")
      let refused = try await client.post(
        Self.recaptcha, "secret=shop-secret&response=nope", headers: Self.form)
      XCTAssertEqual(try refused.json["score"] as? Double, 0.0)
      XCTAssertEqual(try refused.json["error-codes"] as? [String], ["invalid-input-response"])
      XCTAssertEqual(try refused.errorMessage, "\"response\" is not a pass token")
    }
  }

  func testActionAndCdataTheWidgetCarriesComeBack() async throws {
    try await Self.withServer { client in
      let turnstile = try await client.post(
        Self.turnstile, "secret=shop-secret&response=\(try await Self.token(client))~login~order_42",
        headers: Self.form
      ).json
      XCTAssertEqual(turnstile["success"] as? Bool, true, "\(turnstile)")
      XCTAssertEqual(turnstile["action"] as? String, "login")
      XCTAssertEqual(turnstile["cdata"] as? String, "order_42")
      let recaptcha = try await client.post(
        Self.recaptcha, "secret=shop-secret&response=\(try await Self.token(client))~shop/signup",
        headers: Self.form
      ).json
      XCTAssertEqual(recaptcha["success"] as? Bool, true, "\(recaptcha)")
      XCTAssertEqual(recaptcha["action"] as? String, "shop/signup")
      XCTAssertEqual(recaptcha["score"] as? Double, 1.0)
      let token = try await Self.token(client)
      let bad = try await client.post(
        Self.turnstile, "secret=shop-secret&response=\(token)~no%20spaces", headers: Self.form)
      XCTAssertEqual(try bad.json["error-codes"] as? [String], ["invalid-input-response"])
      let good = try await client.post(
        Self.turnstile, "secret=shop-secret&response=\(token)", headers: Self.form)
      XCTAssertEqual(try good.json["success"] as? Bool, true, "a refused label did not use the token up")
    }
  }

  func testBadInputGetsEachServicesCodeAlwaysWithStatus200() async throws {
    try await Self.withServer { client in
      let long = String(repeating: "A", count: 3000)
      let huge = "secret=shop-secret&response=" + String(repeating: "A", count: 20_000)
      let cases: [(String, HTTPFields, String)] = [
        ("{}", Self.json, "missing-input-secret"),
        ("response=abc", Self.form, "missing-input-secret"),
        ("secret=guess&response=abc", Self.form, "invalid-input-secret"),
        ("secret=shop-secret", Self.form, "missing-input-response"),
        ("secret=shop-secret&response=fake-token-123", Self.form, "invalid-input-response"),
        (
          "secret=shop-secret&response=cg1.1999999999.\(String(repeating: "A", count: 32))", Self.form,
          "unknown"
        ),
        ("secret=shop-secret&response=\(long)", Self.form, "invalid-input-response"),
        ("secret=shop-secret&response=abc", [.contentType: "text/plain"], "bad-request"),
        ("{\"secret\": 5}", Self.json, "bad-request"),
        ("{not json", Self.json, "bad-request"),
        (huge, Self.form, "bad-request"),
      ]
      for path in [Self.turnstile, Self.hcaptcha, Self.recaptcha] {
        for (body, headers, code) in cases {
          let r = try await client.post(path, body, headers: headers)
          XCTAssertEqual(r.status, .ok, "\(path) \(body.prefix(40))")
          XCTAssertEqual(try r.json["success"] as? Bool, false, "\(path) \(body.prefix(40))")
          let expected =
            code != "unknown"
            ? code : path == Self.hcaptcha ? "invalid-or-already-seen-response" : "invalid-input-response"
          XCTAssertEqual(try r.json["error-codes"] as? [String], [expected], "\(path) \(body.prefix(40))")
          XCTAssertFalse(try r.errorMessage.isEmpty)
        }
      }
    }
  }

  func testAnotherSitesTokenIsRefusedOnEveryShapeAndStaysUsable() async throws {
    try await Self.withServer { client in
      for (path, _) in Self.shapes {
        let blogToken = try await Self.token(client, sitekey: "blog")
        let wrong = try await client.post(
          path, "secret=shop-secret&response=\(blogToken)", headers: Self.form)
        XCTAssertEqual(wrong.status, .ok)
        XCTAssertEqual(try wrong.json["error-codes"] as? [String], ["invalid-input-response"], path)
        XCTAssertEqual(try wrong.errorMessage, "this pass token belongs to another site")
        let right = try await client.post(
          path, "secret=blog-secret&response=\(blogToken)", headers: Self.form)
        XCTAssertEqual(try right.json["success"] as? Bool, true, path)
      }
    }
  }

  func testATokenOfOneShapeWorksOnEveryOtherButOnlyOnce() async throws {
    try await Self.withServer { client in
      let token = try await Self.token(client)
      let first = try await client.post(
        Self.turnstile, "secret=shop-secret&response=\(token)", headers: Self.form)
      XCTAssertEqual(try first.json["success"] as? Bool, true)
      for path in [Self.hcaptcha, Self.recaptcha, "/v1/siteverify"] {
        let replay = try await client.post(path, "secret=shop-secret&response=\(token)", headers: Self.form)
        XCTAssertEqual(try replay.json["success"] as? Bool, false, "\(path): one token, one success")
      }
    }
  }

  func testRecaptchaReadsAGetsQueryAndHcaptchaChecksTheSitekey() async throws {
    try await Self.withServer { client in
      let token = try await Self.token(client)
      let get = try await client.get("\(Self.recaptcha)?secret=shop-secret&response=\(token)")
      XCTAssertEqual(get.status, .ok)
      XCTAssertEqual(try get.json["success"] as? Bool, true, get.text)
      for uri in [Self.recaptcha, "\(Self.recaptcha)?v=2", "\(Self.recaptcha)?secret=%zz"] {
        let bad = try await client.get(uri)
        XCTAssertEqual(bad.status, .ok, uri)
        XCTAssertEqual(try bad.json["error-codes"] as? [String], ["bad-request"], uri)
      }
      let posted = try await Self.token(client)
      let post = try await client.post(
        "\(Self.recaptcha)?hl=en", "secret=shop-secret&response=\(posted)", headers: Self.form)
      XCTAssertEqual(try post.json["success"] as? Bool, true, "a query without the fields leaves the body")
      let other = try await Self.token(client)
      let mismatch = try await client.post(
        Self.hcaptcha, "secret=shop-secret&response=\(other)&sitekey=blog", headers: Self.form)
      XCTAssertEqual(try mismatch.json["error-codes"] as? [String], ["sitekey-secret-mismatch"])
      let matching = try await client.post(
        Self.hcaptcha, "secret=shop-secret&response=\(other)&sitekey=shop", headers: Self.form)
      XCTAssertEqual(try matching.json["success"] as? Bool, true, "the mismatch did not use the token up")
    }
  }

  func testTurnstilesIdempotencyKeyGivesTheFirstAnswerAgain() async throws {
    try await Self.withServer { client in
      let token = try await Self.token(client)
      let body = "secret=shop-secret&response=\(token)&idempotency_key=8a5f0c2e-retry"
      let first = try await client.post(Self.turnstile, body, headers: Self.form)
      let retry = try await client.post(Self.turnstile, body, headers: Self.form)
      XCTAssertEqual(try first.json["success"] as? Bool, true)
      XCTAssertEqual(try retry.json["success"] as? Bool, true, "a retry with the same key")
      let hcaptcha = try await client.post(Self.hcaptcha, body, headers: Self.form)
      XCTAssertEqual(try hcaptcha.json["success"] as? Bool, false, "hCaptcha has no idempotency key")
    }
  }

  func testAnUnreachableTokenStoreIsInternalErrorNeverSuccess() async throws {
    try await Self.withServer(tokens: UnreachableTokenStore()) { client in
      let token = PassToken.make(expiresAt: Date(timeIntervalSince1970: 1_900_000_000)).text
      for (path, _) in Self.shapes {
        let r = try await client.post(path, "secret=shop-secret&response=\(token)", headers: Self.form)
        XCTAssertEqual(r.status, .ok)
        XCTAssertEqual(try r.json["success"] as? Bool, false)
        XCTAssertEqual(try r.json["error-codes"] as? [String], ["internal-error"])
      }
    }
  }

  func testTheServicesPublishedTestKeysWorkOnlyWithTestKeys() async throws {
    let keys: [(String, String, Bool)] = [
      (Self.turnstile, ServiceTestKeys.turnstilePassSecret, true),
      (Self.turnstile, ServiceTestKeys.turnstileFailSecret, false),
      (Self.hcaptcha, ServiceTestKeys.hcaptchaSecret, true),
      (Self.recaptcha, ServiceTestKeys.recaptchaSecret, true),
    ]
    try await Self.withServer { client in
      for (path, secret, _) in keys {
        let r = try await client.post(path, "secret=\(secret)&response=anything", headers: Self.form)
        XCTAssertEqual(
          try r.json["error-codes"] as? [String], ["invalid-input-secret"], "\(secret) without --test-keys")
      }
    }
    try await Self.withServer(sites: Self.sites.addingTestKeys()) { client in
      for (path, secret, passes) in keys {
        let r = try await client.post(path, "secret=\(secret)&response=anything", headers: Self.form)
        XCTAssertEqual(try r.json["success"] as? Bool, passes, "\(secret) with --test-keys")
      }
      let challenge = try await client.post(
        "/v1/challenges", "{\"sitekey\": \"\(ServiceTestKeys.recaptchaSitekey)\"}",
        headers: [.origin: "https://any.example"])
      XCTAssertEqual(challenge.status, .ok, "the test site key serves challenges to any page")
    }
  }

  func testEachScriptPathServesTheWidgetWithItsServicesAPI() async throws {
    try await Self.withServer { client in
      let widget = try await client.get("/widget.js").text
      for (path, name) in [
        ("/turnstile/v0/api.js?onload=ready&render=explicit", "turnstile"), ("/1/api.js?hl=de", "hcaptcha"),
        ("/recaptcha/api.js?render=6Lc_site", "recaptcha"),
      ] {
        let r = try await client.get(path)
        XCTAssertEqual(r.status, .ok, path)
        XCTAssertEqual(r.headers[.contentType], "application/javascript; charset=utf-8")
        XCTAssertTrue(r.text.hasSuffix("CaptchaGenParts.dropin.start('\(name)');\n})();\n"), path)
        XCTAssertTrue(
          r.text.contains("parts.mount = { api: api, start: start };"), "\(path) holds the widget")
        XCTAssertGreaterThan(r.text.utf8.count, widget.utf8.count)
      }
    }
  }
}
