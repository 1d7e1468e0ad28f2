import Foundation
import XCTest

@testable import VectorRaster

final class FlatteningTests: XCTestCase {
  /// Worst distance from the true curve (sampled densely) to the flattened polyline.
  private func worstCubicError(_ p: [Point], tolerance: Double) throws -> (Double, Int) {
    var path = Path()
    path.move(to: p[0])
    path.cubic(to: p[3], control1: p[1], control2: p[2])
    let f = try path.flattened(tolerance: tolerance)
    XCTAssertEqual(f.contourCount, 1)
    let poly = f.points[f.contourRange(0)] + [p[3]]  // the closing point may be dropped
    var worst = 0.0
    for i in 0...4000 {
      let q = Geo.cubic(p[0], p[1], p[2], p[3], Double(i) / 4000)
      worst = max(worst, Geo.distance(q, polyline: poly[...]))
    }
    return (worst, f.points.count)
  }

  func testCubicPolylineStaysWithinTolerance() throws {
    let curves: [[Point]] = [
      [Point(0, 0), Point(30, 80), Point(70, -40), Point(100, 40)],  // S-curve
      [Point(0, 0), Point(200, 100), Point(-100, 100), Point(100, 0)],  // loop
      [Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0)],  // cusp-like
      [Point(5, 5), Point(5.3, 9), Point(9, 5.2), Point(9.5, 9.5)],  // tiny
      [Point(0, 0), Point(1000, 0), Point(1000, 600), Point(0, 600)],  // large
    ]
    for tolerance in [0.5, 0.1, 0.01] {
      for c in curves {
        let (worst, count) = try worstCubicError(c, tolerance: tolerance)
        XCTAssertLessThanOrEqual(worst, tolerance * (1 + 1e-9), "curve \(c) tolerance \(tolerance)")
        XCTAssertLessThan(count, Flattening.maxSegmentsPerCurve)
      }
    }
  }

  func testQuadPolylineStaysWithinTolerance() throws {
    let p0 = Point(0, 0)
    let c = Point(50, 120)
    let p1 = Point(100, 0)
    var path = Path()
    path.move(to: p0)
    path.quad(to: p1, control: c)
    let f = try path.flattened(tolerance: 0.1)
    let poly = f.points[...] + [p1]
    var worst = 0.0
    for i in 0...4000 {
      worst = max(worst, Geo.distance(Geo.quad(p0, c, p1, Double(i) / 4000), polyline: poly[...]))
    }
    XCTAssertLessThanOrEqual(worst, 0.1)
    XCTAssertGreaterThan(worst, 0.01, "subdivision should not be wastefully fine")
  }

  func testCircleAreaIsWithinFlatteningError() throws {
    for r in [4.0, 50.0, 400.0] {
      let f = try Path.circle(center: Point(10, 20), radius: r).flattened()
      let area = abs(Geo.area(f))
      let exact = Double.pi * r * r
      // An inscribed polygon whose chords sag at most t loses at most ⅔·perimeter·t (each lost
      // circular segment is about ⅔·chord·sagitta); the cubic circle strays from the true one by
      // at most min(2.73e-4·r, ArcConversion.tolerance). Seen: −1.27 (r 4), −16.4 (r 50),
      // −157 (r 400) against bounds of 1.70, 24.1 and 193.
      let curveError = min(2.73e-4 * r, ArcConversion.tolerance)
      let bound = 2 * Double.pi * r * (2.0 / 3.0 * Flattening.defaultTolerance + curveError)
      XCTAssertLessThanOrEqual(abs(area - exact), bound, "r = \(r)")
    }
  }

  func testTransformIsAppliedBeforeSubdivision() throws {
    let circle = Path.circle(center: Point(0, 0), radius: 1)
    let t = Transform.scale(100, 100).concatenating(.translation(50, 60))
    let direct = try circle.flattened(transform: t)
    let copied = try circle.transformed(by: t).flattened()
    XCTAssertEqual(direct.points.count, copied.points.count)
    for (a, b) in zip(direct.points, copied.points) {
      XCTAssertEqual(a.x, b.x, accuracy: 1e-9)
      XCTAssertEqual(a.y, b.y, accuracy: 1e-9)
    }
    let small = try circle.flattened()
    XCTAssertGreaterThan(direct.points.count, 4 * small.points.count)
    XCTAssertEqual(abs(Geo.area(direct)), Double.pi * 1e4, accuracy: 2 * Double.pi * 100 * 0.13)
  }

  func testHugeCurveIsCappedAndFast() throws {
    var path = Path()
    path.move(to: Point(-1e30, -1e30))
    path.cubic(to: Point(1e30, -1e30), control1: Point(1e30, 1e30), control2: Point(-1e30, 1e30))
    path.quad(to: Point(0, 1e30), control: Point(-1e30, 0))
    let start = Date()
    let f = try path.flattened()
    XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
    XCTAssertLessThanOrEqual(f.points.count, 2 * Flattening.maxSegmentsPerCurve + 1)
    XCTAssertEqual(f.points.first, Point(-1e30, -1e30))
    XCTAssertTrue(f.points.allSatisfy(\.isFinite))
  }

  func testTooManySegmentsThrowsBeforeAllocating() {
    var path = Path()
    path.move(to: Point(0, 0))
    let curves = Flattening.maxPoints / Flattening.maxSegmentsPerCurve + 1
    for i in 0..<curves {
      let s = Double(i % 2 == 0 ? 1 : -1) * 1e12
      path.cubic(to: Point(0, 0), control1: Point(s, s), control2: Point(-s, s))
    }
    XCTAssertThrowsError(try path.flattened()) { error in
      let e = error as? PathError
      XCTAssertEqual(e?.kind, .invalidData)
      XCTAssertEqual(
        e?.message,
        "path is too complex: more than \(Flattening.maxPoints) segments after flattening")
    }
  }

  func testNonFiniteCoordinatesThrow() {
    let bad: [Path] = [
      Path(elements: [.move(Point(.nan, 0)), .line(Point(1, 1))]),
      Path(elements: [.move(Point(0, 0)), .line(Point(.infinity, 1))]),
      Path(elements: [.move(Point(0, 0)), .cubic(Point(1, .nan), Point(2, 2), Point(3, 0))]),
      Path(elements: [.move(Point(0, 0)), .quad(Point(-.infinity, 1), Point(3, 0))]),
    ]
    for p in bad {
      XCTAssertThrowsError(try p.flattened()) { error in
        XCTAssertEqual(error as? PathError, PathError(.invalidData, "path has a non-finite coordinate"))
      }
    }
    // Finite input that overflows under the transform is caught too.
    let big = Path(elements: [.move(Point(1e300, 0)), .line(Point(0, 1))])
    XCTAssertThrowsError(try big.flattened(transform: .scale(1e300, 1)))
    // A path drawing from the implicit origin through a transform with a NaN offset.
    let noMove = Path(elements: [.line(Point(1, 1))])
    XCTAssertThrowsError(try noMove.flattened(transform: .translation(.nan, 0)))
    XCTAssertEqual(try noMove.flattened(), FlattenedPath(points: [.zero, Point(1, 1)], contourStarts: [0]))
    XCTAssertThrowsError(try big.flattened(tolerance: 0)) { error in
      XCTAssertEqual((error as? PathError)?.kind, .invalidArgument)
    }
  }

  func testContourBookkeeping() throws {
    var p = Path()
    p.move(to: Point(99, 99))  // bare move: dropped
    p.move(to: Point(0, 0))
    p.line(to: Point(10, 0))
    p.line(to: Point(10, 0))  // duplicate: dropped
    p.line(to: Point(10, 10))
    p.line(to: Point(0, 0))  // equals the start: dropped
    p.close()
    p.line(to: Point(-10, 0))  // after close: new contour from (0, 0)
    p.line(to: Point(-10, -10))
    p.move(to: Point(5, 5))  // trailing bare move: dropped
    let f = try p.flattened()
    XCTAssertEqual(f.contourStarts, [0, 3])
    XCTAssertEqual(
      f.points,
      [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 0), Point(-10, 0), Point(-10, -10)])
    XCTAssertEqual(try Path().flattened(), FlattenedPath())
    XCTAssertEqual(try Path(elements: [.move(Point(1, 1)), .close]).flattened(), FlattenedPath())
  }

  func testRectangleKeepsItsFourCorners() throws {
    let f = try Path.rect(Rect(x: 1, y: 2, width: 3, height: 4)).flattened()
    XCTAssertEqual(f.points, [Point(1, 2), Point(4, 2), Point(4, 6), Point(1, 6)])
    XCTAssertEqual(Geo.area(f), 12)  // positive: clockwise on a y-down screen
  }

  func testFlattenIntoReusesTheBuffer() throws {
    var buffer = FlattenedPath()
    try Path.circle(center: Point(0, 0), radius: 50).flatten(into: &buffer)
    let capacity = buffer.points.capacity
    let rect = Path.rect(Rect(x: 0, y: 0, width: 2, height: 2))
    try rect.flatten(into: &buffer, transform: .translation(1, 1))
    XCTAssertEqual(buffer, try rect.flattened(transform: .translation(1, 1)))
    XCTAssertGreaterThanOrEqual(buffer.points.capacity, capacity)
    let bad = Path(elements: [.move(Point(0, 0)), .line(Point(.nan, 0))])
    XCTAssertThrowsError(try bad.flatten(into: &buffer))
    XCTAssertEqual(buffer, FlattenedPath())
  }
}
