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

final class ShapeCatalogTests: XCTestCase {
  func testListsEveryBuiltinShapeOnceInAFixedOrder() {
    XCTAssertEqual(
      ShapeCatalog.names, ["classic", "circle", "square", "jigsaw", "tabs", "rounded", "star", "shield"])
    for e in ShapeCatalog.entries {
      XCTAssertFalse(e.summary.isEmpty)
      XCTAssertFalse(e.summary.contains("\n"))
    }
    for b in BuiltinShape.allCases { XCTAssert(ShapeCatalog.names.contains(b.name)) }
  }

  func testEveryNameMakesTheShapeOfThatName() {
    XCTAssertEqual(BuiltinShapeName.allCases.map(\.rawValue), ShapeCatalog.names)
    for name in BuiltinShapeName.allCases { XCTAssertEqual(name.shape.name, name.rawValue) }
  }

  func testResolveTurnsASourceAndARotationIntoOneShape() throws {
    XCTAssertEqual(try ShapeCatalog.resolve(.builtin(.star)).name, "star")
    let ring = try ShapeCatalog.resolve(.pathData("M0 0H10V10H0Z M3 3H7V7H3Z", fillRule: .evenodd))
    XCTAssertEqual(ring.name, "custom")
    XCTAssertEqual(ring.fillRule, .evenodd)
    let turned = try ShapeCatalog.resolve(.builtin(.tabs), rotation: RotationSpec(lower: -10, upper: 10))
    XCTAssert(turned is RotatedShape)
    XCTAssertEqual(turned.name, "tabs")
    ShapeTestSupport.assertThrows(.badData, mentioning: ["the custom outline"]) {
      _ = try ShapeCatalog.resolve(.pathData("M0 0 L10 zz", fillRule: .nonzero))
    }
  }
}
