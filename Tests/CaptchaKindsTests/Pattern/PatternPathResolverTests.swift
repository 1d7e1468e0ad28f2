import CaptchaKinds
import VectorRaster
import XCTest

/// Path resolution on an unjittered 3×3 grid (80 px apart, radius 30): snapping, repeats, the
/// pass-over rule for rows, columns, diagonals and knight's moves, and "too short".
final class PatternPathResolverTests: XCTestCase {
  let grid = PatternPathResolver(
    dots: (0..<9).map { Point(40 + 80 * Double($0 % 3), 40 + 80 * Double($0 / 3)) }, radius: 30)

  func centre(_ i: Int) -> Point { grid.dots[i] }

  func testSamplesSnapToTheNearestDotWithinTheRadius() {
    XCTAssertEqual(grid.snap(Point(40 + 29, 40)), 0)
    XCTAssertNil(grid.snap(Point(40 + 31, 40)), "31 px away is outside the radius")
    XCTAssertEqual(grid.snap(Point(95, 40)), 1, "nearer dot 1 wins over dot 0")
    XCTAssertEqual(grid.visited([Point(0, 0), Point(239, 239)]), [], "samples near no dot visit nothing")
  }

  func testRepeatsAreDroppedIncludingReturnsToAnEarlierDot() {
    let path = [centre(0), Point(45, 42), centre(3), Point(40, 130), centre(0), centre(4)]
    XCTAssertEqual(grid.visited(path), [0, 3, 4])
  }

  func testAStraightLineOverTheMiddleOfARowOrColumnVisitsIt() {
    XCTAssertEqual(grid.visited([centre(0), centre(2)]), [0, 1, 2])
    XCTAssertEqual(grid.visited([centre(7), centre(1)]), [7, 4, 1])
    XCTAssertEqual(
      grid.visited([centre(1), centre(0), centre(2)]), [1, 0, 2], "a visited middle is not taken twice")
  }

  func testADiagonalVisitsTheCentreAndAKnightsMoveVisitsNothingBetween() {
    XCTAssertEqual(grid.visited([centre(0), centre(8)]), [0, 4, 8])
    XCTAssertEqual(grid.visited([centre(6), centre(2)]), [6, 4, 2])
    XCTAssertEqual(grid.visited([centre(0), centre(5)]), [0, 5], "knight's move: 35.8 px from dots 1 and 4")
    XCTAssertEqual(grid.visited([centre(0), centre(7)]), [0, 7])
  }

  func testPassOverFollowsTheDotsWhereTheyAreNotTheGrid() {
    // Dot 1 moved 25 px down: the line 0→2 still passes within 30 px; moved 35 px, it does not.
    var dots = grid.dots
    dots[1].y += 25
    XCTAssertEqual(PatternPathResolver(dots: dots, radius: 30).visited([dots[0], dots[2]]), [0, 1, 2])
    dots[1].y += 10
    XCTAssertEqual(PatternPathResolver(dots: dots, radius: 30).visited([dots[0], dots[2]]), [0, 2])
  }

  func testADenseTrackThatCurvesAroundADotStillGetsItByTheDotToDotLine() {
    // As on Android, the line between visited dots counts, not the finger's detour.
    let detour = [centre(0), Point(120, 10), centre(2)]
    XCTAssertEqual(grid.visited(detour), [0, 1, 2])
  }

  func testOutcomes() {
    XCTAssertEqual(PatternOutcome(visited: [3, 4, 5], sequence: [3, 4, 5]), .match)
    XCTAssertEqual(PatternOutcome(visited: [], sequence: [3, 4, 5]), .tooShort)
    XCTAssertEqual(PatternOutcome(visited: [3, 4], sequence: [3, 4, 5]), .tooShort)
    XCTAssertEqual(PatternOutcome(visited: [3, 5, 4], sequence: [3, 4, 5]), .mismatch)
    XCTAssertEqual(PatternOutcome(visited: [3, 4, 5, 8], sequence: [3, 4, 5]), .mismatch)
    XCTAssertNotEqual(PatternOutcome.tooShort.reason, PatternOutcome.mismatch.reason)
  }
}
