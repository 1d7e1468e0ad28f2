import XCTest

@testable import VectorRaster

final class TransformTests: XCTestCase {
  func testConcatenationAppliesSelfFirst() {
    let t = Transform.scale(2, 3).concatenating(.translation(10, 20))
    XCTAssertEqual(t.apply(Point(1, 1)), Point(12, 23))
  }

  func testPathTransformMovesEveryPoint() {
    var p = Path()
    p.move(to: Point(0, 0))
    p.cubic(to: Point(3, 0), control1: Point(1, 1), control2: Point(2, 1))
    let q = p.transformed(by: .translation(5, 5))
    XCTAssertEqual(q.controlBounds, Rect(minX: 5, minY: 5, maxX: 8, maxY: 6))
  }
}
