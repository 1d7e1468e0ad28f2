import CaptchaImaging
import CaptchaSupport
import VectorRaster
import XCTest

@testable import CaptchaHoles
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide

/// The pattern kind through the seam: determinism, the answer's shape, the order's lack of bias,
/// and verify on its own answers.
final class PatternKindTests: XCTestCase {
  func kind(length: Int = 4, size: PixelSize? = nil) throws -> PatternKind {
    try PatternKind(options: PatternOptions(length: length, backgroundStage: BackgroundStage(size: size)))
  }

  func made(seed: UInt64, length: Int = 4) throws -> MadeCaptcha {
    let k = try kind(length: length)
    return try k.make(
      k.preparedBuiltIn(seed: seed), seed: seed)
  }

  func answer(_ m: MadeCaptcha) throws -> PatternAnswer {
    try PatternAnswer.parse(XCTUnwrap(m.files.bytes(named: "answer.json")), name: "answer.json")
  }

  func testSameSeedSameBytesAndOtherSeedsDiffer() throws {
    let a = try made(seed: 11)
    let b = try made(seed: 11)
    let c = try made(seed: 12)
    for name in ["background.png", "piece.png", "answer.json"] {
      XCTAssertEqual(a.files.bytes(named: name), b.files.bytes(named: name), name)
      XCTAssertNotEqual(a.files.bytes(named: name), c.files.bytes(named: name), name)
    }
  }

  func testAnswerHasNineJitteredDotsADistinctSequenceAndTheFiles() throws {
    let m = try made(seed: 5, length: 6)
    let a = try answer(m)
    XCTAssertEqual(a.kind, "pattern")
    XCTAssertEqual(m.header.kindName, "pattern")
    XCTAssertEqual(a.dots.count, 9)
    XCTAssertEqual(a.sequence.count, 6)
    XCTAssertEqual(Set(a.sequence).count, 6)
    XCTAssertEqual(a.background.width, 240)
    let cell = 80.0
    for (i, d) in a.dots.enumerated() {
      XCTAssertLessThanOrEqual(abs(Double(d.x) - (Double(i % 3) + 0.5) * cell), 0.15 * cell + 0.5)
      XCTAssertLessThanOrEqual(abs(Double(d.y) - (Double(i / 3) + 0.5) * cell), 0.15 * cell + 0.5)
    }
    XCTAssertEqual(a.radius, 30)
    let hint = try ImageCodec.decode(XCTUnwrap(m.files.bytes(named: "piece.png")), name: "piece.png")
    XCTAssertEqual(hint.width, a.piece.width)
    XCTAssertEqual(PatternHint.tiles(boardWidth: 240, boardHeight: 240, length: 6).width, hint.width)
  }

  func testTheAnswersOwnDotsPassAndOtherPathsFailWithTheirReasons() throws {
    let bytes = try XCTUnwrap(made(seed: 8).files.bytes(named: "answer.json"))
    let a = try PatternAnswer.parse(bytes, name: "a")
    func verify(_ path: [Point]) throws -> Verdict {
      try PatternKind.verify(answer: bytes, name: "a", response: ClientResponse(path: path))
    }
    let right = a.sequence.map { a.points[$0] }
    XCTAssertEqual(try verify(right), Verdict(passed: true, reason: "the pattern matches", code: .passed))
    XCTAssertEqual(try verify(Array(right.dropLast())).reason, "the pattern is too short")
    XCTAssertFalse(try verify([]).passed)
    XCTAssertEqual(try verify(right.reversed()).reason, "the pattern does not match")
    XCTAssertThrowsError(try PatternKind.verify(answer: bytes, name: "a", response: ClientResponse(x: 3)))
  }

  func testEveryStepOfTheSequenceIsDrawableInAStraightLine() throws {
    for seed in UInt64(0)..<12 {
      let a = try answer(made(seed: seed, length: 9))
      let resolver = PatternPathResolver(dots: a.points, radius: Double(a.radius))
      XCTAssertEqual(resolver.visited(a.sequence.map { a.points[$0] }), a.sequence, "seed \(seed)")
    }
  }

