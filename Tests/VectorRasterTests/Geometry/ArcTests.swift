import Foundation
import XCTest

@testable import VectorRaster

final class ArcTests: XCTestCase {
  private func arcPath(
    from s: Point, to e: Point, rx: Double, ry: Double, rotation: Double = 0, large: Bool = false,
    sweep: Bool
  ) -> Path {
    var p = Path()
    p.move(to: s)
    p.arc(to: e, radiusX: rx, radiusY: ry, xAxisRotation: rotation, largeArc: large, sweep: sweep)
    return p
  }

  func testQuarterCircleIsOneCubicOnTheCircle() {
    let p = arcPath(from: Point(1, 0), to: Point(0, 1), rx: 1, ry: 1, sweep: true)
    XCTAssertEqual(p.elements.count, 2)
    guard case .cubic(let c1, let c2, let end) = p.elements[1] else {
      return XCTFail("expected a cubic, got \(p.elements)")
    }
    XCTAssertEqual(end, Point(0, 1))
    let mid = Geo.cubic(Point(1, 0), c1, c2, end, 0.5)
    XCTAssertEqual(mid.x, sqrt(0.5), accuracy: 1e-3)
    XCTAssertEqual(mid.y, sqrt(0.5), accuracy: 1e-3)
    for q in Geo.cubicSamples(p) {
      XCTAssertEqual(Geo.distance(q, .zero), 1, accuracy: 3e-4)
    }
  }

  func testLargeArcTakesTheLongWayInThreeCubics() {
    let p = arcPath(from: Point(1, 0), to: Point(0, 1), rx: 1, ry: 1, large: true, sweep: true)
    XCTAssertEqual(p.elements.count, 4)  // move + 270° in three 90° cubics
    let samples = Geo.cubicSamples(p)
    for q in samples {
      XCTAssertEqual(Geo.distance(q, Point(1, 1)), 1, accuracy: 3e-4)
    }
    XCTAssertTrue(samples.contains { Geo.distance($0, Point(2, 1)) < 1e-3 })
  }

  func testSweepFlagPicksTheDirection() {
    // sweep = 1 turns towards positive angles: from (0,0) to (10,0) around (5,0) via (5,−5).
    let pos = Geo.cubicSamples(arcPath(from: .zero, to: Point(10, 0), rx: 5, ry: 5, sweep: true))
    let neg = Geo.cubicSamples(arcPath(from: .zero, to: Point(10, 0), rx: 5, ry: 5, sweep: false))
    XCTAssertTrue(pos.contains { Geo.distance($0, Point(5, -5)) < 1e-9 })
    XCTAssertTrue(neg.contains { Geo.distance($0, Point(5, 5)) < 1e-9 })
  }

  func testRadiiTooSmallAreScaledUp() {
    let p = arcPath(from: .zero, to: Point(10, 0), rx: 1, ry: 2, sweep: true)
    // Radii scale uniformly (ratio kept) until the ellipse just fits: rx = 5, ry = 10, centre at the
    // chord's midpoint, half an ellipse in two cubics.
    XCTAssertEqual(p.elements.count, 3)
    for q in Geo.cubicSamples(p) {
      let u = (q.x - 5) / 5
      let v = q.y / 10
      XCTAssertEqual(u * u + v * v, 1, accuracy: 1e-3)
    }
    XCTAssertTrue(Geo.cubicSamples(p).contains { Geo.distance($0, Point(5, -10)) < 1e-9 })
    // Negative radii count as positive.
    XCTAssertEqual(arcPath(from: .zero, to: Point(10, 0), rx: -1, ry: -2, sweep: true), p)
  }

  func testRotatedEllipseStaysOnTheEllipse() {
    let phi = 30.0 * Double.pi / 180
    let centre = Point(3, 4)
    func onEllipse(_ a: Double) -> Point {
      let x = 4 * cos(a)
      let y = 2 * sin(a)
      return Point(centre.x + x * cos(phi) - y * sin(phi), centre.y + x * sin(phi) + y * cos(phi))
    }
    let p = arcPath(from: onEllipse(0.3), to: onEllipse(2.5), rx: 4, ry: 2, rotation: 30, sweep: true)
    for q in Geo.cubicSamples(p) {
      let dx = q.x - centre.x
      let dy = q.y - centre.y
      let u = (dx * cos(phi) + dy * sin(phi)) / 4
      let v = (-dx * sin(phi) + dy * cos(phi)) / 2
      XCTAssertEqual(u * u + v * v, 1, accuracy: 1e-3)
    }
  }

  func testZeroRadiusIsAStraightLine() {
    let p = arcPath(from: Point(1, 2), to: Point(5, 7), rx: 0, ry: 3, sweep: true)
    XCTAssertEqual(p.elements, [.move(Point(1, 2)), .line(Point(5, 7))])
  }

  func testArcFromAPointAtInfinityIsALine() throws {
    // Relative moves can sum to infinity; the arc from there has no centre or angle.
    let start = Point(-.infinity, 2)
    let p = arcPath(from: start, to: Point(60, 70), rx: 30, ry: 50, rotation: -45, sweep: true)
    XCTAssertEqual(p.elements, [.move(start), .line(Point(60, 70))])
    // The same from SVG path data (a fuzzing find): it parses, and filling it is refused with
    // the non-finite coordinate's error instead of trapping.
    let parsed = try SVGPathParser.parse("M2 2h-1e308h-1e308A 30 50 -45 0 1 60 70")
    XCTAssertThrowsError(
      try parsed.fill(rule: .nonzero, clip: PixelRect(x: 0, y: 0, width: 64, height: 64))
    ) { XCTAssertTrue($0 is PathError) }
  }

