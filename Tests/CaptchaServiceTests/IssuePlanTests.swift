import XCTest

@testable import CaptchaService

/// `issue`'s decisions as a plan made from plain values: which site, look and kind, what the
/// request weighs, and whether the no-puzzle challenge is offered beside a puzzle. No store, pool
/// or clock takes part.
final class IssuePlanTests: XCTestCase {
  static let sites = SiteRegistry(sites: [
    Site(sitekey: "open", secrets: [SiteSecret(secret: "open-secret")], hostnames: .any),
    Site(
      sitekey: "puzzles", secrets: [], hostnames: HostnameList(["shop.example"]), kinds: [.puzzle("rotate")]),
    Site(sitekey: "both", secrets: [], hostnames: .any, kinds: [.puzzle("slide"), .noPuzzle]),
    Site(sitekey: "trial", secrets: [], hostnames: .any),
  ]).addingTestKeys()

  func offer(noPuzzle: NoPuzzleOffer? = NoPuzzleOffer()) -> IssueOffer {
    IssueOffer(
      sites: Self.sites, kinds: ["slide", "rotate"],
      looksBySite: [
        "trial": [
          LookChoice(name: "plain", weight: 1, kinds: ["slide"]),
          LookChoice(name: "stepped", weight: 3, kinds: ["slide", "pattern"]),
        ]
      ],
      noPuzzle: noPuzzle, levels: .standard)
  }

  func plan(
    _ asked: ChallengeChoice? = nil, sitekey: String? = nil, hostname: String = "", draw: Double = 0,
    offer: IssueOffer? = nil
  ) throws -> IssuePlan {
    try (offer ?? self.offer()).plan(asked: asked, sitekey: sitekey, hostname: hostname, draw: draw)
  }

  func testARequestWithoutAKindGetsTheSitesFirstOrTheFirstOffered() throws {
    XCTAssertEqual(
      try plan(),
      IssuePlan(
        sitekey: "open", look: "default", choice: .puzzle("slide"), weight: 1, extraLevels: 0,
        noPuzzleOffered: true, testKey: false))
    XCTAssertEqual(try plan(sitekey: "puzzles").choice, .puzzle("rotate"))
    XCTAssertEqual(
      try plan(offer: offer(noPuzzle: NoPuzzleOffer(isDefault: true))).choice, .noPuzzle,
      "the no-puzzle challenge first in --kind is the default")
  }

  func testTheNoPuzzleChallengeWeighsMoreAndStartsHigher() throws {
    let noPuzzle = try plan(.noPuzzle, sitekey: "both")
    XCTAssertEqual(noPuzzle.weight, LevelRules.standard.noPuzzleRequestWeight)
    XCTAssertEqual(noPuzzle.extraLevels, LevelRules.standard.noPuzzleExtraLevels)
    XCTAssertFalse(noPuzzle.noPuzzleOffered, "it offers nothing else")
    XCTAssertTrue(try plan(sitekey: "both").noPuzzleOffered)
    XCTAssertFalse(try plan(sitekey: "puzzles", hostname: "shop.example").noPuzzleOffered, "not its kind")
    XCTAssertFalse(try plan(offer: offer(noPuzzle: nil)).noPuzzleOffered, "not offered by the server")
  }

  func testEveryRefusalNamesWhatIsWrong() {
    XCTAssertThrowsError(try plan(.noPuzzle, offer: offer(noPuzzle: nil))) {
      XCTAssertEqual($0 as? ChallengeServiceError, .kindNotOffered("pow", offered: ["slide", "rotate"]))
    }
    XCTAssertThrowsError(try plan(.puzzle("pattern"))) {
      XCTAssertEqual(
        $0 as? ChallengeServiceError, .kindNotOffered("pattern", offered: ["slide", "rotate", "pow"]))
    }
    XCTAssertThrowsError(try plan(.puzzle("slide"), sitekey: "puzzles")) {
      XCTAssertEqual(
        $0 as? ChallengeServiceError, .kindNotAllowed("slide", sitekey: "puzzles", allowed: ["rotate"]))
    }
    XCTAssertThrowsError(try plan(sitekey: "puzzles", hostname: "evil.example")) {
      XCTAssertEqual($0 as? ChallengeServiceError, .hostnameNotAllowed("evil.example", sitekey: "puzzles"))
    }
    XCTAssertThrowsError(try plan(sitekey: "nobody")) {
      XCTAssertEqual($0 as? ChallengeServiceError, .unknownSitekey("nobody"))
    }
    XCTAssertThrowsError(try plan(sitekey: "open-secret")) {
      XCTAssertEqual($0 as? ChallengeServiceError, .secretAsSitekey)
    }
  }

  func testTheDrawPicksALookByWeightAndTheLookItsKinds() throws {
    XCTAssertEqual(try plan(sitekey: "trial", draw: 0).look, "plain")
    XCTAssertEqual(try plan(sitekey: "trial", draw: 0.2499).look, "plain")
    XCTAssertEqual(try plan(sitekey: "trial", draw: 0.25).look, "stepped")
    XCTAssertEqual(try plan(sitekey: "trial", draw: 0.9999).look, "stepped")
    XCTAssertEqual(try plan(.puzzle("pattern"), sitekey: "trial", draw: 0.5).choice, .puzzle("pattern"))
    XCTAssertThrowsError(
      try plan(.puzzle("pattern"), sitekey: "trial", draw: 0.1), "the plain look makes no pattern")
  }

  func testATestKeysTrafficIsMarked() throws {
    let key = try XCTUnwrap(ServiceTestKeys.sites.first?.sitekey)
    XCTAssertTrue(try plan(sitekey: key).testKey)
    XCTAssertFalse(try plan(sitekey: "open").testKey)
  }
}
