import CaptchaKit
import CaptchaService
import XCTest

final class ChallengeServiceTests: XCTestCase {
  func testRightAnswerPassesOnceForEveryKind() async throws {
    try await ServiceFixtures.withService(kinds: KindCatalog.names) { service in
      XCTAssertEqual(service.kinds, [.puzzle("slide"), .puzzle("rotate"), .puzzle("pattern")])
      for kind in service.puzzleKinds {
        let issued = try await service.issue(kind: .puzzle(kind))
        XCTAssertEqual(issued.kind, .puzzle(kind))
        XCTAssertTrue(ChallengeID.isWellFormed(issued.id))
        let right = try ServiceFixtures.rightResponse(issued)
        let first = try await service.verify(id: issued.id, response: right)
        XCTAssertEqual(first.verdict, Verdict(passed: true, reason: first.reason, code: .passed), kind)
        let second = try await service.verify(id: issued.id, response: right)
        XCTAssertEqual(second, .alreadyVerified)
        XCTAssertEqual(service.metrics.counts(of: kind), .init(issued: 1, passed: 1, failed: 0, expired: 0))
      }
    }
  }

  func testDefaultKindIsTheFirstAndUnofferedKindsAreRefused() async throws {
    try await ServiceFixtures.withService(kinds: ["rotate", "slide"]) { service in
      let issued = try await service.issue()
      XCTAssertEqual(issued.kind, .puzzle("rotate"))
      do {
        _ = try await service.issue(kind: .puzzle("pattern"))
        XCTFail("pattern is not offered")
      } catch let error as ChallengeServiceError {
        XCTAssertEqual(error, .kindNotOffered("pattern", offered: ["rotate", "slide"]))
      }
    }
  }

  func testDisplayWidthScalesPositionsToTheBackground() async throws {
    try await ServiceFixtures.withService { service in
      let issued = try await service.issue()
      let answer = try SlideAnswer.parse(issued.ready!.answer, name: "a")
      let half = Double(answer.background.width) / 2
      let scaled = ClientResponse(x: Double(answer.target.x) / 2, displayWidth: half)
      let outcome = try await service.verify(id: issued.id, response: scaled)
      XCTAssertEqual(outcome.verdict, Verdict(passed: true, reason: "the piece fits", code: .passed))
      let other = try await service.issue()
      let target = Double(try SlideAnswer.parse(other.ready!.answer, name: "a").target.x)
      let unscaled = ClientResponse(x: target / 2 + 20, displayWidth: half)
      let miss = try await service.verify(id: other.id, response: unscaled)
      XCTAssertEqual(
        miss,
        .verdict(
          Verdict(passed: false, reason: "the piece is not where it fits", code: .notInGap), token: nil))
    }
  }

  func testRequireTrackFailsAnAnswerWithoutATrack() async throws {
    let settings = ServiceSettings(poolSize: 1, requireTrack: true)
    try await ServiceFixtures.withService(kinds: ["rotate"], settings: settings) { service in
      let issued = try await service.issue()
      let outcome = try await service.verify(
        id: issued.id, response: try ServiceFixtures.rightResponse(issued))
      XCTAssertEqual(
        outcome,
        .verdict(
          Verdict(
            passed: false, reason: "this server requires the drag track with every answer",
            code: .trackRequired), token: nil)
      )
      XCTAssertEqual(service.metrics.counts(of: "rotate").failed, 1)
    }
  }

  func testAResponseForAnotherKindUsesTheChallengeUp() async throws {
    try await ServiceFixtures.withService { service in
      let issued = try await service.issue()
      do {
        _ = try await service.verify(id: issued.id, response: ClientResponse(angle: 90))
        XCTFail("an angle does not answer a slide challenge")
      } catch let error as ChallengeServiceError {
        XCTAssertEqual(
          error,
          .responseDoesNotFit(.notFor(kind: "slide", field: .angle, answeredWith: [.x, .step])))
      }
      let again = try await service.verify(id: issued.id, response: try ServiceFixtures.rightResponse(issued))
      XCTAssertEqual(again, .alreadyVerified)
      XCTAssertEqual(service.metrics.counts(of: "slide").failed, 1)
    }
  }

  func testExpiredThenSweptThenUnknown() async throws {
    let clock = TestClock()
    let settings = ServiceSettings(ttl: 30, poolSize: 1, sweepInterval: 3600)
    try await ServiceFixtures.withService(settings: settings, clock: clock) { service in
      let issued = try await service.issue()
      XCTAssertEqual(issued.expiresAt, clock.now.addingTimeInterval(30))
      let picture = try await service.picture(id: issued.id, .background)
      XCTAssertEqual(picture, issued.ready!.background)
      clock.advance(by: 31)
      let late = try await service.verify(id: issued.id, response: try ServiceFixtures.rightResponse(issued))
      XCTAssertEqual(late, .expired)
      let expiredPicture = try await service.picture(id: issued.id, .piece)
      XCTAssertNil(expiredPicture)
      let swept = try await service.sweep()
      XCTAssertEqual(swept, ["slide": 1])
      XCTAssertEqual(service.metrics.counts(of: "slide").expired, 1)
      let gone = try await service.verify(id: issued.id, response: try ServiceFixtures.rightResponse(issued))
      XCTAssertEqual(gone, .unknown)
    }
  }

  func testPoolFillsInTheBackgroundAndMetricsCount() async throws {
    try await ServiceFixtures.withService(
      kinds: ["slide", "pattern"], settings: ServiceSettings(poolSize: 3)
    ) {
      service in
      for kind in service.puzzleKinds {
        let pool = try XCTUnwrap(service.pool(kind))
        var depth = await pool.depth
        for _ in 0..<600 where depth < 3 {
          try await Task.sleep(for: .milliseconds(50))
          depth = await pool.depth
        }
        XCTAssertEqual(depth, 3, "the \(kind) pool fills to its capacity")
      }
      let issued = try await service.issue(kind: .puzzle("pattern"))
      _ = try await service.verify(id: issued.id, response: ClientResponse(path: [Point(0, 0)]))
      let text = await service.metricsText()
      XCTAssertTrue(text.contains("captcha_pool_capacity{kind=\"slide\"} 3\n"), text)
      XCTAssertTrue(text.contains("captcha_challenges_issued_total{kind=\"pattern\"} 1\n"), text)
      XCTAssertTrue(
        text.contains("captcha_challenges_verified_total{kind=\"pattern\",result=\"fail\"} 1\n"), text)
      XCTAssertTrue(
        text.contains("captcha_challenges_verified_total{kind=\"slide\",result=\"pass\"} 0\n"), text)
      XCTAssertTrue(text.contains("captcha_challenges_expired_total{kind=\"slide\"} 0\n"), text)
      XCTAssertTrue(text.contains("# TYPE captcha_pool_refilled_total counter\n"), text)
      let pattern = try XCTUnwrap(service.pool("pattern"))
      var waited = 0
      while await pattern.depth < 3, waited < 600 {
        try await Task.sleep(for: .milliseconds(50))
        waited += 1
      }
      let refilled = await pattern.refilled
      XCTAssertEqual(refilled, 4, "three kept ready plus the one issued")
    }
  }
}

extension VerifyOutcome {
  /// The verdict's reason ("" for the other outcomes).
  var reason: String { verdict?.reason ?? "" }

  /// The verdict, for the one verify of a challenge.
  var verdict: Verdict? {
    if case .verdict(let v, _) = self { return v }
    return nil
  }
}