  func testTheOrderIsNotBiasedTowardsReadingOrder() throws {
    // Sequences only, on layouts from many seeds (no pictures needed). Reading order (left to
    // right, top to bottom, row by row) must be no likelier than its reverse, and rare: a random
    // order of 4 dots is monotone in x about 1 time in 24; the straight-line rule (no step over an
    // unvisited dot) favours neighbours a little, so allow up to 1 in 10.
    var firsts = [Int](repeating: 0, count: 9)
    var counts = [String: Int]()
    let n = 1800
    for seed in 0..<n {
      var rng = Xoshiro256StarStar(seed: UInt64(seed), stream: 1)
      let layout = PatternLayout.draw(width: 240, height: 240, rng: &rng)
      let seq = PatternSequence.draw(length: 4, layout: layout, rng: &rng)
      firsts[seq[0]] += 1
      func rising(_ v: [Double]) -> Bool { zip(v, v.dropFirst()).allSatisfy { $0 < $1 } }
      let xs = seq.map { layout.dots[$0].x }
      let ys = seq.map { layout.dots[$0].y }
      let checks = [
        ("left-to-right", rising(xs)), ("right-to-left", rising(xs.reversed())),
        ("top-to-bottom", rising(ys)), ("bottom-to-top", rising(ys.reversed())),
        ("row-major", seq == seq.sorted()), ("reverse-row-major", seq == seq.sorted().reversed()),
      ]
      for (name, hit) in checks where hit { counts[name, default: 0] += 1 }
    }
    for f in firsts { XCTAssertTrue((140...260).contains(f), "first-dot counts \(firsts)") }
    for (name, c) in counts { XCTAssertLessThan(Double(c) / Double(n), 0.1, "\(name): \(counts)") }
    for (a, b) in [
      ("left-to-right", "right-to-left"), ("top-to-bottom", "bottom-to-top"),
      ("row-major", "reverse-row-major"),
    ] {
      let ca = Double(counts[a] ?? 0)
      let cb = Double(counts[b] ?? 0)
      XCTAssertLessThan(abs(ca - cb), 0.35 * max(ca, cb), "\(a) vs \(b): \(counts)")
    }
  }

  func testLengthAndSizeAreChecked() {
    XCTAssertThrowsError(try kind(length: 2)) { XCTAssertTrue($0 is OptionError, "\($0)") }
    XCTAssertThrowsError(try kind(length: 10)) { XCTAssertTrue($0 is OptionError, "\($0)") }
    XCTAssertThrowsError(try kind(size: PixelSize(width: 300, height: 100))) {
      XCTAssertTrue($0 is OptionError, "\($0)")
    }
  }

  func testTheIconSetIsLargeAndEveryFamilyDrawsAFilledShape() throws {
    // Nine distinct families per board and four look-alikes of others, from a set that leaves out
    // every family people confused at hint size (issue 31): 23 today.
    XCTAssertGreaterThanOrEqual(PatternIconFamily.all.count, 20)
    var rng = Xoshiro256StarStar(seed: 3)
    for family in PatternIconFamily.all {
      let icon = family.make(&rng)
      let mask = try icon.path.fill(
        rule: icon.rule, clip: PixelRect(x: 0, y: 0, width: 40, height: 40),
        transform: Transform(a: 20, b: 0, c: 0, d: 20, e: 20, f: 20))
      let area = Double(mask.data.reduce(0) { $0 + Int($1) }) / 255 / 1600
      // Each icon covers a real part of its unit box at 40 px (not empty, not the whole box).
      XCTAssertTrue((0.15...0.85).contains(area), "\(family.name): \(area)")
    }
  }

  func testAnswersThatAreNotPatternAnswersAreBadData() throws {
    var a = try answer(made(seed: 2))
    a.sequence = [1, 1, 2]
    XCTAssertThrowsError(try PatternAnswer.parse(JSONWriter.bytes(a.json), name: "x.json")) {
      XCTAssertEqual(($0 as? CaptchaError)?.kind, .badData)
      XCTAssertTrue("\($0)".contains("x.json"))
    }
    a.sequence = [1, 2, 3]
    a.dots.removeLast()
    XCTAssertThrowsError(try PatternAnswer.parse(JSONWriter.bytes(a.json), name: "x.json"))
  }
}
