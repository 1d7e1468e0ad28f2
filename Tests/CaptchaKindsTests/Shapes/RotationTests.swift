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

final class RotationTests: XCTestCase {
  func testDescriptionIsTheCommandLineForm() {
    XCTAssertEqual(RotationSpec.fixed(30).description, "30")
    XCTAssertEqual(RotationSpec.fixed(-12.5).description, "-12.5")
    XCTAssertEqual(RotationSpec(lower: 0, upper: 360).description, "0:360")
  }

  func testRangeDrawsAreInRangeInTenthsDeterministicAndVaried() throws {
    let spec = RotationSpec(lower: -15, upper: 15)
    var seen = Set<Double>()
    for seed: UInt64 in 0..<500 {
      let d = spec.draw(seed: seed)
      XCTAssert((-15...15).contains(d), "\(d)")
      XCTAssertEqual((d * 10).rounded(), d * 10, "whole tenths: \(d)")
      XCTAssertEqual(d, spec.draw(seed: seed))
      seen.insert(d)
    }
    XCTAssertGreaterThan(seen.count, 200)
    XCTAssertLessThan(seen.min()!, -13)
    XCTAssertGreaterThan(seen.max()!, 13)
    XCTAssertEqual(RotationSpec.fixed(7).draw(seed: 99), 7)
  }

  func testRotatedShapesStayInsideTheBox() throws {
    for base in ShapeCatalog.all {
      for deg in stride(from: -180.0, through: 180, by: 15) {
        let shape = RotatedShape(base: base, degrees: deg)
        for size in ShapeTestSupport.sizes {
          try ShapeTestSupport.assertInsideBox(shape, size: size, seed: 5, "\(base.name) turned \(deg)°")
        }
      }
    }
  }

  func testZeroIsTheBaseShapeAndNinetyTurnsThePixels() throws {
    let base = BuiltinShape.classic
    XCTAssertEqual(RotatedShape(base: base, degrees: 0).path(size: 62, seed: 1), base.path(size: 62, seed: 1))
    XCTAssertEqual(
      RotatedShape(base: base, degrees: 360).path(size: 62, seed: 1), base.path(size: 62, seed: 1))
    // A quarter turn clockwise (y down) maps pixel (x, y) of the base to (n−1−y, x).
    let n = 62
    let m0 = try base.coverageMask(size: n, seed: 1)
    let m90 = try RotatedShape(base: base, degrees: 90).coverageMask(size: n, seed: 1)
    var worst = 0
    for y in 0..<n {
      for x in 0..<n {
        worst = max(worst, abs(Int(m0.coverage(atX: x, y: y)) - Int(m90.coverage(atX: n - 1 - y, y: x))))
      }
    }
    XCTAssertLessThanOrEqual(worst, 2)
  }

  func testFortyFiveDegreesShrinksASquareToFit() throws {
    // The square's diagonal must fit the box: side · √2 = size.
    let m = try RotatedShape(base: BuiltinShape.square, degrees: 45).coverageMask(size: 100, seed: 0)
    XCTAssertEqual(ShapeTestSupport.areaFraction(m), 0.5, accuracy: 0.01)
    XCTAssertEqual(m.coverage(atX: 1, y: 1), 0)
    XCTAssertEqual(m.coverage(atX: 50, y: 2), 255)
  }

  func testRandomRotationVariesPerSeedAndKeepsTheBaseName() throws {
    let shape = RotatedShape(base: StarShape(), rotation: RotationSpec(lower: -30, upper: 30))
    XCTAssertEqual(shape.name, "star")
    XCTAssertNotEqual(shape.degrees(seed: 1), shape.degrees(seed: 2))
    XCTAssertNotEqual(shape.path(size: 62, seed: 1), shape.path(size: 62, seed: 2))
    XCTAssertEqual(shape.path(size: 62, seed: 1), shape.path(size: 62, seed: 1))
  }
}
