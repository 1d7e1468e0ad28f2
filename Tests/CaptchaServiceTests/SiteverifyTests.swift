import CaptchaKit
import CaptchaService
import XCTest

/// Sites and pass tokens through the service, as a library user calls them: a pass gives a token
/// that siteverify accepts once, for its own site, while it lives.
final class SiteverifyTests: XCTestCase {
  static let shop = Site(
    sitekey: "shop", secrets: [SiteSecret(secret: "shop-secret")], hostnames: HostnameList(["shop.example"]))
  static let blog = Site(
    sitekey: "blog", secrets: [SiteSecret(secret: "blog-secret")], hostnames: .any, kinds: [.puzzle("rotate")]
  )
  static let sites = SiteRegistry(sites: [shop, blog])

  func withSites<T>(
    _ sites: SiteRegistry = sites, clock: TestClock = TestClock(),
    _ body: (ChallengeService) async throws -> T
  ) async throws -> T {
    try await ServiceFixtures.withService(
      kinds: ["slide", "rotate"], settings: ServiceSettings(poolSize: 2, tokenTTL: 300), sites: sites,
      clock: clock,
      body)
  }

  /// Issues a challenge for `sitekey` from a page on `hostname`, answers it right, returns the token.
  func passToken(_ service: ChallengeService, sitekey: String? = nil, hostname: String = "shop.example")
    async throws -> PassToken
  {
    let issued = try await service.issue(sitekey: sitekey, hostname: hostname)
    let outcome = try await service.verify(id: issued.id, response: try ServiceFixtures.rightResponse(issued))
    guard case .verdict(let verdict, let token?) = outcome, verdict.passed else {
      throw RightAnswerFailed(outcome: "\(outcome)")
    }
    return token
  }

  /// The right answer did not pass with a token: every test that needs one fails (not skips) with it.
  struct RightAnswerFailed: Error, CustomStringConvertible {
    var outcome: String
    var description: String { "the right answer did not pass with a token: \(outcome)" }
  }

  func testAPassGivesATokenThatVerifiesOnceWithWhatItIsBoundTo() async throws {
    let clock = TestClock()
    try await withSites(clock: clock) { service in
      let issued = try await service.issue(hostname: "www.shop.example")
      XCTAssertEqual(issued.sitekey, "shop", "no site key: the first site")
      let outcome = try await service.verify(
        id: issued.id, response: try ServiceFixtures.rightResponse(issued))
      guard case .verdict(let verdict, let token?) = outcome else { return XCTFail("\(outcome)") }
      XCTAssertTrue(verdict.passed)
      XCTAssertEqual(token.expiresAt, clock.now + 300)
      let first = try await service.siteverify(secret: "shop-secret", response: token.text)
      XCTAssertEqual(
        first,
        .success(
          PassClaims(
            challengeTS: clock.now, hostname: "www.shop.example", kind: "slide", sitekey: "shop",
            challengeID: issued.id)))
      let second = try await service.siteverify(secret: "shop-secret", response: token.text)
      XCTAssertEqual(second, .failure(.used))
      XCTAssertEqual(SiteverifyRefusal.used.code.rawValue, "timeout-or-duplicate")
    }
  }

  func testAFailingAnswerGetsNoToken() async throws {
    try await withSites { service in
      let issued = try await service.issue()
      let outcome = try await service.verify(id: issued.id, response: ClientResponse(x: -50, y: 0))
      guard case .verdict(let verdict, let token) = outcome else { return XCTFail("\(outcome)") }
      XCTAssertFalse(verdict.passed)
      XCTAssertNil(token)
    }
  }

  func testAnotherSitesSecretFailsAndTheTokenStaysUsable() async throws {
    try await withSites { service in
      let token = try await passToken(service)
      let wrong = try await service.siteverify(secret: "blog-secret", response: token.text)
      XCTAssertEqual(wrong, .failure(.otherSite))
      XCTAssertEqual(SiteverifyRefusal.otherSite.code.rawValue, "invalid-input-response")
      let right = try await service.siteverify(secret: "shop-secret", response: token.text)
      XCTAssertTrue(right.succeeded)
    }
  }

  func testAnExpiredTokenIsTimeoutOrDuplicateEvenAfterTheSweep() async throws {
    let clock = TestClock()
    try await withSites(clock: clock) { service in
      let token = try await passToken(service)
      clock.advance(by: 301)
      try await service.sweep()
      let late = try await service.siteverify(secret: "shop-secret", response: token.text)
      XCTAssertEqual(late, .failure(.expired))
      XCTAssertEqual(SiteverifyRefusal.expired.code.rawValue, "timeout-or-duplicate")
    }
  }

  func testARetryWithTheIdempotencyKeyGetsTheSameSuccess() async throws {
    try await withSites { service in
      let token = try await passToken(service)
      let first = try await service.siteverify(
        secret: "shop-secret", response: token.text, idempotencyKey: "req-1")
      let retry = try await service.siteverify(
        secret: "shop-secret", response: token.text, idempotencyKey: "req-1")
      XCTAssertTrue(first.succeeded)
      XCTAssertEqual(retry, first)
      let other = try await service.siteverify(
        secret: "shop-secret", response: token.text, idempotencyKey: "req-2")
      XCTAssertEqual(other, .failure(.used))
    }
  }

