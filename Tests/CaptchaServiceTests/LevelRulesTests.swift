import CaptchaService
import XCTest

/// The level rule on plain scores, as a client's row holds them after a while of steady traffic
/// (a score fed r times a minute settles near r × 14.4 with the standard 600 s half-life). A crowd
/// is people behind one address prefix, 90% right on the first try; the request score counts what
/// did not pass (a failed try's issue and verify), not what did.
final class LevelRulesTests: XCTestCase {
  let rules = LevelRules.standard

  /// 20 people a minute who all pass, one in ten on a second try: 20 passes and 2.2 failed tries a
  /// minute hold 289 passes, 32 failures and the failed tries' 64 requests.
  let crowd = ActivityScores(requests: 64, failures: 32, passes: 289)

  func level(_ client: ActivityScores) -> Int {
    rules.level(client: client, site: .zero)
  }

  func testNothingIsLevelOne() {
    XCTAssertEqual(level(.zero), 1)
  }

  func testACrowdThatPassesStaysAtLevelOne() {
    XCTAssertEqual(level(crowd), 1)
    XCTAssertEqual(
      level(ActivityScores(requests: 6, failures: 3, passes: 26)), 1, "2 people a minute")
    XCTAssertEqual(
      level(ActivityScores(requests: crowd.requests, failures: crowd.failures)), 6,
      "the same failures without the passes that come with them")
  }

  func testAHammeringBotThatNeverAnswersClimbs() {
    // Requests 10, 30, 70, 150 are +1, +2, +3, +4: what the rule did before passes counted.
    XCTAssertEqual(level(ActivityScores(requests: 9, failures: 0)), 1)
    XCTAssertEqual(level(ActivityScores(requests: 10, failures: 0)), 2)
    XCTAssertEqual(level(ActivityScores(requests: 70, failures: 0)), 4)
    XCTAssertEqual(level(ActivityScores(requests: 150, failures: 0)), 5)
  }

  func testAFailingBotClimbs() {
    // Every try an issue and a verify that stay on the request score, and a failure.
    XCTAssertEqual(level(ActivityScores(requests: 6, failures: 3)), 2)
    XCTAssertEqual(level(ActivityScores(requests: 40, failures: 20)), 5)
    XCTAssertEqual(
      level(ActivityScores(requests: 40, failures: 20, passes: 2)), 5,
      "a few passes do not buy a failing bot anything")
  }

  func testABotInACrowdClimbs() {
    let hammering = ActivityScores(
      requests: crowd.requests + 400, failures: crowd.failures, passes: crowd.passes)
    XCTAssertEqual(level(hammering), 3, "400 unanswered requests against 144.5 per level")
    let failing = ActivityScores(
      requests: crowd.requests + 400, failures: crowd.failures + 200, passes: crowd.passes)
    XCTAssertEqual(level(failing), 4, "200 failed tries: +2 for the requests, +1 for the failures")
    let failingHarder = ActivityScores(
      requests: crowd.requests + 2000, failures: crowd.failures + 1000, passes: crowd.passes)
    XCTAssertEqual(level(failingHarder), 7)
  }

  func testABotThatSolvesEveryChallengeStillPaysForItsRate() {
    XCTAssertEqual(level(ActivityScores(requests: 0, failures: 0, passes: 299)), 1)
    XCTAssertEqual(level(ActivityScores(requests: 0, failures: 0, passes: 300)), 2)
    // 160 passes a minute, 97% right: 2300 passes, 71 failures and their 142 requests.
    XCTAssertEqual(level(ActivityScores(requests: 142, failures: 71, passes: 2300)), 4)
  }

  func testWithoutAnAllowancePassesBuyNothing() {
    var strict = rules
    strict.allowancePerPass = 0
    XCTAssertEqual(strict.level(client: crowd, site: .zero), 6)
  }

  func testANoPuzzleChallengeWeighsMore() {
    XCTAssertEqual(rules.requestWeight(noPuzzle: false), 1)
    XCTAssertEqual(rules.requestWeight(noPuzzle: true), rules.noPuzzleRequestWeight)
  }
}
