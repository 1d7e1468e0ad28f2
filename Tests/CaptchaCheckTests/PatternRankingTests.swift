import CaptchaCheck
import XCTest

/// Ranking a pattern answer among all orders of distinct dots by summed per-icon scores.
final class PatternRankingTests: XCTestCase {
  func testTheTrueOrderRanksByHowManyOrdersScoreHigher() {
    // Three hint icons, four dots: 4·3·2 = 24 orders.
    var scores = [[Double]](repeating: [0, 0, 0, 0], count: 3)
    scores[0][2] = 1
    scores[1][0] = 1
    scores[2][3] = 1
    let best = PatternRanking.verdict(attack: "t", scores: scores, sequence: [2, 0, 3])
    XCTAssertEqual(best.rank, 1)
    XCTAssertEqual(best.candidates, 24)
    XCTAssertTrue(best.cracked)
    // [2, 0, 1] scores 2, as do [2, 1, 3] and [1, 0, 3]: one order (3) beats them and three tie,
    // so the rank is 1 + 1 + the middle of the other two ties.
    let second = PatternRanking.verdict(attack: "t", scores: scores, sequence: [2, 0, 1])
    XCTAssertEqual(second.rank, 3)
    XCTAssertFalse(second.cracked)
  }

  func testTiesAreNotCracks() {
    let flat = [[Double]](repeating: [0.5, 0.5, 0.5], count: 3)
    let v = PatternRanking.verdict(attack: "t", scores: flat, sequence: [0, 1, 2])
    XCTAssertEqual(v.rank, 3, "the middle of the six tied orders")
    XCTAssertEqual(v.candidates, 6)
    XCTAssertFalse(v.cracked, "an attack that cannot tell the orders apart has not found the answer")
  }
}
