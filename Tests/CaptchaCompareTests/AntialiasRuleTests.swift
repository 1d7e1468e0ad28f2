import XCTest

@testable import CaptchaCompare
@testable import CaptchaImaging
@testable import CaptchaSupport

final class AntialiasRuleTests: XCTestCase {
  /// Black left of `edge`, white from `edge` on.
  func edgeImage(edge: Int, column: (Int, UInt8)? = nil) -> RGBAImage {
    makeImage(12, 10) { x, _ in
      if let column, column.0 == x { return (column.1, column.1, column.1, 255) }
      return x < edge ? (0, 0, 0, 255) : (255, 255, 255, 255)
    }
  }

  let aa = CompareThresholds(antialiasing: true)

  func testEdgeShiftedByOnePixelIsForgiven() {
    let r0 = ImageCompare.compare(expected: edgeImage(edge: 5), actual: edgeImage(edge: 6))
    XCTAssertEqual(r0.metrics?.differingPixels, 10, "a column of 10 pixels differs")
    let r = ImageCompare.compare(expected: edgeImage(edge: 5), actual: edgeImage(edge: 6), thresholds: aa)
    XCTAssertTrue(r.isMatch)
    XCTAssertEqual(r.metrics?.differingPixels, 0)
    XCTAssertEqual(r.metrics?.antialiasedPixels, 10)
    XCTAssertEqual(r.mask.class(atX: 5, y: 4), .antialiased)
  }

  func testBlendedEdgeColumnIsForgivenByTheEdgeRule() {
    // A hard edge against a gray antialiased column: gray appears nowhere in the expected image, so
    // only the edge-blend rule can forgive it.
    let hard = edgeImage(edge: 5)
    let soft = edgeImage(edge: 5, column: (5, 128))
    let r = ImageCompare.compare(expected: hard, actual: soft, thresholds: aa)
    XCTAssertEqual(r.metrics?.differingPixels, 0)
    XCTAssertEqual(r.metrics?.antialiasedPixels, 10)
  }

  func testChangeInAFlatAreaStaysCounted() {
    let flat = RGBAImage(width: 12, height: 10, fill: (255, 255, 255, 255))
    var spot = flat
    for (x, y) in [(5, 5), (6, 5), (5, 6), (6, 6)] {
      let i = (y * 12 + x) * 4
      spot.pixels[i] = 0
      spot.pixels[i + 1] = 0
    }
    let r = ImageCompare.compare(expected: flat, actual: spot, thresholds: aa)
    XCTAssertEqual(r.metrics?.differingPixels, 4)
    XCTAssertEqual(r.metrics?.antialiasedPixels, 0)
    XCTAssertFalse(r.isMatch)
  }

  func testNewColourOnAnEdgeOutsideTheEdgeRangeStaysCounted() {
    // A saturated blue column on a mid-gray/white edge: its luma (≈ 29 over white… ) lies outside the
    // expected neighbourhood's luma range [128, 255], so it is not a blend of that edge.
    let expected = makeImage(12, 10) { x, _ in x < 5 ? (128, 128, 128, 255) : (255, 255, 255, 255) }
    let actual = makeImage(12, 10) { x, _ in
      x == 5 ? (0, 0, 255, 255) : (x < 5 ? (128, 128, 128, 255) : (255, 255, 255, 255))
    }
    let r = ImageCompare.compare(expected: expected, actual: actual, thresholds: aa)
    XCTAssertEqual(r.metrics?.differingPixels, 10)
  }
}
