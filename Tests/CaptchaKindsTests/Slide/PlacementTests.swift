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

final class PlacementTests: XCTestCase {
  func testHorizontalStartsAtLeftOnTargetRowAndNeverOverlaps() {
    var rng = Xoshiro256StarStar(seed: 5)
    let p = 60
    let m = Placement.margin(pieceSize: p)
    var xs = Set<Int>()
    for _ in 0..<2000 {
      let pl = Placement.draw(width: 320, height: 160, pieceSize: p, mode: .horizontal, rng: &rng)
      XCTAssertEqual(pl.start, PiecePosition(x: 0, y: pl.target.y))
      XCTAssertGreaterThanOrEqual(pl.target.x, p + m)
      XCTAssertLessThanOrEqual(pl.target.x, 320 - p - m)
      XCTAssertGreaterThanOrEqual(pl.target.y, m)
      XCTAssertLessThanOrEqual(pl.target.y, 160 - p - m)
      xs.insert(pl.target.x)
    }
    // Uniform over 66…254: 2000 draws reach both ends and most values.
    XCTAssertTrue(xs.contains(p + m) && xs.contains(320 - p - m))
    XCTAssertGreaterThan(xs.count, 170)
  }

  func testVerticalMirrorsHorizontal() {
    var rng = Xoshiro256StarStar(seed: 6)
    for _ in 0..<500 {
      let pl = Placement.draw(width: 100, height: 200, pieceSize: 40, mode: .vertical, rng: &rng)
      XCTAssertEqual(pl.start, PiecePosition(x: pl.target.x, y: 0))
      XCTAssertGreaterThanOrEqual(pl.target.y, 44)
      XCTAssertLessThanOrEqual(pl.target.y, 200 - 44)
    }
  }

  func testFreeStartStaysInsideAndAwayFromTarget() {
    var rng = Xoshiro256StarStar(seed: 7)
    // (36, 66): a central target would leave no clear start; such targets are not drawn.
    for (w, h) in [(320, 160), (132, 72), (72, 132), (36, 66), (66, 36)] {
      for _ in 0..<500 {
        let pl = Placement.draw(width: w, height: h, pieceSize: 30, mode: .free, rng: &rng)
        XCTAssert(abs(pl.start.x - pl.target.x) >= 30 || abs(pl.start.y - pl.target.y) >= 30)
        XCTAssert((0...(w - 30)).contains(pl.start.x) && (0...(h - 30)).contains(pl.start.y))
      }
    }
  }

  func testFitsMatchesMinimumSizes() {
    XCTAssertTrue(Placement.fits(width: 132, height: 72, pieceSize: 60, mode: .horizontal))
    XCTAssertFalse(Placement.fits(width: 131, height: 72, pieceSize: 60, mode: .horizontal))
    XCTAssertFalse(Placement.fits(width: 132, height: 71, pieceSize: 60, mode: .horizontal))
    XCTAssertFalse(Placement.fits(width: 320, height: 100, pieceSize: 60, mode: .vertical))
    XCTAssertTrue(Placement.fits(width: 72, height: 132, pieceSize: 60, mode: .free))
  }
}

final class PieceShapeTests: XCTestCase {
  func testEveryBuiltinShapeStaysInsideItsBoxAtSeveralSizes() throws {
    for shape in ShapeCatalog.all {
      for size in [8.0, 33, 60, 200] {
        let b = try XCTUnwrap(shape.path(size: size, seed: 1).controlBounds)
        XCTAssertGreaterThanOrEqual(b.minX, -1e-9, shape.name)
        XCTAssertGreaterThanOrEqual(b.minY, -1e-9, shape.name)
        XCTAssertLessThanOrEqual(b.maxX, size + 1e-9, shape.name)
        XCTAssertLessThanOrEqual(b.maxY, size + 1e-9, shape.name)
      }
    }
  }

  func testClassicKnobsReachTheBoxEdgesAndBodyIsSmaller() throws {
    let p = BuiltinShape.classic.path(size: 64, seed: 0)
    let b = try XCTUnwrap(p.controlBounds)
    XCTAssertEqual(b.minX, 0, accuracy: 1e-9)
    XCTAssertEqual(b.minY, 0, accuracy: 1e-9)  // top knob
    XCTAssertEqual(b.maxX, 64, accuracy: 1e-9)  // right knob
    XCTAssertEqual(b.maxY, 64, accuracy: 1e-9)
    // 4 sides × 6 cubics.
    XCTAssertEqual(p.elements.filter { if case .cubic = $0 { return true } else { return false } }.count, 24)
  }

  func testLookupByName() {
    XCTAssertEqual(BuiltinShapeName.circle.shape.name, "circle")
  }
}
