import CaptchaServe
import CaptchaService
import Foundation
import HummingbirdTesting
import XCTest

final class ChallengeEndpointTests: XCTestCase {
  func testIssueThenVerifyPassesOnceThen409ForEveryKind() async throws {
    try await ServeHarness.withServer(
      kinds: ["slide", "rotate", "pattern"], server: ServerSettings(port: 0, dev: true)
    ) { client, _ in
      for kind in ["slide", "rotate", "pattern"] {
        let issued = try await client.post("/v1/challenges", "{\"kind\": \"\(kind)\"}")
        XCTAssertEqual(issued.status, .ok)
        XCTAssertEqual(issued.headers[.contentType], "application/json")
        let challenge = try issued.json
        let id = try XCTUnwrap(challenge["id"] as? String)
        XCTAssertTrue(ChallengeID.isWellFormed(id), id)
        XCTAssertEqual(challenge["background"] as? String, "/v1/challenges/\(id)/background")
        XCTAssertNotNil(challenge["expires_at"] as? String)
        let verified = try await client.post("/v1/challenges/\(id)/verify", try RightAnswer.body(challenge))
        XCTAssertEqual(verified.status, .ok, verified.text)
        XCTAssertEqual(try verified.json["pass"] as? Bool, true, "\(kind): \(verified.text)")
        let again = try await client.post("/v1/challenges/\(id)/verify", try RightAnswer.body(challenge))
        XCTAssertEqual(again.status, .conflict)
        XCTAssertTrue(try again.errorMessage.contains("already verified"))
      }
    }
  }

  func testKindFieldsAndNoAnswerWithoutDev() async throws {
    try await ServeHarness.withServer(kinds: ["slide", "rotate", "pattern"]) { client, _ in
      let slide = try await client.post("/v1/challenges").json
      XCTAssertEqual(slide["kind"] as? String, "slide", "the first kind is the default")
      XCTAssertEqual(slide["mode"] as? String, "horizontal")
      XCTAssertNotNil(slide["start"] as? [String: Int])
      let rotate = try await client.post("/v1/challenges", "{\"kind\": \"rotate\"}").json
      XCTAssertNotNil(rotate["center"] as? [String: Int])
      let pattern = try await client.post("/v1/challenges", "{\"kind\": \"pattern\"}").json
      XCTAssertEqual((pattern["dots"] as? [Any])?.count, 9)
      XCTAssertEqual(pattern["length"] as? Int, 4)
      for challenge in [slide, rotate, pattern] {
        for secret in ["answer", "target", "angle", "sequence", "seed", "tolerance"] {
          XCTAssertNil(challenge[secret], "\(challenge["kind"]!) gives away \(secret)")
        }
      }
    }
  }

  func testPicturesAreServedWithTheirContentTypeWhileLive() async throws {
    try await ServeHarness.withServer { client, _ in
      let challenge = try await client.post("/v1/challenges").json
      let id = try XCTUnwrap(challenge["id"] as? String)
      for name in ["background", "piece"] {
        let picture = try await client.get(try XCTUnwrap(challenge[name] as? String))
        XCTAssertEqual(picture.status, .ok)
        XCTAssertEqual(picture.headers[.contentType], "image/png")
        XCTAssertEqual(Array(picture.body.readableBytesView.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
      }
      try await client.post("/v1/challenges/\(id)/verify", "{\"x\": 0}")
      let after = try await client.get("/v1/challenges/\(id)/piece")
      XCTAssertEqual(after.status, .notFound)
      XCTAssertTrue(try after.errorMessage.contains("unknown, verified or expired"))
    }
  }

  func testInlineImagesAreDataURLs() async throws {
    try await ServeHarness.withServer { client, _ in
      let challenge = try await client.post("/v1/challenges", "{\"inline_images\": true}").json
      let background = try XCTUnwrap(challenge["background"] as? String)
      XCTAssertTrue(background.hasPrefix("data:image/png;base64,"))
      let bytes = try XCTUnwrap(
        Data(base64Encoded: String(background.dropFirst("data:image/png;base64,".count))))
      XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }
  }

  func testFiftyParallelVerifiesOfOneIdGiveOneVerdict() async throws {
    try await ServeHarness.withServer { client, _ in
      let id = try await client.issueID()
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<50 {
          group.addTask { try await client.post("/v1/challenges/\(id)/verify", "{\"x\": 100}").status.code }
        }
        return try await group.reduce(into: [Int]()) { $0.append($1) }
      }
      XCTAssertEqual(statuses.filter { $0 == 200 }.count, 1)
      XCTAssertEqual(statuses.filter { $0 == 409 }.count, 49)
    }
  }

  func testExpiredChallengeIs410ThenSweptIs404() async throws {
    let clock = TestClock()
    try await ServeHarness.withServer(
      service: ServiceSettings(ttl: 10, poolSize: 1, sweepInterval: 3600), clock: clock
    ) { client, service in
      let id = try await client.issueID()
      clock.advance(by: 11)
      let late = try await client.post("/v1/challenges/\(id)/verify", "{\"x\": 100}")
      XCTAssertEqual(late.status, .gone)
      XCTAssertEqual(try late.errorMessage, "challenge \(id) has expired; fetch a new one")
      try await service.sweep()
      let gone = try await client.post("/v1/challenges/\(id)/verify", "{\"x\": 100}")
      XCTAssertEqual(gone.status, .notFound)
    }
  }
}
