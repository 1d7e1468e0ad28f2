import XCTest

@testable import CaptchaCheck
@testable import CaptchaImaging
@testable import CaptchaKinds
@testable import CaptchaSupport

/// The rotate self-attack: rim matching finds the angle when the piece's rim touches the picture
/// it was cut from (no gap, no flattening, no jitter: go-captcha's layout), and the catalog runs it
/// for rotate answers.
final class RimMatchAttackTests: XCTestCase {
  func files(seed: UInt64, hardened: Bool) throws -> (CaptchaFiles, RotateAnswer) {
    var o = RotateOptions(backgroundStage: BackgroundStage())
    if !hardened {
      o.gapFraction = 0
      o.pieceJitter = false
      o.rimFlattening = false
    }
    let bg = ProceduralBackground.make(width: 320, height: 160, seed: seed)
    let made = try RotateKind(options: o).make(PreparedBackground(image: bg, source: nil), seed: seed)
    return (made.files, try RotateAnswer.parse(made.files.bytes(named: "answer.json")!, name: "a"))
  }

  func testRimMatchingSolvesADiscWithoutAGap() throws {
    var cracked = 0
    for seed: UInt64 in 1...6 {
      let (f, a) = try files(seed: seed, hardened: false)
      let holeRadius = a.piece.width / 2
      let decodedPiece = try ImageCodec.decode(f.bytes(named: "piece.png")!, name: "piece.png")
      let decodedBackground = try ImageCodec.decode(f.bytes(named: "background.png")!, name: "bg")
      let scores = RimMatchAttack.scores(
        piece: decodedPiece, background: decodedBackground, centerX: a.center.x, centerY: a.center.y,
        holeRadius: holeRadius)
      let best = scores.indices.max { scores[$0] < scores[$1] }!
      if RotateVerifier.verify(answer: a, angle: Double(best)) { cracked += 1 }
    }
    XCTAssertGreaterThanOrEqual(cracked, 5, "rim matching is the attack go-captcha's layout falls to")
  }

  func testTheRotateKindsSelfAttackIsRimMatching() throws {
    let (f, _) = try files(seed: 3, hardened: true)
    let report = try RotateKind.selfAttack(files: f, answer: f.bytes(named: CaptchaFiles.answerFileName)!)
    XCTAssertEqual(report.verdicts.map(\.attack), ["rim-match"])
    XCTAssertEqual(report.verdicts[0].candidates, 360)
    XCTAssertNotNil(report.verdicts[0].angle)
    XCTAssertTrue((1...360).contains(report.verdicts[0].rank))
    XCTAssertTrue(report.summaryLine.hasPrefix("check: rim-match rank "))
  }
}
