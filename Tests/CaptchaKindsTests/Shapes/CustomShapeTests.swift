import Foundation
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

final class CustomShapeTests: XCTestCase {
  func testWidePathIsScaledKeepingAspectAndCentred() throws {
    let shape = try CustomShape(pathData: "M10 10 H50 V30 H10 Z")  // 40×20
    for size in ShapeTestSupport.sizes {
      let s = Double(size)
      let b = try XCTUnwrap(shape.path(size: s, seed: 0).bounds)
      XCTAssertEqual(b.minX, 0, accuracy: 1e-9)
      XCTAssertEqual(b.maxX, s, accuracy: 1e-9)
      XCTAssertEqual(b.height, s / 2, accuracy: 1e-9)
      XCTAssertEqual(b.minY, s / 4, accuracy: 1e-9)
      let a = ShapeTestSupport.areaFraction(try shape.coverageMask(size: size, seed: 0))
      XCTAssertEqual(a, 0.5, accuracy: 0.02, "\(size)px")
    }
  }

  func testTallCurvedPathFitsTheBox() throws {
    let shape = try CustomShape(pathData: "M0 0 C 30 -40 60 40 10 200 Q -20 100 0 0 Z")
    for size in ShapeTestSupport.sizes {
      try ShapeTestSupport.assertInsideBox(shape, size: size, seed: 0, "curved custom \(size)")
      let b = try XCTUnwrap(shape.path(size: Double(size), seed: 0).bounds)
      XCTAssertEqual(b.height, Double(size), accuracy: 1e-9)
      XCTAssertEqual(b.minX + b.maxX, Double(size), accuracy: 1e-9)
    }
  }

  func testRingWithEvenOddHasAHoleAndNonzeroDoesNot() throws {
    // Two circles drawn the same way round: even-odd leaves the middle empty.
    let d = "M50 0 A50 50 0 1 1 50 100 A50 50 0 1 1 50 0 Z M50 30 A20 20 0 1 1 50 70 A20 20 0 1 1 50 30 Z"
    let ring = try CustomShape(pathData: d, fillRule: .evenodd).coverageMask(size: 100, seed: 0)
    XCTAssertEqual(ring.coverage(atX: 50, y: 50), 0, "centre of the ring is a hole")
    XCTAssertEqual(ring.coverage(atX: 50, y: 15), 255, "ring band is filled")
    XCTAssertEqual(ring.coverage(atX: 2, y: 2), 0, "outside the ring")
    let expected = Double.pi * (50 * 50 - 20 * 20) / 10_000
    XCTAssertEqual(ShapeTestSupport.areaFraction(ring), expected, accuracy: 0.01)
    let disc = try CustomShape(pathData: d, fillRule: .nonzero).coverageMask(size: 100, seed: 0)
    XCTAssertEqual(disc.coverage(atX: 50, y: 50), 255)
  }

  func testInvalidAndDegenerateDataAreBadData() {
    ShapeTestSupport.assertThrows(.badData, mentioning: ["the custom outline", "invalid path data"]) {
      _ = try CustomShape(pathData: "M0 0 L10 X")
    }
    ShapeTestSupport.assertThrows(.badData, mentioning: ["the custom outline", "empty"]) {
      _ = try CustomShape(pathData: "   ")
    }
    ShapeTestSupport.assertThrows(.badData, mentioning: ["the custom outline", "zero width or height"]) {
      _ = try CustomShape(pathData: "M0 0 L10 0 L20 0 Z")
    }
    ShapeTestSupport.assertThrows(.badData, mentioning: ["the custom outline", "zero width or height"]) {
      _ = try CustomShape(pathData: "M5 5")
    }
    ShapeTestSupport.assertThrows(.badData, mentioning: ["the custom outline", "too small"]) {
      _ = try CustomShape(pathData: "M0 0 L1e-320 0 L0 1e-320 Z")
    }
    // Tiny but scalable outlines are fine.
    XCTAssertEqual(
      try CustomShape(pathData: "M0 0 L1e-200 0 L0 1e-200 Z").path(size: 100, seed: 0).bounds?.maxX ?? 0, 100,
      accuracy: 1e-9)
    ShapeTestSupport.assertThrows(.badData, mentioning: ["too large"]) {
      _ = try CustomShape(pathData: "M-1e308 0 L1e308 0 L0 1e308 Z")
    }
  }

  // MARK: SVG extraction

