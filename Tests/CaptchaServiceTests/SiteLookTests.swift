import CaptchaKit
import CaptchaService
import XCTest

/// A site with a look of its own gets its challenges from pools of its own; the others share the
/// server's.
final class SiteLookTests: XCTestCase {
  func testASiteWithItsOwnFactoriesGetsItsLookAndTheOthersTheServers() async throws {
    var stepped = SlideOptions()
    stepped.steps = 8
    let sites = SiteRegistry(sites: [
      Site(sitekey: "plain", secrets: [], hostnames: .any),
      Site(sitekey: "stepped", secrets: [], hostnames: .any),
    ])
    let service = ChallengeService(
      factories: [try ServiceFixtures.factory("slide")], stores: .inMemory(), sites: sites,
      siteFactories: [
        "stepped": [ChallengeFactory(kind: SlideKind(options: stepped), backgrounds: .builtIn)]
      ],
      settings: ServiceSettings(poolSize: 1))
    let running = Task { await service.run() }
    defer { running.cancel() }
    let plain = try await service.issue(sitekey: "plain")
    XCTAssertNil(plain.ready!.facts["steps"])
    let own = try await service.issue(sitekey: "stepped")
    guard case .array(let stops) = own.ready!.facts["steps"] else { return XCTFail("no steps") }
    XCTAssertEqual(stops.count, 8)
    XCTAssertNotNil(service.pool("slide", site: "stepped"))
    XCTAssertFalse(service.pool("slide", site: "stepped") === service.pool("slide"))
    await XCTAssertThrowsErrorAsync(try await service.issue(kind: .puzzle("rotate"), sitekey: "stepped")) {
      XCTAssertEqual($0 as? ChallengeServiceError, .kindNotOffered("rotate", offered: ["slide"]))
    }
    let metrics = await service.metricsText()
    XCTAssertTrue(metrics.contains("captcha_pool_capacity{kind=\"slide\"} 1"), metrics)
    XCTAssertTrue(metrics.contains("captcha_pool_capacity{kind=\"slide\",site=\"stepped\"} 1"), metrics)
  }
}
