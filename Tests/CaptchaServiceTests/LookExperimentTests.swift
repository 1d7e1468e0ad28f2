import CaptchaKit
import CaptchaService
import XCTest

/// Look experiments: a site lists looks with weights in the sites file; each challenge is issued
/// under one, drawn by weight, from that look's pools, and the analytics split by its name.
final class LookExperimentTests: XCTestCase {
  static let digest = SHA256.hexDigest(Array("s3cret".utf8))

  func parse(_ site: String) throws -> Site {
    try SitesFile.parse(
      Array(
        #"{"sites": [{"sitekey": "shop", "secret_sha256": "\#(Self.digest)", "hostnames": ["*"], \#(site)}]}"#
          .utf8))[0]
  }

  func testLooksReadWithTheirWeightsAndOptions() throws {
    let site = try parse(
      #""looks": [{"name": "a", "weight": 3}, {"name": "b", "steps": 8, "difficulty": "hard"}]"#)
    XCTAssertEqual(site.looks.map(\.name), ["a", "b"])
    XCTAssertEqual(site.looks.map(\.weight), [3, 1], "weight 1 when not given")
    XCTAssertEqual(site.looks[1].options.map(\.key), ["difficulty", "steps"])
    XCTAssertEqual(site.lookVariants.map(\.name), ["a", "b"])
    let plain = try parse(#""steps": 8"#)
    XCTAssertEqual(plain.lookVariants.map(\.name), ["default"], "one look is the default")
    XCTAssertEqual(plain.lookVariants[0].options.map(\.key), ["steps"])
  }

  func testBadLooksNameTheirKey() {
    let cases: [(String, String)] = [
      (#""looks": []"#, #""sites[0].looks" is empty"#),
      (#""looks": [{"weight": 2}]"#, #""sites[0].looks[0].name" is missing"#),
      (#""looks": [{"name": "a"}, {"name": "a"}]"#, #""sites[0].looks[1].name": look "a" is listed twice"#),
      (#""looks": [{"name": "a b"}]"#, #""sites[0].looks[0].name" must be letters"#),
      (
        #""looks": [{"name": "a", "weight": 0}]"#,
        #""sites[0].looks[0].weight" must be a whole number from 1"#
      ),
      (
        #""looks": [{"name": "a", "weight": 1.5}]"#,
        #""sites[0].looks[0].weight" must be a whole number from 1"#
      ),
      (#""looks": [{"name": "a", "steps": [8]}]"#, #""sites[0].looks[0].steps" is not a key of a site"#),
      (#""steps": 8, "looks": [{"name": "a"}]"#, #""sites[0].steps" is a look option beside "looks""#),
      (#""looks": {"name": "a"}"#, #""sites[0].looks" must be a list"#),
    ]
    for (text, words) in cases {
      XCTAssertThrowsError(try parse(text), text) { error in
        XCTAssertTrue("\(error)".contains(words), "\(text): \(error)")
      }
    }
  }

  func testChallengesAreDrawnByWeightFromEachLooksPoolsAndCountedUnderIt() async throws {
    var stepped = SlideOptions()
    stepped.steps = 8
    let sites = SiteRegistry(sites: [Site(sitekey: "shop", secrets: [], hostnames: .any)])
    let service = ChallengeService(
      factories: [try ServiceFixtures.factory("slide")], stores: .inMemory(), sites: sites,
      siteLooks: [
        "shop": [
          SiteLookFactories(name: "plain", weight: 1, factories: nil),
          SiteLookFactories(
            name: "stepped", weight: 3,
            factories: [ChallengeFactory(kind: SlideKind(options: stepped), backgrounds: .builtIn)]),
        ]
      ],
      settings: ServiceSettings(poolSize: 4))
    let running = Task { await service.run() }
    defer { running.cancel() }
    var drawn: [String: Int] = [:]
    for _ in 0..<40 {
      let issued = try await service.issue(sitekey: "shop")
      drawn[issued.look, default: 0] += 1
      XCTAssertEqual(issued.ready!.facts["steps"] != nil, issued.look == "stepped", "the look's own pool")
      _ = try await service.verify(id: issued.id, response: try ServiceFixtures.rightResponse(issued))
    }
    XCTAssertEqual(drawn.values.reduce(0, +), 40)
    XCTAssertGreaterThan(drawn["plain", default: 0], 0)
    XCTAssertGreaterThan(
      drawn["stepped", default: 0], drawn["plain", default: 0], "weight 3 against 1: \(drawn)")
    let report = try await service.report(
      sitekey: "shop", period: try AnalyticsPeriod.parse(since: "1h", until: nil, now: Date()))
    let rows = report.sites[0].rows
    XCTAssertEqual(rows.map(\.look), ["plain", "stepped"])
    XCTAssertEqual(rows.map { Int($0.total(.issued)) }, [drawn["plain"]!, drawn["stepped"]!])
    let metrics = await service.metricsText()
    XCTAssertTrue(
      metrics.contains(#"captcha_pool_capacity{kind="slide",site="shop",look="stepped"} 4"#), metrics)
    XCTAssertTrue(metrics.contains(#"look="plain",audience="people",outcome="issued"}"#), metrics)
  }
}
