import CaptchaKit
import CaptchaServe
import CaptchaService
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// `POST /v1/siteverify` over HTTP: Turnstile's answers for JSON and form bodies, 400 for a body
/// that cannot be read, 503 (never success) when the token store is down.
final class SiteverifyEndpointTests: XCTestCase {
  static let sites = SiteRegistry(sites: [
    Site(
      sitekey: "shop", secrets: [SiteSecret(secret: "shop-secret")], hostnames: HostnameList(["shop.example"])
    ),
    Site(
      sitekey: "blog", secrets: [SiteSecret(secret: "blog-secret")], hostnames: HostnameList(["blog.example"])
    ),
  ])
  static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
  static let json: HTTPFields = [.contentType: "application/json"]

  /// A pass token of `sitekey`: a challenge issued from a page on `origin`, answered right.
  static func token(
    _ client: any TestClientProtocol, sitekey: String = "shop", origin: String = "https://shop.example"
  )
    async throws -> [String: Any]
  {
    let challenge = try await client.post(
      "/v1/challenges", "{\"sitekey\": \"\(sitekey)\"}", headers: [.origin: origin]
    ).json
    let id = try XCTUnwrap(challenge["id"] as? String, "\(challenge)")
    let verdict = try await client.post("/v1/challenges/\(id)/verify", try RightAnswer.body(challenge)).json
    XCTAssertEqual(verdict["pass"] as? Bool, true)
    return verdict
  }

  func testAPassingVerifyCarriesATokenThatSiteverifyAcceptsOnce() async throws {
    try await ServeHarness.withServer(sites: Self.sites, server: ServerSettings(port: 0, dev: true)) {
      client, _ in
      let verdict = try await Self.token(client, origin: "https://www.shop.example:8443")
      let token = try XCTUnwrap(verdict["token"] as? String)
      XCTAssertNotNil(verdict["token_expires_at"] as? String)
      let first = try await client.post(
        "/v1/siteverify", "secret=shop-secret&response=\(token)&remoteip=203.0.113.9", headers: Self.form)
      XCTAssertEqual(first.status, .ok)
      let answer = try first.json
      XCTAssertEqual(answer["success"] as? Bool, true, "\(answer)")
      XCTAssertEqual(answer["hostname"] as? String, "www.shop.example", "the page's host, without the port")
      XCTAssertEqual(answer["sitekey"] as? String, "shop")
      XCTAssertEqual(answer["kind"] as? String, "slide")
      XCTAssertEqual(answer["error-codes"] as? [String], [])
      XCTAssertNotNil(answer["challenge_ts"] as? String)
      XCTAssertNil(first.headers[.accessControlAllowOrigin])
      let second = try await client.post(
        "/v1/siteverify", "{\"secret\": \"shop-secret\", \"response\": \"\(token)\"}", headers: Self.json)
      XCTAssertEqual(second.status, .ok)
      XCTAssertEqual(try second.json["success"] as? Bool, false)
      XCTAssertEqual(try second.json["error-codes"] as? [String], ["timeout-or-duplicate"])
      XCTAssertEqual(try second.errorMessage, "this pass token was already checked; each token checks once")
    }
  }

  func testAFailingVerifyHasNoToken() async throws {
    try await ServeHarness.withServer(sites: Self.sites) { client, _ in
      let id = try await client.issueID()
      let verdict = try await client.post("/v1/challenges/\(id)/verify", "{\"x\": -40}").json
      XCTAssertEqual(verdict["pass"] as? Bool, false)
      XCTAssertNil(verdict["token"])
    }
  }

  func testAnotherSitesSecretIsRefusedAndTheTokenStaysUsable() async throws {
    try await ServeHarness.withServer(sites: Self.sites, server: ServerSettings(port: 0, dev: true)) {
      client, _ in
      let verdict = try await Self.token(client)
      let token = try XCTUnwrap(verdict["token"] as? String)
      let wrong = try await client.post(
        "/v1/siteverify", "secret=blog-secret&response=\(token)", headers: Self.form)
      XCTAssertEqual(try wrong.json["error-codes"] as? [String], ["invalid-input-response"])
      XCTAssertEqual(try wrong.errorMessage, "this pass token belongs to another site")
      let right = try await client.post(
        "/v1/siteverify", "secret=shop-secret&response=\(token)", headers: Self.form)
      XCTAssertEqual(try right.json["success"] as? Bool, true)
    }
  }

  func testMissingAndWrongFieldsGetTurnstilesCodes() async throws {
    try await ServeHarness.withServer(sites: Self.sites) { client, _ in
      let cases: [(String, HTTPFields, String)] = [
        ("{}", Self.json, "missing-input-secret"),
        ("response=abc", Self.form, "missing-input-secret"),
        ("secret=guess&response=abc", Self.form, "invalid-input-secret"),
        ("secret=shop-secret", Self.form, "missing-input-response"),
        ("secret=shop-secret&response=fake-token-123", Self.form, "invalid-input-response"),
        ("secret=shop%2Dsecret&response=made+up", [:], "invalid-input-response"),
      ]
      for (body, headers, code) in cases {
        let r = try await client.post("/v1/siteverify", body, headers: headers)
        XCTAssertEqual(r.status, .ok, body)
        XCTAssertEqual(try r.json["success"] as? Bool, false, body)
        XCTAssertEqual(try r.json["error-codes"] as? [String], [code], body)
      }
    }
  }

