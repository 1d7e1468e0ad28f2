import Foundation
import XCTest

@testable import VectorRaster

final class SVGPathParserTests: XCTestCase {
  private func parse(_ d: String, file: StaticString = #filePath, line: UInt = #line) -> [Path.Element] {
    do {
      return try SVGPathParser.parse(d).elements
    } catch {
      XCTFail("\(d): \(error)", file: file, line: line)
      return []
    }
  }

  private func P(_ x: Double, _ y: Double) -> Point { Point(x, y) }

  /// Asserts that `d` fails with .invalidData and exactly `message` after the offset prefix.
  private func assertError(
    _ d: String, offset: Int, _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try SVGPathParser.parse(d), d, file: file, line: line) { error in
      XCTAssertEqual(
        error as? PathError,
        PathError(.invalidData, "invalid SVG path data at offset \(offset): \(message)"),
        file: file, line: line)
    }
  }

  // MARK: Commands, absolute and relative

  func testEmptyDataIsAnEmptyPath() {
    XCTAssertEqual(parse(""), [])
    XCTAssertEqual(parse(" \t\r\n"), [])
  }

  func testMove() {
    XCTAssertEqual(parse("M10 20"), [.move(P(10, 20))])
    XCTAssertEqual(parse("m10 20"), [.move(P(10, 20))])  // first m is relative to the origin
    XCTAssertEqual(parse("M1 1 m2 3"), [.move(P(1, 1)), .move(P(3, 4))])
  }

  func testLine() {
    XCTAssertEqual(parse("M1 1 L4 5"), [.move(P(1, 1)), .line(P(4, 5))])
    XCTAssertEqual(parse("M1 1 l4 5"), [.move(P(1, 1)), .line(P(5, 6))])
  }

  func testHorizontalAndVertical() {
    XCTAssertEqual(parse("M1 2 H7"), [.move(P(1, 2)), .line(P(7, 2))])
    XCTAssertEqual(parse("M1 2 h7"), [.move(P(1, 2)), .line(P(8, 2))])
    XCTAssertEqual(parse("M1 2 V7"), [.move(P(1, 2)), .line(P(1, 7))])
    XCTAssertEqual(parse("M1 2 v7"), [.move(P(1, 2)), .line(P(1, 9))])
  }

  func testCubic() {
    XCTAssertEqual(parse("M1 1 C2 2 3 3 4 1"), [.move(P(1, 1)), .cubic(P(2, 2), P(3, 3), P(4, 1))])
    XCTAssertEqual(parse("M1 1 c1 1 2 2 3 0"), [.move(P(1, 1)), .cubic(P(2, 2), P(3, 3), P(4, 1))])
  }

  func testQuad() {
    XCTAssertEqual(parse("M1 1 Q5 9 10 1"), [.move(P(1, 1)), .quad(P(5, 9), P(10, 1))])
    XCTAssertEqual(parse("M1 1 q4 8 9 0"), [.move(P(1, 1)), .quad(P(5, 9), P(10, 1))])
  }

  func testArcAbsoluteAndRelative() throws {
    var expected = Path()
    expected.move(to: P(10, 10))
    expected.arc(to: P(20, 10), radiusX: 5, radiusY: 5, xAxisRotation: 0, largeArc: false, sweep: true)
    XCTAssertEqual(parse("M10 10 A5 5 0 0 1 20 10"), expected.elements)
    XCTAssertEqual(parse("M10 10 a5 5 0 0 1 10 0"), expected.elements)
    XCTAssertEqual(expected.elements.count, 3)  // a half circle: two cubics
  }

  func testClose() {
    let expected: [Path.Element] = [.move(P(0, 0)), .line(P(1, 0)), .line(P(1, 1)), .close]
    XCTAssertEqual(parse("M0 0 L1 0 L1 1 Z"), expected)
    XCTAssertEqual(parse("M0 0 L1 0 L1 1 z"), expected)
    XCTAssertEqual(parse("M0 0 L1 0 L1 1 zZ"), expected)  // a repeated close adds nothing
  }

  // MARK: Smooth curves

  func testSmoothCubicReflectsThePreviousCubic() {
    let c: [Path.Element] = [.move(P(0, 0)), .cubic(P(10, 0), P(20, 10), P(30, 10))]
    XCTAssertEqual(
      parse("M0 0 C10 0 20 10 30 10 S50 20 60 0"), c + [.cubic(P(40, 10), P(50, 20), P(60, 0))])
    XCTAssertEqual(
      parse("M0 0 C10 0 20 10 30 10 s20 10 30 -10"), c + [.cubic(P(40, 10), P(50, 20), P(60, 0))])
    // S after S reflects the previous S's second control point.
    XCTAssertEqual(
      parse("M0 0 C0 10 10 10 10 0 S20 -10 20 0 S30 10 30 0"),
      [
        .move(P(0, 0)), .cubic(P(0, 10), P(10, 10), P(10, 0)),
        .cubic(P(10, -10), P(20, -10), P(20, 0)), .cubic(P(20, 10), P(30, 10), P(30, 0)),
      ])
  }

  func testSmoothCubicWithoutPreviousCubicStartsAtTheCurrentPoint() {
    XCTAssertEqual(parse("M5 5 S10 10 20 5"), [.move(P(5, 5)), .cubic(P(5, 5), P(10, 10), P(20, 5))])
    XCTAssertEqual(
      parse("M0 0 Q5 5 10 0 S15 5 20 0"),
      [.move(P(0, 0)), .quad(P(5, 5), P(10, 0)), .cubic(P(10, 0), P(15, 5), P(20, 0))])
    XCTAssertEqual(
      parse("M0 0 C1 1 2 2 3 3 L4 4 S5 5 6 6"),
      [
        .move(P(0, 0)), .cubic(P(1, 1), P(2, 2), P(3, 3)), .line(P(4, 4)),
        .cubic(P(4, 4), P(5, 5), P(6, 6)),
      ])
  }

  func testSmoothQuadReflectsThePreviousQuad() {
    let q: [Path.Element] = [.move(P(0, 0)), .quad(P(5, 10), P(10, 0))]
    XCTAssertEqual(parse("M0 0 Q5 10 10 0 T20 0"), q + [.quad(P(15, -10), P(20, 0))])
    XCTAssertEqual(parse("M0 0 q5 10 10 0 t10 0"), q + [.quad(P(15, -10), P(20, 0))])
    // T after T reflects the previous T's (computed) control point.
    XCTAssertEqual(
      parse("M0 0 Q5 10 10 0 T20 0 T30 0"),
      q + [.quad(P(15, -10), P(20, 0)), .quad(P(25, 10), P(30, 0))])
  }

  func testSmoothQuadWithoutPreviousQuadUsesTheCurrentPoint() {
    XCTAssertEqual(parse("M1 2 T5 6"), [.move(P(1, 2)), .quad(P(1, 2), P(5, 6))])
    // The next T reflects that (degenerate) control point, as SVG specifies.
    XCTAssertEqual(
      parse("M1 2 t4 4 t1 1"), [.move(P(1, 2)), .quad(P(1, 2), P(5, 6)), .quad(P(9, 10), P(6, 7))])
    XCTAssertEqual(
      parse("M0 0 C1 1 2 2 3 3 T6 6"),
      [.move(P(0, 0)), .cubic(P(1, 1), P(2, 2), P(3, 3)), .quad(P(3, 3), P(6, 6))])
  }

  // MARK: Implicit repeats

  func testImplicitRepeats() {
    XCTAssertEqual(parse("M0 0 1 1 2 2"), [.move(P(0, 0)), .line(P(1, 1)), .line(P(2, 2))])
    XCTAssertEqual(parse("m1 1 2 2 3 3"), [.move(P(1, 1)), .line(P(3, 3)), .line(P(6, 6))])
    XCTAssertEqual(parse("M0 0 L1 1,2 2"), [.move(P(0, 0)), .line(P(1, 1)), .line(P(2, 2))])
    XCTAssertEqual(parse("M0 0 h1 1"), [.move(P(0, 0)), .line(P(1, 0)), .line(P(2, 0))])
    XCTAssertEqual(parse("M0 0 V3 4"), [.move(P(0, 0)), .line(P(0, 3)), .line(P(0, 4))])
    XCTAssertEqual(
      parse("M0 0 c1 1 2 2 3 3 1 1 2 2 3 3"),
      [.move(P(0, 0)), .cubic(P(1, 1), P(2, 2), P(3, 3)), .cubic(P(4, 4), P(5, 5), P(6, 6))])
    XCTAssertEqual(
      parse("M0 0 Q1 1 2 0 3 -1 4 0"), [.move(P(0, 0)), .quad(P(1, 1), P(2, 0)), .quad(P(3, -1), P(4, 0))])
    XCTAssertEqual(
      parse("M0 0 T1 1 2 2"), [.move(P(0, 0)), .quad(P(0, 0), P(1, 1)), .quad(P(2, 2), P(2, 2))])
    XCTAssertEqual(
      parse("M0 0 S1 1 2 2 3 3 4 4"),
      [.move(P(0, 0)), .cubic(P(0, 0), P(1, 1), P(2, 2)), .cubic(P(3, 3), P(3, 3), P(4, 4))])
    let twoArcs = parse("M0 0 A1 1 0 0 1 2 0,1 1 0 0 1 4 0")
    XCTAssertEqual(twoArcs.count, 5)
    XCTAssertEqual(twoArcs, parse("M0 0 A1 1 0 0 1 2 0 A1 1 0 0 1 4 0"))
    guard case .cubic(_, _, let end) = twoArcs.last else { return XCTFail("\(twoArcs)") }
    XCTAssertEqual(end, P(4, 0))
  }

  // MARK: Numbers

  func testCompactNumberForms() {
    XCTAssertEqual(parse("M1.5.5"), [.move(P(1.5, 0.5))])
    XCTAssertEqual(parse("M-.5-.5"), [.move(P(-0.5, -0.5))])
    XCTAssertEqual(parse("M1e-3 2E+2"), [.move(P(0.001, 200))])
    XCTAssertEqual(parse("M0,0L10-5"), [.move(P(0, 0)), .line(P(10, -5))])
    XCTAssertEqual(parse("M.5.5.5.5"), [.move(P(0.5, 0.5)), .line(P(0.5, 0.5))])
    XCTAssertEqual(parse("M+1+2"), [.move(P(1, 2))])
    XCTAssertEqual(parse("M1.e1 0"), [.move(P(10, 0))])
    XCTAssertEqual(parse("M1e2.5"), [.move(P(100, 0.5))])
    XCTAssertEqual(parse("M0 0L1-2-3-4"), [.move(P(0, 0)), .line(P(1, -2)), .line(P(-3, -4))])
    XCTAssertEqual(parse("M1..5"), [.move(P(1, 0.5))])
    XCTAssertEqual(parse("\tM\n1\r,\u{0C}2  "), [.move(P(1, 2))])
    XCTAssertEqual(parse("M0 0l1,2,3,4"), [.move(P(0, 0)), .line(P(1, 2)), .line(P(4, 6))])
  }

  func testNumbersAreCorrectlyRounded() {
    XCTAssertEqual(parse("M0.1 0.3"), [.move(P(0.1, 0.3))])
    XCTAssertEqual(parse("M3.14159265358979323846 -2.718281828459045235360"), [.move(P(.pi, -M_E))])
    XCTAssertEqual(parse("M1e-320 123456789012345678901234567890"), [.move(P(1e-320, 1.2345678901234568e29))])
    XCTAssertEqual(parse("M1e-999 0.000000000000000000000000001"), [.move(P(0, 1e-27))])
    XCTAssertEqual(parse("M1.7976931348623157e308 -0"), [.move(P(.greatestFiniteMagnitude, -0.0))])
  }

  // MARK: Subpaths and arcs

  func testRelativeCommandsAfterCloseStartFromTheSubpathStart() {
    XCTAssertEqual(
      parse("M10 10 L20 10 L20 20 Z m5 5 l1 0"),
      [.move(P(10, 10)), .line(P(20, 10)), .line(P(20, 20)), .close, .move(P(15, 15)), .line(P(16, 15))])
    XCTAssertEqual(
      parse("M10 10 L20 10 Z l5 5"),
      [.move(P(10, 10)), .line(P(20, 10)), .close, .move(P(10, 10)), .line(P(15, 15))])
    XCTAssertEqual(
      parse("M10 10 l10 0 z h5"),
      [.move(P(10, 10)), .line(P(20, 10)), .close, .move(P(10, 10)), .line(P(15, 10))])
    XCTAssertEqual(
      parse("m10 10 l10 0 z m1 1 l1 0 z m1 1"),
      [
        .move(P(10, 10)), .line(P(20, 10)), .close, .move(P(11, 11)), .line(P(12, 11)), .close,
        .move(P(12, 12)),
      ])
  }

  func testArcFlagsWithoutSeparators() {
    let spaced = parse("M0 0 a1 1 0 0 1 10 10")
    XCTAssertEqual(parse("M0 0 a1 1 0 0110 10"), spaced)
    XCTAssertEqual(parse("M0 0a1,1,0,0,1,10,10"), spaced)
    XCTAssertEqual(parse("M0 0 a1 1 0 1010 10"), parse("M0 0 a1 1 0 1 0 10 10"))
    // With radii large enough for two candidate centres, each flag changes the result.
    XCTAssertNotEqual(parse("M0 0 a10 10 0 1010 10"), parse("M0 0 a10 10 0 0 0 10 10"))
    XCTAssertNotEqual(parse("M0 0 a10 10 0 0110 10"), parse("M0 0 a10 10 0 0 0 10 10"))
    XCTAssertEqual(parse("M0 0 a10 10 0 1110 10").count, 4)  // the large arc needs three cubics
  }

  func testParsedPathsFlatten() throws {
    let d = "M10 10 h40 v10 a5 5 0 1 1 0 10 v10 h-40 q-5-15 0-30 z m10 5 c0 5 5 5 5 0 s5-5 5 0 t5 0 z"
    let f = try SVGPathParser.parse(d).flattened()
    XCTAssertEqual(f.contourCount, 2)
    XCTAssertTrue(f.points.allSatisfy { $0.x >= 0 && $0.x <= 60 && $0.y >= 0 && $0.y <= 50 })
  }

  func testLongDataParsesQuickly() throws {
    var d = "M0 0"
    for i in 0..<100_000 { d += i % 2 == 0 ? " l1.25-.5" : " c1,2 3,4 5-6" }
    let start = Date()
    let path = try SVGPathParser.parse(d)
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertEqual(path.elements.count, 100_001)
    XCTAssertLessThan(elapsed, 2.0)
  }

  // MARK: Errors

  func testDataMustStartWithAMove() {
    assertError("L0 0", offset: 0, "expected a move command (M or m) at the start, found 'L'")
    assertError("  10 10", offset: 2, "expected a move command (M or m) at the start, found '1'")
    assertError("Z", offset: 0, "expected a move command (M or m) at the start, found 'Z'")
  }

  func testUnknownCharacters() {
    assertError("M0 0 X1 1", offset: 5, "expected a command letter, found 'X'")
    assertError("M0 0 L1 1 é", offset: 10, "expected a command letter, found U+00E9")
    assertError("M0 0 Z 5", offset: 7, "expected a command letter, found '5'")
    assertError("M0 0 L1 1;", offset: 9, "expected a command letter, found ';'")
  }

  func testMissingNumbers() {
    assertError("M", offset: 1, "expected a number after 'M'")
    assertError("M0 0 L", offset: 6, "expected a number after 'L'")
    assertError("M0 0 L5,,5", offset: 8, "expected a number after 'L'")
    assertError("M0 0 L,1 1", offset: 6, "expected a number after 'L'")
    assertError("M0 0 h-", offset: 6, "expected a number after 'h'")
    assertError("M0 0 v.", offset: 6, "expected a number after 'v'")
    assertError("M0 0 L1 1,", offset: 10, "expected a number after ',' in 'L'")
    assertError("M0 0 L1 1, L", offset: 11, "expected a number after ',' in 'L'")
  }

  func testTruncatedCommands() {
    assertError("M10", offset: 3, "expected a number after 'M'")
    assertError("M0 0 C1 2 3 4 5", offset: 15, "expected a number after 'C'")
    assertError("M0 0 s1 2 3", offset: 11, "expected a number after 's'")
    assertError("M0 0 Q1 2 3 Z", offset: 12, "expected a number after 'Q'")
    assertError("M0 0 t1", offset: 7, "expected a number after 't'")
    assertError("M0 0 a1 1 0 0 1 5", offset: 17, "expected a number after 'a'")
    assertError("M0 0 L1 2 3", offset: 11, "expected a number after 'L'")
  }

  func testMissingArcFlags() {
    assertError("M0 0 A1 1 0 2 1 5 5", offset: 12, "expected a flag (0 or 1) after 'A'")
    assertError("M0 0 A1 1 0", offset: 11, "expected a flag (0 or 1) after 'A'")
    assertError("M0 0 a1 1 0 1 -1 5 5", offset: 14, "expected a flag (0 or 1) after 'a'")
  }

  func testNonFiniteAndOverflowingNumbers() {
    assertError("M0 0 L NaN 0", offset: 7, "expected a number after 'L'")
    assertError("M0 0 L Infinity 0", offset: 7, "expected a number after 'L'")
    assertError("M0 0 L 5 inf", offset: 9, "expected a number after 'L'")
    assertError("M0 0 L1e999 0", offset: 6, "number '1e999' is out of range")
    assertError("M0 0 L0 -1E400", offset: 8, "number '-1E400' is out of range")
    let huge = String(repeating: "9", count: 400)
    assertError("M\(huge) 0", offset: 1, "number '\(huge.prefix(24))…' is out of range")
  }

  func testMalformedExponents() {
    assertError("M1e 0", offset: 3, "expected the digits of an exponent")
    assertError("M0 0 L1E+", offset: 9, "expected the digits of an exponent")
    assertError("M0 0 L1e-x", offset: 9, "expected the digits of an exponent")
  }
}
