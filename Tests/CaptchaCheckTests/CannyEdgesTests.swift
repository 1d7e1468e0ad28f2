import XCTest

@testable import CaptchaCheck
@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

final class CannyEdgesTests: XCTestCase {
  func testLumaUsesOpenCVIntegerWeights() {
    let image = RGBAImage(width: 3, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 0])
    XCTAssertEqual(GrayPlane(luma: image).values, [76, 150, 29])
  }

  func testSquareGivesAThinClosedOutlineOnItsBorder() {
    var plane = GrayPlane(width: 24, height: 24)
    for y in 6..<18 { for x in 6..<18 { plane[x, y] = 255 } }
    let edges = CannyEdges.detect(plane, low: 100, high: 200)
    var count = 0
    for y in 0..<24 {
      for x in 0..<24 where edges[x, y] == 255 {
        count += 1
        // Every edge pixel is next to the step between 5|6 or 17|18.
        let nearX = (5...6).contains(x) || (17...18).contains(x)
        let nearY = (5...6).contains(y) || (17...18).contains(y)
        XCTAssertTrue(nearX || nearY, "edge at \(x), \(y)")
        XCTAssertTrue((5...18).contains(x) && (5...18).contains(y), "edge at \(x), \(y)")
      }
    }
    // One pixel wide: each side contributes about its length once, not twice.
    XCTAssertGreaterThanOrEqual(count, 4 * 11)
    XCTAssertLessThanOrEqual(count, 4 * 13)
    for i in 7..<17 {
      XCTAssertTrue(edges[i, 5] == 255 || edges[i, 6] == 255, "top side at x \(i)")
      XCTAssertTrue(edges[5, i] == 255 || edges[6, i] == 255, "left side at y \(i)")
    }
  }

  func testHysteresisKeepsWeakEdgesOnlyWhenConnectedToStrongOnes() {
    // Left half: a weak step (Sobel |dx| = 4 × 20 = 80, between low 60 and high 160) along the
    // whole height. Right half: a weak step whose lower part is strong (4 × 50 = 200).
    var plane = GrayPlane(width: 40, height: 20)
    for y in 0..<20 {
      for x in 0..<40 {
        var v: Float = 0
        if x >= 10 { v += 20 }
        if x >= 30 { v += y >= 10 ? 50 : 20 }
        plane[x, y] = v
      }
    }
    let edges = CannyEdges.detect(plane, low: 60, high: 160)
    let weakOnly = (0..<20).filter { y in (8...11).contains { edges[$0, y] == 255 } }
    XCTAssertTrue(weakOnly.isEmpty, "an isolated weak edge is dropped")
    let connected = (0..<20).filter { y in (28...31).contains { edges[$0, y] == 255 } }
    XCTAssertEqual(connected.count, 20, "the weak upper part is kept through the strong lower part")
  }

  func testInteriorMaskErodesFromTheAlphaAndTheBox() {
    // A fully opaque 10×10 piece: erosion by 2 leaves 6×6 (the box edge counts as transparent).
    let piece = RGBAImage(width: 10, height: 10, fill: (9, 9, 9, 255))
    let mask = MaskedNCCAttack.interior(of: piece, erodedBy: 2)
    XCTAssertEqual(mask.filter { $0 }.count, 36)
    XCTAssertFalse(mask[1 * 10 + 5])
    XCTAssertTrue(mask[2 * 10 + 2])
  }
}
