import XCTest

@testable import CaptchaImaging

/// `RGBAImage.isOpaque` reads two pixels per word: every pixel's alpha must still count, including
/// the odd last one and pixels in either half of a word.
final class OpacityTests: XCTestCase {
  func testOneTranslucentPixelAnywhereMakesThePictureNotOpaque() {
    for (width, height) in [(1, 1), (3, 1), (5, 3), (64, 2)] {
      let opaque = RGBAImage(width: width, height: height, fill: (10, 20, 30, 255))
      XCTAssertTrue(opaque.isOpaque, "\(width)x\(height)")
      for p in 0..<(width * height) {
        var image = opaque
        image.pixels[p * 4 + 3] = 254
        XCTAssertFalse(image.isOpaque, "\(width)x\(height), pixel \(p)")
      }
    }
  }

  func testColourBytesOf255DoNotCountAsAlpha() {
    var image = RGBAImage(width: 3, height: 1, fill: (255, 255, 255, 255))
    image.pixels[7] = 0
    XCTAssertFalse(image.isOpaque)
    XCTAssertTrue(
      RGBAImage(width: 0, height: 0, fill: (0, 0, 0, 0)).isOpaque, "no pixels: nothing translucent")
  }
}