  func testUnreadableBodiesAreBadRequestsWithASentence() async throws {
    try await ServeHarness.withServer(sites: Self.sites) { client, _ in
      let long = String(repeating: "A", count: 3000)
      let cases: [(String, String, HTTPFields, String, String)] = [
        ("/v1/siteverify", "{\"secret\": 5}", Self.json, "bad-request", "\"secret\" must be a string"),
        ("/v1/siteverify", "[1, 2]", Self.json, "bad-request", "the body is not a JSON object"),
        ("/v1/siteverify", "{not json", Self.json, "bad-request", "the body is not a JSON object"),
        (
          "/v1/siteverify", "hello world", [:], "bad-request",
          "the body is neither JSON nor a form (application/x-www-form-urlencoded)"
        ),
        ("/v1/siteverify", "secret=%zz", Self.form, "bad-request", "the body is neither JSON nor a form"),
        (
          "/v1/siteverify", "--x\r\n", [.contentType: "multipart/form-data; boundary=x"], "bad-request",
          "a multipart/form-data body is not read here; send JSON or application/x-www-form-urlencoded"
        ),
        (
          "/v1/siteverify?secret=shop-secret", "response=abc", Self.form, "bad-request",
          "the secret belongs in the body, not in the URL"
        ),
        (
          "/v1/siteverify", "secret=shop-secret&response=\(long)", Self.form, "invalid-input-response",
          "\"response\" is 3000 bytes long; a token is at most 2048"
        ),
        (
          "/v1/siteverify",
          "secret=shop-secret&response=x&idempotency_key=\(String(repeating: "k", count: 300))",
          Self.form, "bad-request", "\"idempotency_key\" is longer than 256 characters"
        ),
      ]
      for (uri, body, headers, code, sentence) in cases {
        let r = try await client.post(uri, body, headers: headers)
        XCTAssertEqual(r.status, .badRequest, "\(uri) \(body.prefix(40))")
        XCTAssertEqual(try r.json["success"] as? Bool, false)
        XCTAssertEqual(try r.json["error-codes"] as? [String], [code], body)
        let message = try r.errorMessage
        XCTAssertTrue(message.hasPrefix(sentence), message)
      }
    }
  }

  func testAnUnreachableTokenStoreIs503InternalErrorNeverSuccess() async throws {
    try await ServeHarness.withServer(tokens: UnreachableTokenStore(), sites: Self.sites) { client, _ in
      let token = PassToken.make(expiresAt: Date(timeIntervalSince1970: 1_900_000_000)).text
      let r = try await client.post(
        "/v1/siteverify", "secret=shop-secret&response=\(token)", headers: Self.form)
      XCTAssertEqual(r.status, .serviceUnavailable)
      XCTAssertEqual(try r.json["success"] as? Bool, false)
      XCTAssertEqual(try r.json["error-codes"] as? [String], ["internal-error"])
    }
  }
}

/// A token store whose backing service is down: every call throws `ChallengeStoreUnavailable`.
struct UnreachableTokenStore: PassTokenStore {
  var sharing: StoreSharing { .process }
  func insertPassToken(_ record: PassTokenRecord) async throws {
    throw ChallengeStoreUnavailable("connection refused")
  }
  func redeemPassToken(digest: String, sitekey: String, idempotencyKey: String?, now: Date) async throws
    -> RedeemResult
  {
    throw ChallengeStoreUnavailable("connection refused")
  }
  func sweepPassTokens(now: Date) async throws -> Int {
    throw ChallengeStoreUnavailable("connection refused")
  }
}

/// A token store that keeps nothing: a passing verify cannot store its token.
final class TokenStoreDownTests: XCTestCase {
  func testAPassWhoseTokenCannotBeStoredIs503AndCountedAsAFail() async throws {
    try await ServeHarness.withServer(
      tokens: UnreachableTokenStore(), server: ServerSettings(port: 0, dev: true)
    ) { client, service in
      let challenge = try await client.post("/v1/challenges").json
      let id = try XCTUnwrap(challenge["id"] as? String)
      let verify = try await client.post("/v1/challenges/\(id)/verify", try RightAnswer.body(challenge))
      XCTAssertEqual(verify.status, .serviceUnavailable)
      XCTAssertNil(try verify.json["token"])
      XCTAssertEqual(service.metrics.counts(of: "slide").passed, 0)
      XCTAssertEqual(service.metrics.counts(of: "slide").failed, 1)
    }
  }
}
