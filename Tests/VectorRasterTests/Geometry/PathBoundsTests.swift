import XCTest

@testable import VectorRaster

final class PathBoundsTests: XCTestCase {
  func testCurveExtremesAreIncludedAndUnreachedControlsAreNot() throws {
    let cubic = try SVGPathParser.parse("M0 0 C0 10 10 10 10 0")
    XCTAssertEqual(cubic.bounds, Rect(minX: 0, minY: 0, maxX: 10, maxY: 7.5))
    XCTAssertEqual(cubic.controlBounds, Rect(minX: 0, minY: 0, maxX: 10, maxY: 10))
    let quad = try SVGPathParser.parse("M0 0 Q5 10 10 0")
    XCTAssertEqual(quad.bounds, Rect(minX: 0, minY: 0, maxX: 10, maxY: 5))
    // An S-curve: y(t) = 90·(−2t³ + 3t² − t), extremes ∓5√3 at t = (3 ∓ √3)/6.
    let s = try SVGPathParser.parse("M0 0 C10 -30 20 30 30 0")
    let b = try XCTUnwrap(s.bounds)
    XCTAssertEqual(b.minY, -5 * 3.0.squareRoot(), accuracy: 1e-12)
    XCTAssertEqual(b.maxY, 5 * 3.0.squareRoot(), accuracy: 1e-12)
    XCTAssertEqual(b.minX, 0)
    XCTAssertEqual(b.maxX, 30)
  }

  func testCircleBoundsAreItsSquare() {
    let c = Path.circle(center: Point(3, 4), radius: 2)
    XCTAssertEqual(c.bounds, Rect(minX: 1, minY: 2, maxX: 5, maxY: 6))
    XCTAssertNil(Path().bounds)
  }

  func testFlattenedPointsLieInsideTheBoundsWhichTheyNearlyFill() throws {
    let p = try SVGPathParser.parse("M10 10 c20 -40 60 40 80 0 q10 30 -40 40 a20 10 30 1 1 -40 -40 z")
    let b = try XCTUnwrap(p.bounds)
    let f = try p.flattened(tolerance: 0.01)
    let xs = f.points.map(\.x)
    let ys = f.points.map(\.y)
    for q in f.points {
      XCTAssertTrue(
        q.x >= b.minX - 1e-9 && q.x <= b.maxX + 1e-9 && q.y >= b.minY - 1e-9 && q.y <= b.maxY + 1e-9)
    }
    XCTAssertEqual(xs.min()!, b.minX, accuracy: 0.01)
    XCTAssertEqual(xs.max()!, b.maxX, accuracy: 0.01)
    XCTAssertEqual(ys.min()!, b.minY, accuracy: 0.01)
    XCTAssertEqual(ys.max()!, b.maxY, accuracy: 0.01)
  }
}