  func testRefusalsAndCodesAreReadWithoutSwitchingOnThem() {
    let oversized = SiteverifyRefusal.oversizedResponse(length: 2049)
    XCTAssertEqual(oversized.reason, .oversizedResponse)
    XCTAssertEqual(oversized.responseLength, 2049)
    XCTAssertEqual(oversized.code, .invalidInputResponse)
    XCTAssertNotEqual(oversized, .oversizedResponse(length: 2050))
    XCTAssertEqual(SiteverifyRefusal.expired.reason, .expired)
    XCTAssertNil(SiteverifyRefusal.expired.responseLength)
    XCTAssertEqual(SiteverifyErrorCode(rawValue: "bad-request"), .badRequest)
    XCTAssertNil(SiteverifyErrorCode(rawValue: "no-such-code"))
    XCTAssertEqual(
      SiteverifyErrorCode.allCases.map(\.rawValue),
      [
        "missing-input-secret", "invalid-input-secret", "missing-input-response", "invalid-input-response",
        "timeout-or-duplicate", "bad-request", "internal-error",
      ])
  }

  func testBadSecretsAndResponsesGetTheirRefusals() async throws {
    try await withSites { service in
      let cases: [(String?, String?, SiteverifyRefusal)] = [
        (nil, "x", .noSecret), ("", "x", .noSecret), ("nope", "x", .unknownSecret),
        ("shop-secret", nil, .noResponse), ("shop-secret", "", .noResponse),
        ("shop-secret", String(repeating: "a", count: 2049), .oversizedResponse(length: 2049)),
        ("shop-secret", "fake-token-123", .malformedResponse),
        (
          "shop-secret", PassToken.make(expiresAt: Date(timeIntervalSince1970: 1_900_000_000)).text,
          .unknownToken
        ),
      ]
      for (secret, response, refusal) in cases {
        let result = try await service.siteverify(secret: secret, response: response)
        XCTAssertEqual(
          result, .failure(refusal),
          "\(String(describing: secret)) \(String(describing: response?.prefix(20)))")
      }
    }
  }

  func testSiteKeysHostnamesAndKindsAreChecked() async throws {
    try await withSites { service in
      await XCTAssertThrowsErrorAsync(try await service.issue(sitekey: "nope")) {
        XCTAssertEqual($0 as? ChallengeServiceError, .unknownSitekey("nope"))
      }
      await XCTAssertThrowsErrorAsync(try await service.issue(sitekey: "shop-secret")) {
        XCTAssertEqual($0 as? ChallengeServiceError, .secretAsSitekey)
      }
      await XCTAssertThrowsErrorAsync(try await service.issue(sitekey: "shop", hostname: "evil.example")) {
        XCTAssertEqual($0 as? ChallengeServiceError, .hostnameNotAllowed("evil.example", sitekey: "shop"))
      }
      await XCTAssertThrowsErrorAsync(try await service.issue(kind: .puzzle("slide"), sitekey: "blog")) {
        XCTAssertEqual(
          $0 as? ChallengeServiceError, .kindNotAllowed("slide", sitekey: "blog", allowed: ["rotate"]))
      }
      let blogs = try await service.issue(sitekey: "blog", hostname: "anything.example")
      XCTAssertEqual(blogs.kind, .puzzle("rotate"), "a site's first kind is its default")
      XCTAssertEqual(blogs.hostname, "anything.example")
    }
  }

  func testTestKeysAlwaysPassOrFailAndAreOffWithoutTheFlag() async throws {
    try await withSites(Self.sites.addingTestKeys()) { service in
      let pass = try await service.siteverify(secret: TestKeys.passSecret, response: "anything")
      XCTAssertTrue(pass.succeeded)
      let fail = try await service.siteverify(secret: TestKeys.failSecret, response: "anything")
      XCTAssertEqual(fail, .failure(.testKeyAlwaysFails))
      _ = try await service.issue(sitekey: TestKeys.passSitekey, hostname: "ci.example")
    }
    try await withSites { service in
      let off = try await service.siteverify(secret: TestKeys.passSecret, response: "anything")
      XCTAssertEqual(off, .failure(.unknownSecret))
    }
  }

  func testTheDefaultSiteWithoutASecretRefusesEverySecret() async throws {
    try await withSites(.single(secret: nil)) { service in
      let token = try await passToken(service, hostname: "any.example")
      let result = try await service.siteverify(secret: "guess", response: token.text)
      XCTAssertEqual(result, .failure(.unknownSecret))
    }
    try await withSites(.single(secret: "env-secret")) { service in
      let token = try await passToken(service, hostname: "")
      let result = try await service.siteverify(secret: "env-secret", response: token.text)
      guard case .success(let claims) = result else { return XCTFail("\(result)") }
      XCTAssertEqual(claims.sitekey, "default")
      XCTAssertEqual(claims.hostname, "")
    }
  }
}

/// `XCTAssertThrowsError` for an async expression.
func XCTAssertThrowsErrorAsync<T>(
  _ expression: @autoclosure () async throws -> T, file: StaticString = #filePath, line: UInt = #line,
  _ check: (any Error) -> Void
) async {
  do {
    _ = try await expression()
    XCTFail("no error was thrown", file: file, line: line)
  } catch {
    check(error)
  }
}
