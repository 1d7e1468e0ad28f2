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

/// The outline families a style key draws (`JigsawShape` form, tabs and corners): every family
/// gives a valid jigsaw outline in the box, and none of them is the public outline.
final class JigsawFamilyTests: XCTestCase {
  static var families: [JigsawShape] {
    KnobForm.allCases.flatMap { form in
      [1, 2].flatMap { tabs in
        [0.0, 0.16].map { corner in
          JigsawShape(knobScale: 1.2, neckScale: 1.15, form: form, tabs: tabs, cornerRadius: corner)
        }
      }
    }
  }

  func testEveryFamilyRasterisesInsideTheBoxWithOneOutlineThatDoesNotCrossItself() throws {
    for shape in Self.families {
      for seed: UInt64 in 0..<40 {
        let label = "\(shape.form) tabs \(shape.tabs) corner \(shape.cornerRadius) seed \(seed)"
        try ShapeTestSupport.assertInsideBox(shape, size: 60, seed: seed, label)
        let a = ShapeTestSupport.areaFraction(try shape.coverageMask(size: 60, seed: seed))
        XCTAssert((0.38...0.95).contains(a), "\(label): area \(a)")
        let polygons = try shape.path(size: 100, seed: seed).flattened(
          tolerance: PieceOutline.flatteningTolerance)
        let box = PixelRect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(
          Rasterizer.fill(polygons, rule: .nonzero, clip: box),
          Rasterizer.fill(polygons, rule: .evenodd, clip: box),
          label)
      }
    }
  }

  func testEveryFamilyButThePublicOneDrawsAnotherOutline() throws {
    for shape in Self.families where !(shape.form == .round && shape.tabs == 1 && shape.cornerRadius == 0) {
      var differs = 0
      for seed: UInt64 in 0..<10 {
        let own = try shape.coverageMask(size: 60, seed: seed)
        let plain = try JigsawShape().coverageMask(size: 60, seed: seed)
        if DecoyShapes.difference(own, plain) >= 40 { differs += 1 }
      }
      XCTAssertEqual(differs, 10, "\(shape.form) tabs \(shape.tabs) corner \(shape.cornerRadius)")
    }
  }

  func testDefaultFamilyIsThePublicOutline() {
    // The public body is drawn by its own code path; the defaults must select it.
    XCTAssertTrue(JigsawShape().isPublicFamily)
    XCTAssertFalse(JigsawShape(form: .arch).isPublicFamily)
    XCTAssertFalse(JigsawShape(tabs: 2).isPublicFamily)
    XCTAssertFalse(JigsawShape(cornerRadius: 0.1).isPublicFamily)
  }
}
