import CaptchaKit
import CaptchaServe
import CaptchaService
import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

/// CORS and page hostnames: the widget's endpoints answer pages of allowed origins (and name only
/// them), refuse a challenge to a page its site does not allow, and siteverify sends no CORS.
final class CORSTests: XCTestCase {
  static let sites = SiteRegistry(sites: [
    Site(
      sitekey: "shop", secrets: [SiteSecret(secret: "shop-secret")], hostnames: HostnameList(["shop.example"])
    ),
    Site(
      sitekey: "blog", secrets: [SiteSecret(secret: "blog-secret")], hostnames: HostnameList(["blog.example"])
    ),
  ])

  func preflight(_ client: any TestClientProtocol, _ uri: String, origin: String, method: String = "POST")
    async throws -> TestResponse
  {
    try await client.execute(
      uri: uri, method: .options,
      headers: [
        .origin: origin, .accessControlRequestMethod: method, .accessControlRequestHeaders: "content-type",
      ])
  }

  func testAPreflightFromAnOriginSomeSiteAllowsNamesThatOriginOnly() async throws {
    try await ServeHarness.withServer(sites: Self.sites) { client, _ in
      for uri in ["/v1/challenges", "/v1/challenges/0123456789abcdef0123456789abcdef/verify"] {
        let r = try await preflight(client, uri, origin: "https://www.blog.example:8443")
        XCTAssertEqual(r.status, .noContent, uri)
        XCTAssertEqual(r.headers[.accessControlAllowOrigin], "https://www.blog.example:8443")
        XCTAssertEqual(r.headers[.accessControlAllowHeaders], "Content-Type")
        XCTAssertNil(r.headers[.accessControlAllowCredentials])
        XCTAssertEqual(r.headers[.vary], "Origin")
      }
      let refused = try await preflight(client, "/v1/challenges", origin: "https://evil.example")
      XCTAssertEqual(refused.status, .forbidden)
      XCTAssertNil(refused.headers[.accessControlAllowOrigin])
      XCTAssertEqual(try refused.errorMessage, "no site served here allows pages on https://evil.example")
      let badOrigin = try await preflight(client, "/v1/challenges", origin: "shop.example")
      XCTAssertEqual(badOrigin.status, .badRequest)
      let badMethod = try await preflight(
        client, "/v1/challenges", origin: "https://shop.example", method: "DELETE")
      XCTAssertEqual(badMethod.status, .badRequest)
    }
  }

  func testAChallengeFromAPageItsSiteDoesNotAllowIs403WithASentence() async throws {
    try await ServeHarness.withServer(sites: Self.sites) { client, _ in
      let allowed = try await client.post(
        "/v1/challenges", "{\"sitekey\": \"shop\"}", headers: [.origin: "https://shop.example"])
      XCTAssertEqual(allowed.status, .ok)
      XCTAssertEqual(allowed.headers[.accessControlAllowOrigin], "https://shop.example")
      // blog.example is allowed by some site, not by shop: the refusal names no page.
      let otherSite = try await client.post(
        "/v1/challenges", "{\"sitekey\": \"shop\"}", headers: [.origin: "https://blog.example"])
      XCTAssertEqual(otherSite.status, .forbidden)
      XCTAssertEqual(try otherSite.errorMessage, "site key \"shop\" does not allow pages on blog.example")
      XCTAssertNil(otherSite.headers[.accessControlAllowOrigin], "the page's own site does not allow it")
      let nobody = try await client.post(
        "/v1/challenges", "{\"sitekey\": \"shop\"}", headers: [.origin: "https://evil.example"])
      XCTAssertEqual(nobody.status, .forbidden)
      XCTAssertNil(nobody.headers[.accessControlAllowOrigin], "an origin no site allows gets no CORS header")
      let noOrigin = try await client.post("/v1/challenges", "{\"sitekey\": \"shop\"}")
      XCTAssertEqual(noOrigin.status, .ok, "curl and servers send no Origin")
    }
  }

  func testBesideASiteThatAllowsAnyPageARefusalStillNamesNoPage() async throws {
    let sites = SiteRegistry(sites: [
      Self.sites.sites[0],
      Site(sitekey: "open", secrets: [SiteSecret(secret: "open-secret")], hostnames: .any),
    ])
    try await ServeHarness.withServer(sites: sites) { client, _ in
      let open = try await client.post(
        "/v1/challenges", "{\"sitekey\": \"open\"}", headers: [.origin: "https://evil.example"])
      XCTAssertEqual(open.status, .ok)
      XCTAssertEqual(
        open.headers[.accessControlAllowOrigin], "https://evil.example", "its site allows any page")
      let shop = try await client.post(
        "/v1/challenges", "{\"sitekey\": \"shop\"}", headers: [.origin: "https://evil.example"])
      XCTAssertEqual(shop.status, .forbidden)
      XCTAssertNil(shop.headers[.accessControlAllowOrigin], "shop does not allow evil.example")
      XCTAssertNil(shop.headers[.vary])
      let preflight = try await preflight(client, "/v1/challenges", origin: "https://evil.example")
      XCTAssertEqual(preflight.status, .noContent, "a preflight names no site: some site allows the page")
    }
  }

  func testSiteKeyMistakesAre400WithASentence() async throws {
    try await ServeHarness.withServer(sites: Self.sites) { client, _ in
      let cases: [(String, HTTPFields, String)] = [
        ("{\"sitekey\": \"nope\"}", [:], "site key \"nope\" is unknown here"),
        ("{\"sitekey\": \"shop-secret\"}", [:], "that is a site's secret, not its site key"),
        ("{\"sitekey\": 7}", [:], "\"sitekey\" must be a string"),
        ("{}", [.origin: "not an origin"], "the Origin header \"not an origin\" is not scheme://host[:port]"),
      ]
      for (body, headers, sentence) in cases {
        let r = try await client.post("/v1/challenges", body, headers: headers)
        XCTAssertEqual(r.status, .badRequest, body)
        let message = try r.errorMessage
        XCTAssertTrue(message.hasPrefix(sentence), message)
      }
    }
  }

  func testSiteverifyHasNoCORS() async throws {
    try await ServeHarness.withServer(sites: Self.sites) { client, _ in
      let r = try await client.post("/v1/siteverify", "{}", headers: [.origin: "https://shop.example"])
      XCTAssertNil(r.headers[.accessControlAllowOrigin])
      let preflight = try await preflight(client, "/v1/siteverify", origin: "https://shop.example")
      XCTAssertNil(preflight.headers[.accessControlAllowOrigin])
      XCTAssertEqual(preflight.status, .notFound)
    }
  }
}
