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

/// The rotate self-attack: rim matching finds the angle when the piece's rim touches the picture
/// it was cut from (go-captcha's layout: the picture around a hole the disc's size, no jitter), and
/// is left with chance on rotate captchas, whose backdrop has no direction; the catalog runs it
/// for rotate answers.
final class RimMatchAttackTests: XCTestCase {
  func files(seed: UInt64, jitter: Bool = true) throws -> (CaptchaFiles, RotateAnswer) {
    var o = RotateOptions(backgroundStage: BackgroundStage())
    o.pieceJitter = jitter
    o.objectScene = false
    let bg = ProceduralBackground.make(width: 320, height: 160, seed: seed)
    let made = try RotateKind(options: o).make(PreparedBackground(image: bg, source: nil), seed: seed)
    return (made.files, try RotateAnswer.parse(made.files.bytes(named: "answer.json")!, name: "a"))
  }

  /// The best-scoring turn of rim matching on `piece` against `background`.
  func guess(piece: RGBAImage, background: RGBAImage, answer a: RotateAnswer, holeRadius: Int) -> Int {
    let scores = RimMatchAttack.scores(
      piece: piece, background: background, centerX: a.center.x, centerY: a.center.y, holeRadius: holeRadius)
    return scores.indices.max { scores[$0] < scores[$1] }!
  }

  func testRimMatchingSolvesADiscCutFromThePictureAroundIt() throws {
    var cracked = 0
    for seed: UInt64 in 1...6 {
      let (f, a) = try files(seed: seed, jitter: false)
      let piece = try ImageCodec.decode(f.bytes(named: "piece.png")!, name: "piece.png")
      // go-captcha's layout: the picture itself around a hole the disc's size.
      let picture = ProceduralBackground.make(width: 320, height: 160, seed: seed)
      let g = a.piece.width / 2
      if RotateVerifier.verify(
        answer: a, angle: Double(guess(piece: piece, background: picture, answer: a, holeRadius: g)))
      {
        cracked += 1
      }
    }
    XCTAssertGreaterThanOrEqual(cracked, 5, "rim matching is the attack go-captcha's layout falls to")
  }

  func testRimMatchingIsLeftWithChanceOnTheRadialBackdrop() throws {
    var cracked = 0
    for seed: UInt64 in 1...12 {
      let (f, a) = try files(seed: seed)
      let piece = try ImageCodec.decode(f.bytes(named: "piece.png")!, name: "piece.png")
      let background = try ImageCodec.decode(f.bytes(named: "background.png")!, name: "background.png")
      let holeRadius =
        a.piece.width / 2
        + max(2, Int((Double(a.piece.width / 2) * RotateOptions.defaultGapFraction).rounded()))
      if RotateVerifier.verify(
        answer: a,
        angle: Double(guess(piece: piece, background: background, answer: a, holeRadius: holeRadius)))
      {
        cracked += 1
      }
    }
    // Chance is 15/301 per captcha: more than 3 of 12 would be a direction left in the backdrop.
    XCTAssertLessThanOrEqual(cracked, 3)
  }

  func testTheRotateKindsSelfAttackIsRimMatchingTheUprightPriorsAndTheObjectAxes() throws {
    let (f, _) = try files(seed: 3)
    let report = try RotateKind.selfAttack(files: f, answer: f.bytes(named: CaptchaFiles.answerFileName)!)
    XCTAssertEqual(
      report.verdicts.map(\.attack), ["rim-match", "upright-prior", "upright-halves", "object-axis"])
    for v in report.verdicts {
      XCTAssertEqual(v.candidates, 360)
      XCTAssertNotNil(v.angle)
      XCTAssertTrue((1...360).contains(v.rank))
    }
    XCTAssertTrue(report.summaryLine.hasPrefix("check: rim-match rank "))
  }

  func testTheUprightPriorsTurnTheLandscapeUpright() throws {
    // A horizon and a sky: what people turn upright by is what the priors find (issue 31).
    var cracked = (prior: 0, halves: 0)
    for seed: UInt64 in 1...8 {
      let (f, a) = try files(seed: seed)
      let piece = try ImageCodec.decode(f.bytes(named: "piece.png")!, name: "piece.png")
      if UprightPriorAttack.verdict(piece: piece, answer: a).cracked { cracked.prior += 1 }
      if UprightHalvesAttack.verdict(piece: piece, answer: a).cracked { cracked.halves += 1 }
    }
    XCTAssertGreaterThanOrEqual(cracked.prior, 5)
    XCTAssertGreaterThanOrEqual(cracked.halves, 5)
  }

  func testTheUprightPriorsAreLeftWithChanceOnTheBuiltInObjectScene() throws {
    // The rotate kind's own built-in picture: upright objects, no horizon, random colours.
    let kind = RotateKind(options: RotateOptions(backgroundStage: BackgroundStage()))
    var cracked = 0
    for seed: UInt64 in 1...16 {
      let made = try kind.make(
        kind.preparedBuiltIn(seed: seed), seed: seed)
      let a = try RotateAnswer.parse(made.files.bytes(named: "answer.json")!, name: "a")
      let piece = try ImageCodec.decode(made.files.bytes(named: "piece.png")!, name: "piece.png")
      if UprightPriorAttack.verdict(piece: piece, answer: a).cracked { cracked += 1 }
      if UprightHalvesAttack.verdict(piece: piece, answer: a).cracked { cracked += 1 }
    }
    // Chance is 15/301 per guess; on the landscape both found most angles. 32 guesses.
    XCTAssertLessThanOrEqual(cracked, 5)
  }

  func testTheUprightPriorsHaveNothingToGoOnInAFlatDisc() {
    // A disc without edges or a lighter side scores every turn alike: the guess is turn 0, which
    // is never an answer (30…330°).
    let piece = RGBAImage(width: 64, height: 64, fill: (90, 120, 150, 255))
    for s in [UprightPriorAttack.scores(piece: piece), UprightHalvesAttack.scores(piece: piece)] {
      XCTAssertEqual(s.count, 360)
      XCTAssertEqual(s.max()! - s.min()!, 0, accuracy: 1e-9)
    }
  }
}
