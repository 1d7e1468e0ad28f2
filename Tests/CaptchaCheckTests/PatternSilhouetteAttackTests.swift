import Foundation
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

/// The pattern self-attack, per-cell silhouettes: it solves a board painted in flat colours (the
/// look before issue 31, kept in Fixtures/pattern-flat-8f5c1a7), finds no flat cut-out on today's
/// boards, and the pattern kind's self-attack runs it.
final class PatternSilhouetteAttackTests: XCTestCase {
  static var flatFixture: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/pattern-flat-8f5c1a7")
  }

  func decode(_ url: URL) throws -> RGBAImage {
    try ImageCodec.decode([UInt8](Data(contentsOf: url)), name: url.lastPathComponent)
  }

  func testItSolvesTheFlatPaintedBoard() throws {
    let dir = Self.flatFixture
    let answer = try PatternAnswer.parse(
      [UInt8](Data(contentsOf: dir.appendingPathComponent("answer.json"))), name: "answer.json")
    let board = try decode(dir.appendingPathComponent("background.png"))
    let hint = try decode(dir.appendingPathComponent("piece.png"))
    let v = PatternSilhouetteAttack.run(board: board, hint: hint, answer: answer)
    XCTAssertEqual(v.attack, "cell-silhouette")
    XCTAssertTrue(v.cracked, "rank \(v.rank) of \(v.candidates)")
    XCTAssertEqual(v.candidates, 3024)
    // Every cell yields a cut-out and each hint icon overlaps its own marker best.
    let scores = PatternSilhouetteAttack.scoreMatrix(board: board, hint: hint, tolerance: 0)
    for (i, dot) in answer.sequence.enumerated() {
      XCTAssertEqual(scores[i].firstIndex(of: scores[i].max()!), dot, "hint icon \(i): \(scores[i])")
      XCTAssertGreaterThan(scores[i][dot], 0.8)
    }
  }

  func testTodaysBoardsLeaveItNoFlatCutout() throws {
    let kind = try PatternKind(options: PatternOptions(backgroundStage: BackgroundStage(size: nil)))
    var solved = 0
    for seed: UInt64 in 1...4 {
      let made = try kind.make(
        kind.preparedBuiltIn(seed: seed), seed: seed)
      let board = try ImageCodec.decode(made.files.bytes(named: "background.png")!, name: "background.png")
      let hint = try ImageCodec.decode(made.files.bytes(named: "piece.png")!, name: "piece.png")
      let scores = PatternSilhouetteAttack.scoreMatrix(board: board, hint: hint, tolerance: 0)
      XCTAssertTrue(
        scores.allSatisfy { $0.allSatisfy { $0 == -1 } }, "seed \(seed): a cell had a flat cut-out")
      let report = try PatternKind.selfAttack(
        files: made.files, answer: made.files.bytes(named: CaptchaFiles.answerFileName)!)
      XCTAssertEqual(report.verdicts.map(\.attack), ["cell-silhouette"])
      solved += report.verdicts[0].cracked ? 1 : 0
    }
    XCTAssertEqual(solved, 0)
  }
}
