import Foundation
import XCTest

@testable import CaptchaCompare
@testable import CaptchaImaging
@testable import CaptchaSupport

/// Builds small test images pixel by pixel.
func makeImage(_ w: Int, _ h: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
  var px: [UInt8] = []
  for y in 0..<h {
    for x in 0..<w {
      let c = color(x, y)
      px += [c.0, c.1, c.2, c.3]
    }
  }
  return RGBAImage(width: w, height: h, pixels: px)
}

final class ImageCompareTests: XCTestCase {
  let gradient = makeImage(16, 8) { x, y in (UInt8(x * 15), UInt8(y * 30), 100, 255) }

  func testIdenticalImagesMatchWithInfinitePSNR() {
    let r = ImageCompare.compare(expected: gradient, actual: gradient)
    XCTAssertTrue(r.isMatch)
    XCTAssertEqual(r.metrics?.differingPixels, 0)
    XCTAssertEqual(r.metrics?.maxChannelDifference, 0)
    XCTAssertEqual(r.metrics?.psnr, .infinity)
    XCTAssertEqual(r.metrics?.identical, true)
  }

  func testOneChannelOffByTenRespectsChannelTolerance() {
    var changed = gradient
    changed.pixels[(3 * 16 + 5) * 4 + 1] &+= 10
    let exact = ImageCompare.compare(expected: gradient, actual: changed)
    XCTAssertFalse(exact.isMatch)
    XCTAssertEqual(exact.metrics?.differingPixels, 1)
    XCTAssertEqual(exact.metrics?.maxChannelDifference, 10)
    XCTAssertEqual(exact.mask.class(atX: 5, y: 3), .different)
    XCTAssertEqual(exact.mask.class(atX: 4, y: 3), .same)
    // MSE = 100 / (128 pixels * 4 channels); PSNR = 10 log10(255² / MSE).
    let expectedPSNR = 10 * log10(255.0 * 255.0 / (100.0 / 512.0))
    XCTAssertEqual(exact.metrics!.psnr, expectedPSNR, accuracy: 1e-9)

    let tolerant = ImageCompare.compare(
      expected: gradient, actual: changed, thresholds: CompareThresholds(maxChannelDifference: 10))
    XCTAssertTrue(tolerant.isMatch)
    XCTAssertEqual(tolerant.metrics?.differingPixels, 0)
    XCTAssertEqual(tolerant.metrics?.maxChannelDifference, 10, "max difference is reported before thresholds")
    let justBelow = ImageCompare.compare(
      expected: gradient, actual: changed, thresholds: CompareThresholds(maxChannelDifference: 9))
    XCTAssertFalse(justBelow.isMatch)
  }

  func testPixelAllowanceAsCountAndPercent() {
    let base = RGBAImage(width: 10, height: 10, fill: (0, 0, 0, 255))
    var changed = base
    for k in [0, 17, 99] { changed.pixels[k * 4] = 200 }
    func matches(_ a: PixelAllowance) -> Bool {
      ImageCompare.compare(expected: base, actual: changed, thresholds: CompareThresholds(allowedPixels: a))
        .isMatch
    }
    XCTAssertTrue(matches(.count(3)))
    XCTAssertFalse(matches(.count(2)))
    XCTAssertTrue(matches(.percent(3)))
    XCTAssertFalse(matches(.percent(2.9)))
    XCTAssertEqual(
      ImageCompare.compare(expected: base, actual: changed).metrics!.differingShare, 0.03, accuracy: 1e-12)
  }

  func testPixelAllowanceDescriptionIsTheCommandLineForm() {
    XCTAssertEqual(PixelAllowance.count(25).description, "25")
    XCTAssertEqual(PixelAllowance.percent(0.5).description, "0.5%")
    XCTAssertEqual(PixelAllowance.percent(2).description, "2%")
  }

  func testSizeMismatchIsADifferenceWithAClearMessage() {
    let small = makeImage(12, 8) { x, y in (UInt8(x * 15), UInt8(y * 30), 100, 255) }
    let r = ImageCompare.compare(
      expected: gradient, actual: small, thresholds: CompareThresholds(allowedPixels: .percent(100)))
    XCTAssertFalse(r.isMatch, "no allowance makes different sizes equal")
    XCTAssertTrue(r.sizeMismatch)
    XCTAssertNil(r.metrics)
    XCTAssertTrue(r.summary.contains("16×8") && r.summary.contains("12×8"), r.summary)
    XCTAssertEqual(r.mask.class(atX: 13, y: 2), .missing)
    XCTAssertEqual(r.mask.class(atX: 3, y: 2), .same, "the overlap is compared")
  }

  func testFullyTransparentPixelsAreEqualWhateverTheirColour() {
    let a = makeImage(4, 4) { x, _ in x < 2 ? (255, 0, 0, 0) : (10, 20, 30, 255) }
    let b = makeImage(4, 4) { x, _ in x < 2 ? (0, 0, 0, 0) : (10, 20, 30, 255) }
    let r = ImageCompare.compare(expected: a, actual: b)
    XCTAssertTrue(r.isMatch)
    XCTAssertEqual(r.metrics?.psnr, .infinity)
    // But a visible alpha change is a difference.
    let c = makeImage(4, 4) { x, _ in x < 2 ? (0, 0, 0, 1) : (10, 20, 30, 255) }
    XCTAssertEqual(ImageCompare.compare(expected: a, actual: c).metrics?.differingPixels, 8)
  }

  func testDiffImageFadesExpectedAndPaintsDifferencesRed() {
    var changed = gradient
    changed.pixels[(2 * 16 + 7) * 4] &+= 50
    let r = ImageCompare.compare(expected: gradient, actual: changed)
    let diff = DiffImage.render(expected: gradient, mask: r.mask)
    XCTAssertEqual(diff.width, 16)
    XCTAssertEqual(diff.height, 8)
    XCTAssertTrue(diff.isOpaque)
    let at = { (x: Int, y: Int) in Array(diff.pixels[((y * 16 + x) * 4)..<((y * 16 + x) * 4 + 3)]) }
    XCTAssertEqual(at(7, 2), [255, 0, 0])
    let gray = at(0, 0)
    XCTAssertEqual(gray[0], gray[1])
    XCTAssertEqual(gray[1], gray[2])
    XCTAssertGreaterThan(gray[0], 150, "faded towards white")
    // Darker expected pixels fade to darker grays.
    XCTAssertLessThan(at(0, 0)[0], at(15, 7)[0])
  }
}
