import CaptchaProofOfWork
import CaptchaSupport
import XCTest

/// The table, the walk and the first solving nonces against Fixtures/pow-vectors.json, which the
/// node tests of pow-worker.js, the browser test of the worker and the native solver's self-check
/// read too; and solutions checked whole.
final class TableWalkTests: XCTestCase {
  static let salt = Array(UInt8(0)..<16)
  var vectors: PowVectors!
  /// The fixture's first case: the default 2^24-word table.
  var solvedNonces: [UInt32] { vectors.cases[0].firstSolvingNonces }
  var table: PowTable { vectors.cases[0].table }
  var puzzle: PowPuzzle { vectors.cases[0].pow.puzzle }

  override func setUpWithError() throws {
    vectors = try PowVectors.load()
  }

  func testTheFixtureHoldsTheDefaultTableAndASmallOne() {
    XCTAssertEqual(vectors.cases.map(\.pow.tableLog2), [24, 16])
    XCTAssertEqual(puzzle.salt, Self.salt)
  }

  func testTableWordsMatchTheFixture() {
    for vector in vectors.cases {
      for word in vector.tableWords {
        XCTAssertEqual(
          vector.table[word.index], PowVectors.word(word.word), "\(vector.name), word \(word.index)")
      }
    }
  }

  func testWalksMatchTheFixture() {
    for vector in vectors.cases {
      for walk in vector.walks {
        XCTAssertEqual(
          vector.table.walk(vector.pow.puzzle, index: walk.puzzle, nonce: walk.nonce),
          PowVectors.word(walk.result),
          "\(vector.name), puzzle \(walk.puzzle), nonce \(walk.nonce)")
      }
    }
  }

  func testTheFixturesSolutionsSolve() {
    for vector in vectors.cases {
      XCTAssertEqual(
        vector.table.check(PowSolution(nonces: vector.firstSolvingNonces), for: vector.pow.puzzle), .solved,
        vector.name)
    }
  }

  func testAChangedNonceFails() {
    var nonces = solvedNonces
    nonces[5] &+= 1
    XCTAssertEqual(table.check(PowSolution(nonces: nonces), for: puzzle), .unsolved(index: 5))
  }

  func testTooFewOrTooManyNoncesFail() {
    XCTAssertEqual(
      table.check(PowSolution(nonces: Array(solvedNonces.prefix(15))), for: puzzle),
      .wrongCount(expected: 16, got: 15))
    XCTAssertEqual(
      table.check(PowSolution(nonces: solvedNonces + [1]), for: puzzle),
      .wrongCount(expected: 16, got: 17))
  }

  func testTheSolutionDoesNotFitAnotherChallenge() {
    var other = puzzle
    other.salt[0] ^= 1
    XCTAssertNotEqual(table.check(PowSolution(nonces: solvedNonces), for: other), .solved)
  }

  func testAHigherDifficultyRefusesMostEasySolutions() {
    var harder = puzzle
    harder.difficulty = 1 << 24
    XCTAssertNotEqual(table.check(PowSolution(nonces: solvedNonces), for: harder), .solved)
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
  func testTheSolverFindsTheFixturesFirstSolvingNonces() throws {
    for vector in try PowVectors.load().cases {
      XCTAssertEqual(vector.table.solve(vector.pow.puzzle)?.nonces, vector.firstSolvingNonces, vector.name)
    }
  }

  func testASmallTableSolvesAndChecks() {
    let table = PowTable.shared(log2Words: 12)
    let puzzle = PowSettings(tableLog2: 12, steps: 16, puzzles: 4, baseDifficulty: 64).puzzle(
      level: 2, salt: Array(repeating: 7, count: 16))
    let solution = table.solve(puzzle)!
    XCTAssertEqual(table.check(solution, for: puzzle), .solved)
  }
}
