import XCTest

@testable import CaptchaCheck
@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

final class ScoreMapTests: XCTestCase {
  let row = SearchSpace(xs: 0..<10, ys: 4..<5)

  func map(_ scores: [Double]) -> ScoreMap { ScoreMap(space: row, scores: scores) }

  func testBestIsTheFirstHighestFiniteScore() {
    XCTAssertEqual(map([0, 3, 1, 3, .nan, 2, 0, 0, 0, 0]).best, PiecePosition(x: 1, y: 4))
    XCTAssertEqual(map([.infinity, 1, 0, 0, 0, 0, 0, 0, 0, 0]).best, PiecePosition(x: 1, y: 4))
    XCTAssertNil(map(Array(repeating: -.infinity, count: 10)).best)
  }

  func testRankCountsOnlyPositionsOutsideTheToleranceWindow() {
    let scores: [Double] = [9, 8, 1, 5, 7, 2, 0, 0, 0, 6]
    // Window around x = 4 with tolerance 1: x 3…5, best inside 7. Outside and higher: 9, 8.
    XCTAssertEqual(
      map(scores).rank(of: AnswerWindow(target: .init(x: 4, y: 4), tolerance: 1, mode: .horizontal)), 3)
    // Tolerance 4 takes 9 and 8 into the window: rank 1.
    XCTAssertEqual(
      map(scores).rank(of: AnswerWindow(target: .init(x: 4, y: 4), tolerance: 4, mode: .horizontal)), 1)
    // No finite score inside: every finite position outside outranks it.
    let blind: [Double] = [1, 2, .nan, .nan, .nan, 3, 0, 0, 0, 0]
    XCTAssertEqual(
      map(blind).rank(of: AnswerWindow(target: .init(x: 3, y: 4), tolerance: 1, mode: .horizontal)), 8)
  }

  func testFreeModeWindowChecksBothCoordinates() {
    let space = SearchSpace(xs: 0..<3, ys: 0..<3)
    var scores = [Double](repeating: 0, count: 9)
    scores[2 * 3 + 0] = 5  // (0, 2)
    scores[0 * 3 + 0] = 4  // (0, 0)
    let m = ScoreMap(space: space, scores: scores)
    XCTAssertEqual(m.rank(of: AnswerWindow(target: .init(x: 0, y: 0), tolerance: 1, mode: .free)), 2)
    XCTAssertEqual(m.rank(of: AnswerWindow(target: .init(x: 0, y: 0), tolerance: 1, mode: .horizontal)), 1)
  }

  func testSearchSpaceFollowsTheDragMode() {
    func space(_ mode: DragMode, _ start: PiecePosition) -> SearchSpace {
      SearchSpace(
        backgroundWidth: 320, backgroundHeight: 160, pieceWidth: 60, pieceHeight: 60, mode: mode, start: start
      )
    }
    XCTAssertEqual(space(.horizontal, .init(x: 0, y: 51)), SearchSpace(xs: 0..<261, ys: 51..<52))
    XCTAssertEqual(space(.vertical, .init(x: 17, y: 0)), SearchSpace(xs: 17..<18, ys: 0..<101))
    XCTAssertEqual(space(.free, .init(x: 5, y: 5)).count, 261 * 101)
    // A start outside the valid range is clamped, as the attack suite's `pick` does.
    XCTAssertEqual(space(.horizontal, .init(x: 0, y: 500)).ys, 100..<101)
  }
}