  func testEqualEndpointsDrawNothing() {
    let p = arcPath(from: Point(1, 2), to: Point(1, 2), rx: 4, ry: 3, large: true, sweep: true)
    XCTAssertEqual(p.elements, [.move(Point(1, 2))])
  }

  func testHugeRadiiGiveAnAlmostStraightArc() throws {
    // A small arc of a circle of radius 1e300 over a chord of length √2·1e200 is, to Double
    // precision, the chord: its sagitta is chord²/(8r) ≈ 1e99, i.e. 1e-101 of the chord.
    let end = Point(1e200, 1e200)
    let p = arcPath(from: .zero, to: end, rx: 1e300, ry: 1e300, sweep: true)
    XCTAssertEqual(p.elements.count, 2)
    for q in Geo.cubicSamples(p) {
      XCTAssertTrue(q.isFinite)
      XCTAssertEqual(q.x, q.y, accuracy: 1e188)  // on the diagonal, relative error ≤ 1e-12
      XCTAssertTrue(q.x >= -1e188 && q.x <= 1e200 * (1 + 1e-12))
    }
    XCTAssertNoThrow(try p.flattened())
    // Absurd radius ratios degrade to finite output, never NaN.
    let q = arcPath(from: .zero, to: Point(1, 1), rx: 1e-310, ry: 1e308, large: true, sweep: true)
    XCTAssertTrue(Geo.cubicSamples(q).allSatisfy(\.isFinite))
    XCTAssertNoThrow(try q.flattened())
  }

  func testRadiusFarBelowTheChordIsScaledWithoutOverflow() {
    // Λ = (chord/2r)² overflows Double here; the radii still scale to a half circle.
    let p = arcPath(from: .zero, to: Point(10, 0), rx: 1e-300, ry: 1e-300, sweep: true)
    XCTAssertEqual(p.elements.count, 3)
    for q in Geo.cubicSamples(p) {
      XCTAssertEqual(Geo.distance(q, Point(5, 0)), 5, accuracy: 2e-3)
    }
  }

  func testEllipseAndCircleShapes() {
    let e = Path.ellipse(in: Rect(x: 0, y: 0, width: 8, height: 4))
    XCTAssertEqual(e.elements.count, 6)
    for q in Geo.cubicSamples(e) {
      let u = (q.x - 4) / 4
      let v = (q.y - 2) / 2
      XCTAssertEqual(u * u + v * v, 1, accuracy: 1e-3)
    }
    XCTAssertEqual(e.controlBounds, Rect(minX: 0, minY: 0, maxX: 8, maxY: 4))
    let c = Path.circle(center: Point(5, 5), radius: 2)
    XCTAssertEqual(c, Path.ellipse(in: Rect(x: 3, y: 3, width: 4, height: 4)))
    XCTAssertEqual(c.currentPoint, Point(7, 5))
  }
}

extension ArcTests {
  /// Worst distance of an arc's cubics from the true circle of radius `r` centred at the origin.
  private func worstCircleError(radius r: Double, degrees: Double) -> (Double, Int) {
    let a = degrees * Double.pi / 180
    var p = Path()
    p.move(to: Point(r, 0))
    p.arc(
      to: Point(r * cos(a), r * sin(a)), radiusX: r, radiusY: r, xAxisRotation: 0,
      largeArc: degrees > 180, sweep: true)
    let worst = Geo.cubicSamples(p, perCurve: 400).map { abs(Geo.distance($0, .zero) - r) }.max()!
    return (worst, p.elements.count - 1)
  }

  func testLargeArcsStayWithinTheArcTolerance() {
    // Small radii keep one cubic per 90°; large ones get more so the error stays ≤ 0.01.
    XCTAssertEqual(worstCircleError(radius: 30, degrees: 270).1, 3)
    for r in [30.0, 100, 500, 2000, 1e5] {
      let (worst, cubics) = worstCircleError(radius: r, degrees: 270)
      XCTAssertLessThanOrEqual(worst, ArcConversion.tolerance, "r = \(r), \(cubics) cubics")
      XCTAssertLessThanOrEqual(cubics, 3 * ArcConversion.maxPiecesPerQuarter)
    }
    XCTAssertGreaterThan(worstCircleError(radius: 2000, degrees: 270).0, ArcConversion.tolerance / 100)
  }

  func testLargeEllipseShapeStaysWithinTheArcTolerance() {
    let e = Path.ellipse(in: Rect(x: -800, y: -300, width: 1600, height: 600))
    XCTAssertGreaterThan(e.elements.count, 6)
    for q in Geo.cubicSamples(e, perCurve: 200) {
      // Distance to the ellipse, to first order: |F| / |∇F| for F = (x/a)² + (y/b)² − 1.
      let f = (q.x / 800) * (q.x / 800) + (q.y / 300) * (q.y / 300) - 1
      let g = 2 * ((q.x / 640_000) * (q.x / 640_000) + (q.y / 90_000) * (q.y / 90_000)).squareRoot()
      XCTAssertLessThanOrEqual(abs(f) / g, ArcConversion.tolerance)
    }
    XCTAssertEqual(e.bounds!.minX, -800, accuracy: 1e-9)
    XCTAssertEqual(e.bounds!.maxY, 300, accuracy: 1e-9)
  }
}