  func testExtractsTheFirstPathDAttribute() {
    let cases: [(String, SVGPathExtractor.Found)] = [
      (#"<svg><path d="M0 0H1V1Z"/></svg>"#, .pathData("M0 0H1V1Z")),
      ("<svg><path d='M0 0H2V2Z'/></svg>", .pathData("M0 0H2V2Z")),
      (#"<path fill="red" id="p1" d = "M1 1H3V3Z" stroke='none'/>"#, .pathData("M1 1H3V3Z")),
      (#"<path data-d="x" d="M0 0H4V4Z"></path>"#, .pathData("M0 0H4V4Z")),
      (#"<!-- <path d="M9 9"/> --><path d="M0 0H5V5Z"/>"#, .pathData("M0 0H5V5Z")),
      (#"<svg:path xmlns:svg="x" d="M0 0H6V6Z"/>"#, .pathData("M0 0H6V6Z")),
      (#"<pathology d="M9 9"/><path class="a"/><path d="M0 0H7V7Z"/>"#, .pathData("M0 0H7V7Z")),
      (#"<rect d="M9 9"/><path d="M0 0&#10;H8V8Z"/>"#, .pathData("M0 0 H8V8Z")),
      (#"<svg><rect width="3" height="3"/></svg>"#, .noPath),
      ("M0 0 H10 V10 Z\n", .notSVG),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(SVGPathExtractor.pathData(in: text), expected, text)
    }
  }

  func testLoadsAnSVGFileAndAPlainPathDataFile() throws {
    let dir = try ShapeTestSupport.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svg = dir.appendingPathComponent("heart.svg")
    try """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
      <title>heart</title>
      <path fill='#c00'
            d='M12 21 C 5 15 2 12 2 8 A5 5 0 0 1 12 6 A5 5 0 0 1 22 8 C 22 12 19 15 12 21 Z'/>
    </svg>
    """.write(to: svg, atomically: true, encoding: .utf8)
    let heart = try CustomShape.load(file: svg.path)
    XCTAssertEqual(heart.name, "custom")
    XCTAssertEqual(heart.source, svg.path)
    let a = ShapeTestSupport.areaFraction(try heart.coverageMask(size: 62, seed: 0))
    XCTAssert((0.45...0.8).contains(a), "heart area \(a)")
    try ShapeTestSupport.assertInsideBox(heart, size: 62, seed: 0, "heart")

    let plain = dir.appendingPathComponent("square.txt")
    try "M0 0 H10 V10 H0 Z\n".write(to: plain, atomically: true, encoding: .utf8)
    let square = try CustomShape.load(file: plain.path, fillRule: .evenodd)
    XCTAssertEqual(square.fillRule, .evenodd)
    XCTAssertEqual(
      ShapeTestSupport.areaFraction(try square.coverageMask(size: 40, seed: 0)), 1, accuracy: 1e-9)
  }

  func testFileErrorsNameTheFileWithSysexitsKinds() throws {
    let dir = try ShapeTestSupport.tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let missing = dir.appendingPathComponent("nope.svg").path
    ShapeTestSupport.assertThrows(.missingInput, mentioning: [missing]) {
      _ = try CustomShape.load(file: missing)
    }

    let noPath = dir.appendingPathComponent("nopath.svg")
    try #"<svg><circle r="3"/></svg>"#.write(to: noPath, atomically: true, encoding: .utf8)
    ShapeTestSupport.assertThrows(.badData, mentioning: [noPath.path, "<path>"]) {
      _ = try CustomShape.load(file: noPath.path)
    }

    let bad = dir.appendingPathComponent("bad.svg")
    try #"<svg><path d="M0 0 L 10 nonsense"/></svg>"#.write(to: bad, atomically: true, encoding: .utf8)
    ShapeTestSupport.assertThrows(.badData, mentioning: [bad.path, "invalid path data"]) {
      _ = try CustomShape.load(file: bad.path)
    }

    let flat = dir.appendingPathComponent("flat.svg")
    try #"<svg><path d="M0 5 H 20"/></svg>"#.write(to: flat, atomically: true, encoding: .utf8)
    ShapeTestSupport.assertThrows(.badData, mentioning: [flat.path, "zero width or height"]) {
      _ = try CustomShape.load(file: flat.path)
    }

    let binary = dir.appendingPathComponent("binary.svg")
    try Data([0x89, 0x50, 0xFF, 0xFE, 0x00]).write(to: binary)
    ShapeTestSupport.assertThrows(.badData, mentioning: [binary.path, "UTF-8"]) {
      _ = try CustomShape.load(file: binary.path)
    }
  }

  func testOutlinesWithoutAnInsideAreRefusedByTheirFilledArea() throws {
    // Non-zero bounding boxes, nothing to fill: an open line, a contour retracing itself, and
    // a square cancelled by the same square drawn the other way.
    for d in ["M 0 0 L 10 10", "M0 0 L10 10 L0 0 Z", "M0 0H10V10H0Z M0 0V10H10V0Z"] {
      for rule in FillRule.allCases {
        ShapeTestSupport.assertThrows(.badData, mentioning: ["the custom outline", "encloses no area"]) {
          _ = try CustomShape(pathData: d, fillRule: rule)
        }
      }
    }
    // A thin sliver still has an inside, and a ring under even-odd keeps its band.
    XCTAssertNoThrow(try CustomShape(pathData: "M0 0 L100 0 L100 1 Z"))
    XCTAssertNoThrow(try CustomShape(pathData: "M0 0H10V10H0Z M2 2H8V8H2Z", fillRule: .evenodd))
  }
}
