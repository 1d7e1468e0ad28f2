import XCTest

@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

/// The rotate kind in the library: verification around the circle, determinism, the piece's turn
/// direction, and that the background keeps nothing of the disc.
final class RotateKindTests: XCTestCase {
  func answer(angle: Double, tolerance: Int = 7, steps: StepStops? = nil) -> RotateAnswer {
    RotateAnswer(
      seed: 1, angle: angle, tolerance: tolerance, center: .init(x: 160, y: 80),
      background: .init(file: "background.png", width: 320, height: 160),
      piece: .init(file: "piece.png", width: 100, height: 100), steps: steps)
  }

  func testCircularDistanceWrapsAtZeroAndThreeSixty() {
    XCTAssertEqual(RotateVerifier.circularDistance(355, 2), 7)
    XCTAssertEqual(RotateVerifier.circularDistance(2, 355), 7)
    XCTAssertEqual(RotateVerifier.circularDistance(0, 360), 0)
    XCTAssertEqual(RotateVerifier.circularDistance(-90, 270), 0)
    XCTAssertEqual(RotateVerifier.circularDistance(10, 190), 180)
    XCTAssertTrue(RotateVerifier.verify(answer: answer(angle: 355), angle: 2))
    XCTAssertTrue(RotateVerifier.verify(answer: answer(angle: 355), angle: -3))
    XCTAssertFalse(RotateVerifier.verify(answer: answer(angle: 355), angle: 2.5))
    XCTAssertTrue(RotateVerifier.verify(answer: answer(angle: 3), angle: 356))
    XCTAssertFalse(RotateVerifier.verify(answer: answer(angle: 3), angle: 355))
    XCTAssertFalse(RotateVerifier.verify(answer: answer(angle: 3), angle: .nan))
  }

  func testSteppedAnswersSnapToTheNearestStopAroundTheCircle() {
    let stops = StepStops(count: 4, index: 0, positions: [0, 90, 180, 270])
    let a = answer(angle: 0, steps: stops)
    XCTAssertTrue(RotateVerifier.verify(answer: a, angle: 44))
    XCTAssertTrue(RotateVerifier.verify(answer: a, angle: 316), "316 is nearest 0 (360)")
    XCTAssertFalse(RotateVerifier.verify(answer: a, angle: 46))
    XCTAssertThrowsError(try StepStops.validate(count: 1))
    XCTAssertThrowsError(try StepStops.validate(count: StepStops.minimumCount - 1))
    XCTAssertNoThrow(try StepStops.validate(count: StepStops.minimumCount))
  }

  func make(_ image: RGBAImage, seed: UInt64, plain: Bool = false) throws -> MadeCaptcha {
    var o = RotateOptions(backgroundStage: BackgroundStage())
    o.pieceJitter = !plain
    o.objectScene = false
    return try RotateKind(options: o).make(PreparedBackground(image: image, source: nil), seed: seed)
  }

  func decoded(_ made: MadeCaptcha, _ name: String) throws -> RGBAImage {
    try ImageCodec.decode(try XCTUnwrap(made.files.bytes(named: name)), name: name)
  }

  func testSameSeedSameBytesOtherSeedOtherAngle() throws {
    let bg = ProceduralBackground.make(width: 320, height: 160, seed: 3)
    let a = try make(bg, seed: 42)
    let b = try make(bg, seed: 42)
    XCTAssertTrue(a.files.files.map(\.bytes) == b.files.files.map(\.bytes))
    let angles = try (1...6).map { s in
      try RotateAnswer.parse(try make(bg, seed: s).files.bytes(named: "answer.json")!, name: "a").angle
    }
    XCTAssertGreaterThan(Set(angles).count, 3)
    XCTAssertTrue(angles.allSatisfy { (30...330).contains($0) })
  }

  func testBackgroundKeepsNothingOfTheDiscOrTheGap() throws {
    // Two pictures equal outside the hole and different inside give byte-identical backgrounds:
    // no pixel of the disc or of the socket survives, not even blurred.
    let g = try DiscGeometry.fitting(
      width: 320, height: 160, diameter: nil, gapFraction: RotateOptions.defaultGapFraction, name: "t")
    let first = ProceduralBackground.make(width: 320, height: 160, seed: 5)
    var second = first
    let other = ProceduralBackground.make(width: 320, height: 160, seed: 6)
    var changed = 0
    for y in 0..<160 {
      // Every pixel whose centre is 1 px or more inside the hole's anti-aliased edge.
      for x in 0..<320 where g.distance4(x, y) < 4 * (g.holeRadius - 1) * (g.holeRadius - 1) {
        for c in 0..<3 { second.pixels[(y * 320 + x) * 4 + c] = other.pixels[(y * 320 + x) * 4 + c] }
        changed += 1
      }
    }
    XCTAssertGreaterThan(changed, 10_000)
    let a = try make(first, seed: 8)
    let b = try make(second, seed: 8)
    XCTAssertTrue(a.files.bytes(named: "background.png") == b.files.bytes(named: "background.png"))
    XCTAssertFalse(a.files.bytes(named: "piece.png") == b.files.bytes(named: "piece.png"))
  }

  func testPieceIsTheDiscTurnedSoThatTurningClockwiseByAngleMakesItUpright() throws {
    // Left half red, right half blue: in the upright disc the point 0.6 r right of the centre is
    // blue. The piece shows it turned clockwise by 360 − angle.
    var bg = RGBAImage(width: 320, height: 160)
    for y in 0..<160 {
      for x in 0..<320 {
        let p = (y * 320 + x) * 4
        bg.pixels[p] = x < 160 ? 255 : 0
        bg.pixels[p + 2] = x < 160 ? 0 : 255
      }
    }
    let made = try make(bg, seed: 12, plain: true)
    let a = try RotateAnswer.parse(made.files.bytes(named: "answer.json")!, name: "a")
    let piece = try decoded(made, "piece.png")
    let r = Double(piece.width) / 2
    let (s, c) = PortableMath.sinCos(degrees: 360 - a.angle)
    // (0.6 r, 0) turned clockwise on a y-down screen: (x cos − y sin, x sin + y cos).
    let px = Int(r + 0.6 * r * c)
    let py = Int(r + 0.6 * r * s)
    let p = (py * piece.width + px) * 4
    XCTAssertGreaterThan(piece.pixels[p + 2], 200, "blue at angle \(a.angle)")
    XCTAssertLessThan(piece.pixels[p], 50)
    XCTAssertEqual(piece.pixels[p + 3], 255)
    XCTAssertEqual(piece.pixels[3], 0, "transparent outside the circle")
  }

  func testTooSmallBackgroundIsAUsageErrorNamingTheSizes() {
    XCTAssertThrowsError(
      try DiscGeometry.fitting(width: 40, height: 30, diameter: 40, gapFraction: 0.3, name: "small.png")
    ) { error in
      XCTAssertTrue(error is OptionError, "\(error)")
      XCTAssertTrue("\(error)".contains("small.png"), "\(error)")
    }
  }
}
