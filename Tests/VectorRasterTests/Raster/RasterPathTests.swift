import XCTest

@testable import VectorRaster

/// `Path.fill`: curves, arcs and jigsaw outlines, against the oracles and analytic areas.
final class RasterPathTests: XCTestCase {
  /// A classic jigsaw piece in SVG path data: a 40 px body at (12, 12), tabs out on the top and
  /// right, a slot in the bottom, the left side flat; twelve cubics.
  static let jigsaw = """
    M12 12 C25.6 12 28 11.2 27.2 8 C25.2 3.2 28.8 0 32 0 C35.2 0 38.8 3.2 36.8 8 C36 11.2 38.4 12 52 12 \
    C52 25.6 52.8 28 56 27.2 C60.8 25.2 64 28.8 64 32 C64 35.2 60.8 38.8 56 36.8 C52.8 36 52 38.4 52 52 \
    C38.4 52 36 51.2 36.8 48 C38.8 43.2 35.2 40 32 40 C28.8 40 25.2 43.2 27.2 48 C28 51.2 25.6 52 12 52 Z
    """

  func contours(_ f: FlattenedPath) -> [[Point]] {
    (0..<f.contourCount).map { Array(f.points[f.contourRange($0)]) }
  }

  /// The mask of `path` equals the exact per-pixel area of its flattened polygons (±½ level),
  /// and agrees with the 16×16 sample oracle within the stated bound.
  func assertMatchesOracles(
    _ path: Path, transform: Transform = .identity, clip: PixelRect, _ label: String
  ) throws {
    let flat = try path.flattened(tolerance: 0.1, transform: transform)
    let polys = contours(flat)
    for rule in FillRule.allCases {
      let mask = try path.fill(rule: rule, clip: clip, transform: transform)
      XCTAssertEqual(mask, Rasterizer.fill(flat, rule: rule, clip: clip))
      let got = canvas(mask, clip)
      let exact = ExactAreaOracle.coverage(polys, rule: rule, rect: clip)
      let samples = SampleOracle(polys, rule: rule, rect: clip)
      let bound = SampleOracle.errorBound(polys, rect: clip)
      for p in 0..<got.count {
        let diff = abs(Double(got[p]) - exact[p] * 255)
        if diff > 0.51 {
          XCTFail(
            "\(label) \(rule): pixel \(p % clip.width),\(p / clip.width) got \(got[p]) exact \(exact[p] * 255)"
          )
          return
        }
        if samples.maxWinding[p] - samples.minWinding[p] <= 1 {
          let sampled = Double(samples.inside[p]) * 255 / 256
          if abs(Double(got[p]) - sampled) > bound[p] {
            XCTFail("\(label) \(rule): pixel \(p) off the sample oracle beyond \(bound[p])")
            return
          }
        }
      }
    }
  }

  func testJigsawOutlineMatchesOracles() throws {
    let piece = try SVGPathParser.parse(Self.jigsaw)
    let clip = PixelRect(x: 0, y: 0, width: 66, height: 66)
    try assertMatchesOracles(piece, clip: clip, "jigsaw")
    try assertMatchesOracles(
      piece,
      transform: Transform.translation(-32, -32).concatenating(.rotation(0.7))
        .concatenating(.translation(33.3, 32.6)), clip: clip, "rotated jigsaw")
  }

  func testJigsawHoleInLargeRectangleUnderEvenOdd() throws {
    var holed = Path.rect(Rect(x: 0, y: 0, width: 300, height: 200))
    holed.append(try SVGPathParser.parse(Self.jigsaw).transformed(by: .translation(100.4, 50.7)))
    let clip = PixelRect(x: 0, y: 0, width: 300, height: 200)
    let m = try holed.fill(rule: .evenodd, clip: clip)
    XCTAssertEqual(m.rect, clip)
    let piece = try SVGPathParser.parse(Self.jigsaw).fill(
      rule: .nonzero, clip: clip, transform: .translation(100.4, 50.7))
    // Hole + piece = full coverage, to within rounding on each side.
    for y in 0..<200 {
      for x in 0..<300 {
        let sum = Int(m.coverage(atX: x, y: y)) + Int(piece.coverage(atX: x, y: y))
        XCTAssertTrue((254...256).contains(sum), "pixel \(x),\(y): \(sum)")
        if !(254...256).contains(sum) { return }
      }
    }
  }

  func testCircleAndArcAreasWithinFlatteningTolerance() throws {
    let r = 23.0
    let circle = Path.circle(center: Point(30.3, 29.6), radius: r)
    let clip = PixelRect(x: 0, y: 0, width: 64, height: 64)
    let m = try circle.fill(rule: .nonzero, clip: clip)
    let area = m.data.reduce(0.0) { $0 + Double($1) } / 255
    // Flattening moves the outline by at most 0.1 px; rounding adds half a level per pixel.
    let perimeter = 2 * Double.pi * r
    XCTAssertEqual(area, Double.pi * r * r, accuracy: perimeter * 0.1 + perimeter * 2 * 0.5 / 255)
    // A half disc from an SVG arc: area πr²/2.
    let half = try SVGPathParser.parse("M10 40 A20 20 0 0 1 50 40 Z")
    let h = try half.fill(rule: .evenodd, clip: clip)
    let hArea = h.data.reduce(0.0) { $0 + Double($1) } / 255
    XCTAssertEqual(hArea, Double.pi * 200, accuracy: Double.pi * 20 * 0.1 + 40 * 0.5 / 255 * 4)
    try assertMatchesOracles(half, clip: clip, "half disc")
  }

  func testQuadraticsAndSmoothCurvesMatchOracles() throws {
    let p = try SVGPathParser.parse(
      "M4 30 Q16 2 28 30 T52 30 L52 50 C40 60 30 34 20 56 S8 40 4 30Z M20 20 l10 0 0 10 -10 0z")
    try assertMatchesOracles(p, clip: PixelRect(x: 0, y: 0, width: 60, height: 60), "curves")
  }

  func testPathFillPropagatesFlatteningErrors() {
    var p = Path()
    p.move(to: Point(0, 0))
    p.line(to: Point(.nan, 3))
    p.line(to: Point(3, 3))
    XCTAssertThrowsError(try p.fill(rule: .nonzero, clip: PixelRect(x: 0, y: 0, width: 8, height: 8))) {
      XCTAssertEqual(($0 as? PathError)?.kind, .invalidData)
    }
  }
}
