import CaptchaProofOfWork
import CaptchaSupport
import XCTest

/// The table and the walk against the vectors pow-worker.js computes (docs/proof-of-work.md lists them;
/// tools/widget/pow_test.py checks the JavaScript side in Chromium), and solutions checked whole.
final class TableWalkTests: XCTestCase {
  static let salt = Array(UInt8(0)..<16)
  /// Nonces pow-worker.js found for `salt` at difficulty 32768 (16 puzzles, 64 steps, 2^24 words).
  static let solvedNonces: [UInt32] = [
    4149, 31039, 22374, 65647, 15212, 36371, 12798, 47757, 20952, 11469, 48073, 21955, 36117, 4340, 12597,
    83789,
  ]

  var table: PowTable { PowTable.shared(log2Words: 24) }
  var puzzle: PowPuzzle {
    PowPuzzle(level: 2, salt: Self.salt, puzzles: 16, steps: 64, difficulty: 32768, tableLog2: 24)
  }

  func testTableWordsMatchTheJavaScriptTable() {
    XCTAssertEqual(table[0], 0xbd99_da98)
    XCTAssertEqual(table[(1 << 24) - 1], 0xd8b4_26f6)
  }

  func testWalksMatchTheJavaScriptWalks() {
    XCTAssertEqual(table.walk(puzzle, index: 0, nonce: 0), 0x7526_62dd)
    XCTAssertEqual(table.walk(puzzle, index: 0, nonce: 1), 0x8db0_9d2e)
  }

  func testTheJavaScriptSolutionSolves() {
    XCTAssertEqual(table.check(PowSolution(nonces: Self.solvedNonces), for: puzzle), .solved)
  }

  func testAChangedNonceFails() {
    var nonces = Self.solvedNonces
    nonces[5] &+= 1
    XCTAssertEqual(table.check(PowSolution(nonces: nonces), for: puzzle), .unsolved(index: 5))
  }

  func testTooFewOrTooManyNoncesFail() {
    XCTAssertEqual(
      table.check(PowSolution(nonces: Array(Self.solvedNonces.prefix(15))), for: puzzle),
      .wrongCount(expected: 16, got: 15))
    XCTAssertEqual(
      table.check(PowSolution(nonces: Self.solvedNonces + [1]), for: puzzle),
      .wrongCount(expected: 16, got: 17))
  }

  func testTheSolutionDoesNotFitAnotherChallenge() {
    var other = puzzle
    other.salt[0] ^= 1
    XCTAssertNotEqual(table.check(PowSolution(nonces: Self.solvedNonces), for: other), .solved)
  }

  func testAHigherDifficultyRefusesMostEasySolutions() {
    var harder = puzzle
    harder.difficulty = 1 << 24
    XCTAssertNotEqual(table.check(PowSolution(nonces: Self.solvedNonces), for: harder), .solved)
  }

  func testSettingsDoubleTheWorkPerLevelAndClamp() throws {
    let settings = try PowSettings.validated(baseDifficulty: 1000, maxLevel: 5)
    XCTAssertEqual(settings.difficulty(level: 1), 1000)
    XCTAssertEqual(settings.difficulty(level: 3), 4000)
    XCTAssertEqual(settings.difficulty(level: 9), 16000)
    XCTAssertEqual(settings.difficulty(level: 0), 1000)
    XCTAssertThrowsError(try PowSettings.validated(baseDifficulty: 1 << 30, maxLevel: 5))
    XCTAssertThrowsError(try PowSettings.validated(puzzles: 0))
  }

  func testSaltComesFromTheChallengeID() {
    XCTAssertEqual(PowPuzzle.salt(challengeID: "000102030405060708090a0b0c0d0e0f"), Self.salt)
    XCTAssertNil(PowPuzzle.salt(challengeID: "000102030405060708090a0b0c0d0e0F"))
    XCTAssertNil(PowPuzzle.salt(challengeID: "0001"))
  }

  func testThePuzzleObjectNamesEveryParameter() {
    let text = JSONWriter.text(puzzle.json, layout: .compact)
    XCTAssertEqual(
      text,
      #"{"algorithm":"table-walk-v1","level":2,"salt":"000102030405060708090a0b0c0d0e0f","puzzles":16,"steps":64,"difficulty":32768,"table_log2":24}"#
    )
  }
}

/// The scalar solver the tests and tools use finds the first solving nonces, as the widget's does.
final class SolverTests: XCTestCase {
  func testTheSolverFindsTheWidgetsNonces() {
    let puzzle = PowPuzzle(
      level: 2, salt: TableWalkTests.salt, puzzles: 16, steps: 64, difficulty: 32768, tableLog2: 24)
    XCTAssertEqual(PowTable.shared(log2Words: 24).solve(puzzle)?.nonces, TableWalkTests.solvedNonces)
  }

  func testASmallTableSolvesAndChecks() {
    let table = PowTable.shared(log2Words: 12)
    let puzzle = PowSettings(tableLog2: 12, steps: 16, puzzles: 4, baseDifficulty: 64).puzzle(
      level: 2, salt: Array(repeating: 7, count: 16))
    let solution = table.solve(puzzle)!
    XCTAssertEqual(table.check(solution, for: puzzle), .solved)
  }
}
