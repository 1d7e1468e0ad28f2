import XCTest

@testable import CaptchaImaging
@testable import CaptchaKinds
@testable import CaptchaSupport
@testable import VectorRaster

final class ShapeCatalogTests: XCTestCase {
  func testListsEveryBuiltinShapeOnceInAFixedOrder() {
    XCTAssertEqual(
      ShapeCatalog.names, ["classic", "circle", "square", "jigsaw", "tabs", "rounded", "star", "shield"])
    for e in ShapeCatalog.entries {
      XCTAssertFalse(e.summary.isEmpty)
      XCTAssertFalse(e.summary.contains("\n"))
      XCTAssertEqual(try ShapeCatalog.shape(named: e.name).name, e.name)
    }
    for b in BuiltinShape.allCases { XCTAssert(ShapeCatalog.names.contains(b.name)) }
  }

  func testUnknownNameIsAUsageErrorListingTheChoices() {
    ShapeTestSupport.assertThrows(.usage, mentioning: ["'heart'", "classic", "jigsaw", "shield"]) {
      _ = try ShapeCatalog.shape(named: "heart")
    }
  }

  func testResolveCombinesTheCommandLineChoices() throws {
    XCTAssertEqual(try ShapeCatalog.resolve().name, "classic")
    XCTAssertEqual(try ShapeCatalog.resolve(name: "star").name, "star")
    let ring = try ShapeCatalog.resolve(pathData: "M0 0H10V10H0Z M3 3H7V7H3Z", fillRule: "evenodd")
    XCTAssertEqual(ring.name, "custom")
    XCTAssertEqual(ring.fillRule, .evenodd)
    let turned = try ShapeCatalog.resolve(name: "tabs", rotation: "-10:10")
    XCTAssert(turned is RotatedShape)
    XCTAssertEqual(turned.name, "tabs")

    ShapeTestSupport.assertThrows(.usage, mentioning: ["--shape", "--shape-path"]) {
      _ = try ShapeCatalog.resolve(name: "star", pathData: "M0 0H1V1Z")
    }
    ShapeTestSupport.assertThrows(.usage, mentioning: ["--fill-rule", "'odd'"]) {
      _ = try ShapeCatalog.resolve(pathData: "M0 0H1V1Z", fillRule: "odd")
    }
    ShapeTestSupport.assertThrows(.usage, mentioning: ["--fill-rule", "custom"]) {
      _ = try ShapeCatalog.resolve(name: "star", fillRule: "evenodd")
    }
    ShapeTestSupport.assertThrows(.usage, mentioning: ["--piece-rotation"]) {
      _ = try ShapeCatalog.resolve(name: "star", rotation: "wobbly")
    }
  }
}
