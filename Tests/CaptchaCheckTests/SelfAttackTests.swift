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

final class SelfAttackTests: XCTestCase {
  func verdict(_ report: SelfAttackReport, _ name: String) -> AttackVerdict {
    report.verdicts.first { $0.attack == name }!
  }

  func testPlainDarkenedHoleIsCrackedByEveryAttackAtRankOne() throws {
    for target in [PiecePosition(x: 40, y: 20), PiecePosition(x: 151, y: 77), PiecePosition(x: 250, y: 50)] {
      let captcha = try SyntheticCaptcha.make(target: target, hole: SyntheticCaptcha.darkened)
      let report = try captcha.run()
      XCTAssertEqual(
        report.verdicts.map(\.attack), ["edge-match", "ncc-ccoeff", "boundary", "hole-contrast"])
      for v in report.verdicts {
        XCTAssertEqual(v.rank, 1, "\(v.attack) at \(target)")
        XCTAssertTrue(v.cracked, "\(v.attack) at \(target)")
        XCTAssertEqual(v.candidates, 261)
        XCTAssertEqual(v.guess?.y, target.y, "horizontal mode searches only the start row")
        XCTAssertLessThanOrEqual(abs(v.guess!.x - target.x), 1, "\(v.attack) at \(target)")
      }
      XCTAssertTrue(report.crackedByAny)
    }
  }

  /// A hole filled with noise of about the texture's mean and spread, blended in by coverage: no
  /// affine relation to the photo is left inside the hole.
  func noiseHoleCaptcha(pieceSeed: UInt64? = nil) throws -> SyntheticCaptcha {
    var rng = Xoshiro256StarStar(seed: 99)
    return try SyntheticCaptcha.make(target: PiecePosition(x: 180, y: 60), pieceSeed: pieceSeed) {
      rgb, c, _, _ in
      let n = Double(rng.nextInt(in: 40...215))
      func mix(_ v: Int, _ k: Double) -> Int { Int((Double(v) * (1 - c) + n * k * c).rounded()) }
      return (mix(rgb.0, 0.9), mix(rgb.1, 1), mix(rgb.2, 0.7))
    }
  }

  func testHoleFilledWithUnrelatedNoiseDefeatsMaskedCorrelationButNotBoundaryContinuity() throws {
    let report = try noiseHoleCaptcha().run()
    let ncc = verdict(report, "ncc-ccoeff")
    XCTAssertFalse(ncc.cracked)
    XCTAssertGreaterThan(ncc.rank, 10, "the true position should not be near the top")
    XCTAssertNotNil(ncc.guess)
    // The piece's border still continues the photo around the hole.
    let boundary = verdict(report, "boundary")
    XCTAssertTrue(boundary.cracked)
    XCTAssertEqual(boundary.rank, 1)
  }

  func testPieceFromAnotherPictureDefeatsBoundaryContinuity() throws {
    let boundary = verdict(try noiseHoleCaptcha(pieceSeed: 12345).run(), "boundary")
    XCTAssertFalse(boundary.cracked)
    XCTAssertGreaterThan(boundary.rank, 5)
  }

  func testVerticalModeSearchesTheStartColumnOnly() throws {
    let captcha = try SyntheticCaptcha.make(
      target: PiecePosition(x: 30, y: 130), mode: .vertical, width: 160, height: 240,
      hole: SyntheticCaptcha.darkened)
    let report = try captcha.run()
    for v in report.verdicts {
      XCTAssertEqual(v.candidates, 181)
      XCTAssertEqual(v.guess?.x, 30)
    }
    // The correlation attacks find the plain hole on this texture (boundary continuity is weaker
    // on its fine detail, and is tested on its own below).
    for name in ["edge-match", "ncc-ccoeff"] {
      XCTAssertTrue(verdict(report, name).cracked, name)
      XCTAssertEqual(verdict(report, name).rank, 1, name)
    }
  }

  func testFreeModeSearchesBothCoordinates() throws {
    let target = PiecePosition(x: 70, y: 33)
    let captcha = try SyntheticCaptcha.make(
      target: target, mode: .free, start: PiecePosition(x: 0, y: 0), width: 160, height: 100,
      pieceSize: 40, hole: SyntheticCaptcha.darkened)
    let report = try captcha.run()
    XCTAssertEqual(report.verdicts.map(\.candidates), [121 * 61, 121 * 61, 121 * 61, 121 * 61])
    for name in ["edge-match", "ncc-ccoeff"] {
      let v = verdict(report, name)
      XCTAssertTrue(v.cracked, name)
      XCTAssertLessThanOrEqual(abs(v.guess!.y - target.y), 1, name)
    }
  }

  func testAWrongAnswerIsReportedAsNotCracked() throws {
    let captcha = try SyntheticCaptcha.make(
      target: PiecePosition(x: 151, y: 77), hole: SyntheticCaptcha.darkened)
    // Judged against a target 40 px away, the attacks' (correct) guesses miss.
    let report = try SelfAttack.run(
      captcha.view,
      window: AnswerWindow(target: PiecePosition(x: 191, y: 77), tolerance: 5, mode: .horizontal))
    for v in report.verdicts {
      XCTAssertFalse(v.cracked)
      XCTAssertGreaterThan(v.rank, 1)
    }
    XCTAssertFalse(report.crackedByAny)
  }

