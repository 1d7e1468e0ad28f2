import CaptchaSupport
import VectorRaster
import XCTest

@testable import CaptchaImaging

/// `ImageCodec.decode(_:name:atLeast:)`: JPEGs decoded at libjpeg-turbo's reduced DCT scales, never
/// below the requested size, the same picture as a full decode, deterministic, and bad input refused.
final class JPEGReducedDecodeTests: XCTestCase {
  private func jpeg(width: Int, height: Int) throws -> [UInt8] {
    try ImageCodec.encodeJPEG(CodecTestSupport.smoothImage(width: width, height: height), quality: 92)
  }

  private func size(_ image: RGBAImage) -> PixelSize { PixelSize(width: image.width, height: image.height) }

  func testPicksTheLargestReductionThatKeepsTheRequestedSize() throws {
    let bytes = try jpeg(width: 1000, height: 600)
    let cases: [(PixelSize, PixelSize)] = [
      (PixelSize(width: 320, height: 160), PixelSize(width: 500, height: 300)),  // 1/4 would be 250 wide
      (PixelSize(width: 100, height: 50), PixelSize(width: 125, height: 75)),  // 1/8
      (PixelSize(width: 250, height: 150), PixelSize(width: 250, height: 150)),  // 1/4 exactly
      (PixelSize(width: 251, height: 150), PixelSize(width: 500, height: 300)),  // one pixel more: 1/2
      (PixelSize(width: 900, height: 100), PixelSize(width: 1000, height: 600)),  // needs the full size
      (PixelSize(width: 4000, height: 3000), PixelSize(width: 1000, height: 600)),  // larger than the image
    ]
    for (wanted, expected) in cases {
      let image = try ImageCodec.decode(bytes, name: "p.jpg", atLeast: wanted)
      XCTAssertEqual(size(image), expected, "at least \(wanted)")
    }
  }

  func testOddSizesRoundUp() throws {
    let bytes = try jpeg(width: 1001, height: 601)
    let image = try ImageCodec.decode(bytes, name: "p.jpg", atLeast: PixelSize(width: 120, height: 70))
    XCTAssertEqual(size(image), PixelSize(width: 126, height: 76))
    XCTAssertEqual(
      ImageCodec.jpegReduction(for: PixelSize(width: 1001, height: 601), atLeast: size(image)), 8)
  }

  func testExifOrientationIsAppliedBeforeChoosing() throws {
    // Stored 600×1000, shown turned a quarter (orientation 6): 1000×600 on screen.
    let stored = try jpeg(width: 600, height: 1000)
    let turned = CodecTestSupport.withExif(stored, orientation: 6, littleEndian: false)
    let image = try ImageCodec.decode(turned, name: "t.jpg", atLeast: PixelSize(width: 320, height: 160))
    XCTAssertEqual(size(image), PixelSize(width: 500, height: 300))
    let full = try ImageCodec.decode(turned, name: "t.jpg")
    XCTAssertEqual(size(full), PixelSize(width: 1000, height: 600))
  }

  func testReducedPictureMatchesTheFullDecodeResized() throws {
    let bytes = try jpeg(width: 960, height: 640)
    let full = try ImageCodec.decode(bytes, name: "p.jpg")
    for reduction in [2, 4, 8] {
      let wanted = PixelSize(width: 960 / reduction, height: 640 / reduction)
      let reduced = try ImageCodec.decode(bytes, name: "p.jpg", atLeast: wanted)
      XCTAssertEqual(size(reduced), wanted)
      let resized = Resize.resize(full, width: wanted.width, height: wanted.height)
      XCTAssertGreaterThan(CodecTestSupport.psnr(reduced, resized), 35, "1/\(reduction)")
    }
  }

  func testDecodingIsDeterministicAndFullSizeEqualsDecode() throws {
    let bytes = try jpeg(width: 640, height: 480)
    let wanted = PixelSize(width: 200, height: 100)
    let a = try ImageCodec.decode(bytes, name: "p.jpg", atLeast: wanted)
    let b = try ImageCodec.decode(bytes, name: "p.jpg", atLeast: wanted)
    XCTAssertEqual(size(a), PixelSize(width: 320, height: 240))
    XCTAssertEqual(a.pixels, b.pixels)
    let whole = try ImageCodec.decode(bytes, name: "p.jpg", atLeast: PixelSize(width: 640, height: 480))
    XCTAssertEqual(whole.pixels, try ImageCodec.decode(bytes, name: "p.jpg").pixels)
  }

  func testPNGIsDecodedWhole() throws {
    let image = CodecTestSupport.smoothImage(width: 400, height: 200)
    let png = try ImageCodec.encodePNG(image, keepAlpha: true)
    let decoded = try ImageCodec.decode(png, name: "p.png", atLeast: PixelSize(width: 40, height: 20))
    XCTAssertEqual(decoded.pixels, image.pixels)
  }

  func testBadInputIsRefusedWithTheName() throws {
    let bytes = try jpeg(width: 320, height: 240)
    let wanted = PixelSize(width: 40, height: 30)
    let cases: [(CaptchaError.Kind, String, () throws -> RGBAImage)] = [
      (
        .badData, "cut.jpg",
        { try ImageCodec.decode(Array(bytes.prefix(bytes.count / 2)), name: "cut.jpg", atLeast: wanted) }
      ),
      (
        .badData, "text.jpg",
        { try ImageCodec.decode(Array("hello".utf8), name: "text.jpg", atLeast: wanted) }
      ),
      (
        .badData, "big.jpg",
        { try ImageCodec.decode(bytes, name: "big.jpg", atLeast: wanted, maxPixels: 1000) }
      ),
      (
        .usage, "zero.jpg",
        { try ImageCodec.decode(bytes, name: "zero.jpg", atLeast: PixelSize(width: 0, height: 30)) }
      ),
    ]
    for (kind, name, body) in cases {
      XCTAssertThrowsError(try body(), name) { error in
        guard let e = error as? CaptchaError else { return XCTFail("not a CaptchaError: \(error)") }
        XCTAssertEqual(e.kind, kind, e.message)
        XCTAssertTrue(e.message.hasPrefix("\(name): "), e.message)
      }
    }
  }
}
