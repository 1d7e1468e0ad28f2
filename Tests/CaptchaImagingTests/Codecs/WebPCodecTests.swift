import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport
@testable import VectorRaster

/// WebP encode → decode on generated images: lossless exactness (alpha and the colour under it
/// included), lossy quality, the fixed-settings promise, and bad input.
final class WebPCodecTests: XCTestCase {
  func testLosslessRoundTripIsExactWithAlpha() throws {
    var image = CodecTestSupport.randomRGBA(width: 67, height: 29, seed: 7)
    for i in stride(from: 3, to: image.pixels.count, by: 12) { image.pixels[i] = 0 }
    let webp = try ImageCodec.encodeWebP(image, quality: nil, keepAlpha: true)
    XCTAssertEqual(ImageFormat.sniff(webp), .webp)
    XCTAssertEqual(try ImageCodec.decode(webp, name: "exact.webp"), image)
  }

  func testOpaqueLosslessDropsAlphaAfterFlatteningOverWhite() throws {
    var image = CodecTestSupport.smoothImage(width: 40, height: 20)
    image.pixels[3] = 0  // one transparent pixel: it becomes white
    let back = try ImageCodec.decode(try ImageCodec.encodeWebP(image, quality: nil), name: "flat.webp")
    XCTAssertTrue(back.isOpaque)
    XCTAssertEqual(Array(back.pixels[0..<4]), [255, 255, 255, 255])
    XCTAssertEqual(Array(back.pixels[4...]), Array(image.pixels[4...]))
  }

  func testQuality90SmoothImageRoundTripsAbove35dBAndIsSmallerThanPNG() throws {
    for (w, h) in [(320, 160), (1, 1), (31, 17)] {
      let image = CodecTestSupport.smoothImage(width: w, height: h)
      let webp = try ImageCodec.encodeWebP(image, quality: 90)
      let back = try ImageCodec.decode(webp, name: "smooth.webp")
      XCTAssertEqual([back.width, back.height], [w, h])
      XCTAssertGreaterThan(CodecTestSupport.psnr(image, back), 35, "\(w)×\(h)")
      if w > 100 { XCTAssertLessThan(webp.count, try ImageCodec.encodePNG(image, keepAlpha: false).count) }
    }
  }

  func testLowerQualityIsSmallerAndWorse() throws {
    let image = CodecTestSupport.smoothImage(width: 160, height: 96)
    let high = try ImageCodec.encodeWebP(image, quality: 95)
    let low = try ImageCodec.encodeWebP(image, quality: 20)
    XCTAssertLessThan(low.count, high.count)
    XCTAssertLessThan(
      CodecTestSupport.psnr(image, try ImageCodec.decode(low, name: "l.webp")),
      CodecTestSupport.psnr(image, try ImageCodec.decode(high, name: "h.webp")))
  }

  func testEncodingIsByteIdentical() throws {
    let image = CodecTestSupport.randomRGBA(width: 99, height: 45, seed: 3)
    XCTAssertEqual(
      try ImageCodec.encodeWebP(image, quality: 80), try ImageCodec.encodeWebP(image, quality: 80))
    XCTAssertEqual(
      try ImageCodec.encodeWebP(image, quality: nil), try ImageCodec.encodeWebP(image, quality: nil))
  }

  func testBadQualityAndSizeAreUsageErrors() {
    let image = CodecTestSupport.smoothImage(width: 8, height: 8)
    for quality in [0, 101, -5] {
      XCTAssertThrowsError(try ImageCodec.encodeWebP(image, quality: quality)) { error in
        XCTAssertEqual((error as? CaptchaError)?.kind, .usage)
        XCTAssertEqual(message(error), "WebP quality must be between 1 and 100, not \(quality)")
      }
    }
    let wide = RGBAImage(width: 16_384, height: 1, pixels: [UInt8](repeating: 255, count: 16_384 * 4))
    XCTAssertThrowsError(try ImageCodec.encodeWebP(wide, quality: 90)) { error in
      XCTAssertEqual(
        message(error), "cannot encode a 16384×1 image as WebP (each side must be 1 to 16383 pixels)")
    }
  }

  func testTruncatedWebPIsBadDataAtEveryCut() throws {
    let webp = try ImageCodec.encodeWebP(
      CodecTestSupport.randomRGBA(width: 50, height: 30, seed: 1), quality: 70)
    for cut in [4, 11, 12, 20, 30, webp.count / 2, webp.count - 1] {
      let expected =
        cut < 12 ? "cut.webp: not a PNG, JPEG or WebP image" : "cut.webp: truncated or corrupt WebP data ("
      XCTAssertThrowsError(try ImageCodec.decode(Array(webp[0..<cut]), name: "cut.webp"), "cut at \(cut)") {
        error in
        XCTAssertEqual((error as? CaptchaError)?.kind, .badData)
        XCTAssertTrue(message(error).hasPrefix(expected), "cut at \(cut): \(error)")
      }
    }
  }

  func testAnimatedWebPIsRefusedWithASentence() throws {
    // An extended (VP8X) header whose flags say "animation": refused before any frame is read.
    var vp8x: [UInt8] = Array("VP8X".utf8) + [10, 0, 0, 0, 0x02, 0, 0, 0]
    vp8x += [9, 0, 0, 9, 0, 0]  // canvas 10×10 (minus one, 24-bit little endian)
    let anim: [UInt8] = Array("ANIM".utf8) + [6, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    let body = Array("WEBP".utf8) + vp8x + anim
    let size = UInt32(body.count)
    let riff = Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0] + body
    XCTAssertThrowsError(try ImageCodec.decode(riff, name: "moving.webp")) { error in
      XCTAssertEqual((error as? CaptchaError)?.kind, .badData)
      XCTAssertEqual(message(error), "moving.webp: animated WebP is not supported (give one still picture)")
    }
  }

  func testPixelLimitIsCheckedBeforeDecoding() throws {
    let webp = try ImageCodec.encodeWebP(CodecTestSupport.smoothImage(width: 200, height: 100), quality: 60)
    XCTAssertThrowsError(try ImageCodec.decode(webp, name: "big.webp", maxPixels: 19_999)) { error in
      XCTAssertEqual((error as? CaptchaError)?.kind, .badData)
      XCTAssertTrue(
        message(error).hasPrefix("big.webp: image is 200×100 (0.02 MP), above the limit of"), message(error))
    }
    XCTAssertEqual(try ImageCodec.size(of: webp, name: "big.webp").width, 200)
  }

  private func message(_ error: any Error) -> String { (error as? CaptchaError)?.message ?? "\(error)" }
}
