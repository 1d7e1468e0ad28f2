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

/// Every built-in shape at every test size: inside its box, filled as much as its geometry says,
/// and the same for the same seed.
final class BuiltinShapeTests: XCTestCase {
  /// Expected covered fraction of the box per shape (from the geometry; jigsaw varies by seed).
  static let areaRanges: [String: ClosedRange<Double>] = [
    "classic": 0.58...0.62,  // body (1/1.3)² ≈ 0.592; knobs out and notches in cancel
    "jigsaw": 0.38...0.92,
    "tabs": 0.74...0.755,  // 32² / 37² ≈ 0.748: two half discs out, two in
    "circle": 0.775...0.795,  // π/4 ≈ 0.785
    "square": 0.999...1.0,
    "rounded": 0.95...0.965,  // 1 − (4 − π)·0.22² ≈ 0.958
    "star": 0.37...0.41,
    "shield": 0.66...0.70,
  ]

  func testEveryShapeFillsAPlausibleShareOfItsBoxAndStaysInside() throws {
    XCTAssertEqual(Set(Self.areaRanges.keys), Set(ShapeCatalog.names))
    for shape in ShapeCatalog.all {
      let range = try XCTUnwrap(Self.areaRanges[shape.name])
      for size in ShapeTestSupport.sizes {
        for seed: UInt64 in [0, 1, 42, 0xDEAD_BEEF] {
          let context = "\(shape.name) at \(size)px, seed \(seed)"
          let m = try shape.coverageMask(size: size, seed: seed)
          XCTAssertEqual(m.rect, PixelRect(x: 0, y: 0, width: size, height: size), context)
          let a = ShapeTestSupport.areaFraction(m)
          XCTAssert(range.contains(a), "\(context): area \(a) outside \(range)")
          try ShapeTestSupport.assertInsideBox(shape, size: size, seed: seed, context)
        }
      }
    }
  }

  func testEveryShapeWorksAtMakesSmallestAndAtLargePieces() throws {
    for shape in ShapeCatalog.all {
      let range = try XCTUnwrap(Self.areaRanges[shape.name])
      let tiny = try shape.coverageMask(size: 8, seed: 9)
      XCTAssertGreaterThan(ShapeTestSupport.areaFraction(tiny), range.lowerBound - 0.06, shape.name)
      let large = try shape.coverageMask(size: 600, seed: 9)
      XCTAssert(range.contains(ShapeTestSupport.areaFraction(large)), shape.name)
    }
  }

  func testEveryShapeSpansTheBoxAlongAtLeastOneAxis() throws {
    for shape in ShapeCatalog.all {
      for seed: UInt64 in 0..<20 {
        let b = try XCTUnwrap(shape.path(size: 100, seed: seed).bounds)
        XCTAssert(
          b.width > 99.99 || b.height > 99.99, "\(shape.name) seed \(seed) uses only \(b) of the box")
        // Centred along the other axis.
        XCTAssertEqual(b.minX, 100 - b.maxX, accuracy: 1e-6, shape.name)
        XCTAssertEqual(b.minY, 100 - b.maxY, accuracy: 1e-6, shape.name)
      }
    }
  }

  func testEveryShapeIsDeterministicPerSeed() throws {
    for shape in ShapeCatalog.all {
      for seed: UInt64 in [3, 77] {
        XCTAssertEqual(shape.path(size: 62, seed: seed), shape.path(size: 62, seed: seed), shape.name)
        XCTAssertEqual(
          try shape.coverageMask(size: 62, seed: seed), try shape.coverageMask(size: 62, seed: seed),
          shape.name)
      }
    }
  }

  func testFixedShapesIgnoreTheSeed() throws {
    for shape in ShapeCatalog.all where shape.name != "jigsaw" {
      XCTAssertEqual(shape.path(size: 62, seed: 1), shape.path(size: 62, seed: 2), shape.name)
    }
  }

  func testTabsHaveDWProportions() throws {
    // 37 DW units span the box: the top tab's peak is at y = 0, the body's top edge at 5 units,
    // and the bottom notch reaches 5 units into the body.
    let size = 74.0  // 2 px per DW unit
    let m = try TabsShape().coverageMask(size: 74, seed: 0)
    func at(_ x: Double, _ y: Double) -> UInt8 { m.coverage(atX: Int(x * 2), y: Int(y * 2)) }
    XCTAssertEqual(at(16, 1), 255, "top tab centre")  // x = mid of body, inside the tab
    XCTAssertEqual(at(3, 1), 0, "above the body, away from the tab")
    XCTAssertEqual(at(35, 21), 255, "right tab")
    XCTAssertEqual(at(16, 35), 0, "bottom notch is cut out")
    XCTAssertEqual(at(1, 21), 0, "left notch is cut out")
    XCTAssertEqual(at(8, 30), 255, "body")
    let b = try XCTUnwrap(TabsShape().path(size: size, seed: 0).bounds)
    for (got, want) in [(b.minX, 0.0), (b.minY, 0), (b.maxX, 74), (b.maxY, 74)] {
      XCTAssertEqual(got, want, accuracy: 1e-9)
    }
  }

  func testStarHasFivePointsAndAnEmptyCentreGap() throws {
    // Along a circle of 0.7 × the outer radius around the centre, the star is entered 5 times.
    let m = try StarShape().coverageMask(size: 200, seed: 0)
    let b = try XCTUnwrap(StarShape().path(size: 200, seed: 0).bounds)
    // The outer radius is the distance from the centre to the top point.
    let outer = 200 / (2 * cos(18 * Double.pi / 180))
    let cy = b.minY + outer
    var entries = 0
    var wasIn = false
    for k in 0..<720 {
      let t = Double(k) * Double.pi / 360
      let inside =
        m.coverage(atX: Int(100 + 0.7 * outer * cos(t)), y: Int(cy + 0.7 * outer * sin(t))) > 127
      if inside && !wasIn { entries += 1 }
      wasIn = inside
    }
    XCTAssertEqual(entries, 5)
  }

  func testShieldIsWidestAtTheTopAndPointedAtTheBottom() throws {
    let m = try ShieldShape().coverageMask(size: 100, seed: 0)
    func rowWidth(_ y: Int) -> Int { (0..<100).filter { m.coverage(atX: $0, y: y) > 127 }.count }
    XCTAssertGreaterThan(rowWidth(30), 80)
    XCTAssertLessThan(rowWidth(97), 15)
    XCTAssertGreaterThan(rowWidth(30), rowWidth(80))
  }
}