  func testPieceLargerThanTheBackgroundIsBadData() {
    let view = ClientView(
      background: RGBAImage(width: 20, height: 20), piece: RGBAImage(width: 30, height: 30),
      mode: .horizontal,
      start: PiecePosition(x: 0, y: 0))
    XCTAssertThrowsError(
      try SelfAttack.run(
        view, window: AnswerWindow(target: PiecePosition(x: 0, y: 0), tolerance: 5, mode: .horizontal))
    ) { error in
      XCTAssertEqual((error as? CaptchaError)?.kind, .badData)
    }
  }

  func testReportLineAndJSON() {
    let report = SelfAttackReport(verdicts: [
      AttackVerdict(
        attack: "edge-match", guess: PiecePosition(x: 3, y: 4), rank: 1, candidates: 261, cracked: true),
      AttackVerdict(attack: "ncc-ccoeff", guess: nil, rank: 37, candidates: 261, cracked: false),
    ])
    XCTAssertEqual(report.summaryLine, "check: edge-match rank 1 of 261 (cracked), ncc-ccoeff rank 37 of 261")
    let text = JSONWriter.string(report.json)
    XCTAssertTrue(text.contains("\"cracked\": true"))
    XCTAssertTrue(text.contains("\"guess\": null"))
    XCTAssertTrue(text.contains("\"guess\": { \"x\": 3, \"y\": 4 }"))
  }

  func testAnswerJSONGainsCheckOnlyWhenAsked() {
    let answer = SlideAnswer(
      seed: 1, mode: .horizontal, tolerance: 5,
      background: .init(file: "background.png", width: 320, height: 160),
      piece: .init(file: "piece.png", width: 60, height: 60), shape: "classic",
      start: PiecePosition(x: 0, y: 5),
      target: PiecePosition(x: 100, y: 5))
    XCTAssertEqual(answer.json.appending(check: nil), answer.json)
    let report = SelfAttackReport(verdicts: [])
    guard case .object(let members) = answer.json.appending(check: report) else {
      return XCTFail("not an object")
    }
    XCTAssertEqual(members.last?.0, "check")
    XCTAssertEqual(members.count, 11, "schema 1's ten keys (kind among them) and check")
  }
}

final class HoleContrastAttackTests: XCTestCase {
  /// A hole of noise unrelated to the photo, tinted with a strong colour cast of unchanged
  /// brightness: masked correlation has nothing to match, but the saturation map shows the hole.
  func tintedNoiseHole(at target: PiecePosition) throws -> SyntheticCaptcha {
    var rng = Xoshiro256StarStar(seed: 7)
    return try SyntheticCaptcha.make(target: target) { rgb, c, _, _ in
      let n = Double(rng.nextInt(in: 60...190))
      // +40 red, +40 blue and as much less green as keeps BT.601 luma: saturated, same brightness.
      let tint = (40.0, -40.0 * (0.299 + 0.114) / 0.587, 40.0)
      func mix(_ v: Int, _ t: Double) -> Int { Int((Double(v) * (1 - c) + (n + t) * c).rounded()) }
      return (mix(rgb.0, tint.0), mix(rgb.1, tint.1), mix(rgb.2, tint.2))
    }
  }

  func testTintedNoiseHoleIsFoundByHoleContrastButNotByMaskedCorrelation() throws {
    for target in [PiecePosition(x: 90, y: 30), PiecePosition(x: 200, y: 70)] {
      let report = try tintedNoiseHole(at: target).run()
      let hole = report.verdicts.first { $0.attack == "hole-contrast" }!
      XCTAssertTrue(hole.cracked, "hole-contrast at \(target): guess \(String(describing: hole.guess))")
      XCTAssertEqual(hole.rank, 1)
      XCTAssertFalse(report.verdicts.first { $0.attack == "ncc-ccoeff" }!.cracked)
    }
  }

  func testOpenCVDiscMatchesTheEllipseStructuringElement() {
    // cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9)) has rows of 1, 7, 7, 9, 9, 9, 7, 7, 1 ones.
    let disc = StructuringDisc.offsets(radius: 4)
    let perRow = (-4...4).map { dy in disc.filter { $0.1 == dy }.count }
    XCTAssertEqual(perRow, [1, 7, 7, 9, 9, 9, 7, 7, 1])
  }

  func testRingLiesOutsideTheShapeAndAroundIt() {
    let w = 5
    let mask = (0..<25).map { $0 == 12 }  // one pixel in the middle
    let (inner, ring, pw) = StructuringDisc.ring(mask, width: w, ringWidth: 1)
    XCTAssertEqual(pw, 7)
    XCTAssertEqual(inner.filter { $0 }.count, 1)
    // A radius-1 disc is the 4-neighbourhood plus the centre: four ring pixels.
    XCTAssertEqual(ring.filter { $0 }.count, 4)
    XCTAssertFalse(zip(inner, ring).contains { $0 && $1 })
  }
}
