import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport
@testable import VectorRaster

/// JPEG encode → decode on generated images: colour, grayscale, progressive, CMYK and YCCK
/// (Adobe inverted), and the fixed-settings promise.
final class JPEGCodecTests: XCTestCase {
  func testQuality90SmoothImageRoundTripsAbove35dB() throws {
    for (w, h) in [(257, 131), (1, 1), (31, 17)] {
      let image = CodecTestSupport.smoothImage(width: w, height: h)
      let jpeg = try ImageCodec.encodeJPEG(image, quality: 90)
      XCTAssertEqual(ImageFormat.sniff(jpeg), .jpeg)
      let back = try ImageCodec.decode(jpeg, name: "smooth.jpg")
      XCTAssertEqual([back.width, back.height], [w, h])
      XCTAssertTrue(back.isOpaque)
      let psnr = CodecTestSupport.psnr(image, back)
      XCTAssertGreaterThan(psnr, 35, "\(w)×\(h): \(psnr) dB")
    }
  }

  func testLowerQualityIsSmallerAndWorse() throws {
    let image = CodecTestSupport.smoothImage(width: 160, height: 96)
    let high = try ImageCodec.encodeJPEG(image, quality: 95)
    let low = try ImageCodec.encodeJPEG(image, quality: 20)
    XCTAssertLessThan(low.count, high.count)
    XCTAssertLessThan(
      CodecTestSupport.psnr(image, try ImageCodec.decode(low, name: "l.jpg")),
      CodecTestSupport.psnr(image, try ImageCodec.decode(high, name: "h.jpg")))
  }

  func testEncodingIsByteIdentical() throws {
    let image = CodecTestSupport.smoothImage(width: 99, height: 45)
    XCTAssertEqual(
      try ImageCodec.encodeJPEG(image, quality: 90), try ImageCodec.encodeJPEG(image, quality: 90))
  }

  /// Giving rows back as they are encoded (after packing the pixels into RGB in place) changes no
  /// byte: on pictures spanning many memory pages (the rows are released), on noise (every colour
  /// conversion's rounding) and on a transparent one (flattened into a copy first).
  func testReleasingEncodeGivesTheSameBytes() throws {
    for (w, h, q) in [(1003, 301, 90), (640, 480, 75), (5, 3, 90)] {
      let expected = try ImageCodec.encodeJPEG(CodecTestSupport.smoothImage(width: w, height: h), quality: q)
      let released = try ImageCodec.encodeJPEG(
        releasing: CodecTestSupport.smoothImage(width: w, height: h), quality: q)
      XCTAssertEqual(released, expected, "\(w)×\(h) at quality \(q)")
    }
    var rng = Xoshiro256StarStar(seed: 17, stream: 4)
    var noise = RGBAImage(width: 517, height: 263)
    for i in noise.pixels.indices { noise.pixels[i] = i % 4 == 3 ? 255 : UInt8(rng.nextInt(in: 0...255)) }
    XCTAssertEqual(
      try ImageCodec.encodeJPEG(releasing: noise, quality: 95), try ImageCodec.encodeJPEG(noise, quality: 95))
    var clear = CodecTestSupport.smoothImage(width: 700, height: 200)
    for i in stride(from: 3, to: clear.pixels.count, by: 8) { clear.pixels[i] = 90 }
    XCTAssertEqual(
      try ImageCodec.encodeJPEG(releasing: clear, quality: 90), try ImageCodec.encodeJPEG(clear, quality: 90))
  }

  /// A picture the caller still holds is copied before its rows are given back, so it stays whole.
  func testReleasingEncodeLeavesAHeldPictureIntact() throws {
    let picture = CodecTestSupport.smoothImage(width: 1200, height: 400)
    let bytes = try ImageCodec.encodeJPEG(releasing: picture, quality: 90)
    XCTAssertEqual(picture, CodecTestSupport.smoothImage(width: 1200, height: 400))
    XCTAssertEqual(bytes, try ImageCodec.encodeJPEG(picture, quality: 90))
  }

  func testQualityOutOfRangeIsAUsageError() {
    let image = RGBAImage(width: 2, height: 2)
    for q in [0, 101, -5] {
      XCTAssertThrowsError(try ImageCodec.encodeJPEG(image, quality: q)) {
        XCTAssertEqual(($0 as? CaptchaError)?.kind, .usage)
      }
    }
  }

  func testTransparentPixelsAreFlattenedOverWhite() throws {
    var image = RGBAImage(width: 16, height: 16, fill: (0, 0, 0, 0))
    for i in stride(from: 0, to: 8 * 16 * 4, by: 4) { image.pixels[i + 3] = 255 }  // top half opaque black
    let back = try ImageCodec.decode(try ImageCodec.encodeJPEG(image, quality: 90), name: "t.jpg")
    XCTAssertLessThan(back.pixels[0], 10, "opaque black stays black")
    let bottom = (15 * 16 + 8) * 4
    XCTAssertGreaterThan(back.pixels[bottom], 245, "transparent becomes white")
  }

  func testGrayscaleJPEGDecodesToEqualChannels() throws {
    let (w, h) = (45, 23)
    let gray = (0..<(w * h)).map { UInt8(($0 % w) * 255 / (w - 1)) }
    let jpeg = try ImageCodec.encodeJPEG(pixels: gray, width: w, height: h, input: .gray, quality: 92)
    let back = try ImageCodec.decode(jpeg, name: "gray.jpg")
    XCTAssertEqual([back.width, back.height], [w, h])
    var worst = 0
    for p in 0..<(w * h) {
      let px = back.pixels[(p * 4)..<(p * 4 + 4)].map(Int.init)
      XCTAssertTrue(px[0] == px[1] && px[1] == px[2] && px[3] == 255)
      worst = max(worst, abs(px[0] - Int(gray[p])))
    }
    XCTAssertLessThan(worst, 12)
  }

  func testProgressiveDecodesLikeBaseline() throws {
    // Progressive coding only reorders the same coefficients, so the pixels are identical.
    let image = CodecTestSupport.smoothImage(width: 123, height: 77)
    let baseline = try ImageCodec.encodeJPEG(
      pixels: image.pixels, width: 123, height: 77, input: .rgba, quality: 85)
    let progressive = try ImageCodec.encodeJPEG(
      pixels: image.pixels, width: 123, height: 77, input: .rgba, quality: 85, progressive: true)
    XCTAssertNotEqual(baseline, progressive)
    XCTAssertTrue(progressive.contains(0xC2), "has an SOF2 marker byte")
    XCTAssertEqual(
      try ImageCodec.decode(progressive, name: "p.jpg"), try ImageCodec.decode(baseline, name: "b.jpg"))
  }

  /// Four 16×16 patches in Adobe (inverted) CMYK: stored value = 255 − ink.
  private func cmykPatches() -> (cmyk: [UInt8], expected: [[UInt8]]) {
    // ink (C, M, Y, K) → expected RGB = (255−C)(255−K)/255 …
    let inks: [[Int]] = [[0, 255, 255, 0], [255, 0, 255, 0], [0, 0, 0, 128], [0, 0, 255, 0]]
    let expected: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [127, 127, 127], [255, 255, 0]]
    var px: [UInt8] = []
    for y in 0..<32 {
      for x in 0..<32 {
        let ink = inks[(y / 16) * 2 + x / 16]
        px += ink.map { UInt8(255 - $0) }
      }
    }
    return (px, expected)
  }

  private func assertPatches(
    _ image: RGBAImage, _ expected: [[UInt8]], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual([image.width, image.height], [32, 32], file: file, line: line)
    for (k, rgb) in expected.enumerated() {
      let (x, y) = ((k % 2) * 16 + 8, (k / 2) * 16 + 8)
      let i = (y * 32 + x) * 4
      for c in 0..<3 {
        XCTAssertLessThan(
          abs(Int(image.pixels[i + c]) - Int(rgb[c])), 8, "patch \(k) channel \(c)", file: file, line: line)
      }
      XCTAssertEqual(image.pixels[i + 3], 255, file: file, line: line)
    }
  }

  func testAdobeCMYKJPEGDecodesToRGB() throws {
    let (cmyk, expected) = cmykPatches()
    let jpeg = try ImageCodec.encodeJPEG(pixels: cmyk, width: 32, height: 32, input: .cmyk, quality: 95)
    XCTAssertNotNil(findAdobeMarker(jpeg), "writer adds the Adobe APP14 marker")
    assertPatches(try ImageCodec.decode(jpeg, name: "cmyk.jpg"), expected)
  }

  func testAdobeYCCKJPEGDecodesToRGB() throws {
    let (cmyk, expected) = cmykPatches()
    let jpeg = try ImageCodec.encodeJPEG(pixels: cmyk, width: 32, height: 32, input: .ycck, quality: 95)
    XCTAssertEqual(findAdobeMarker(jpeg), 2, "Adobe transform 2 means YCCK")
    assertPatches(try ImageCodec.decode(jpeg, name: "ycck.jpg"), expected)
  }

  /// The transform byte of the APP14 "Adobe" segment, if any.
  private func findAdobeMarker(_ jpeg: [UInt8]) -> UInt8? {
    var i = 2
    while i + 4 < jpeg.count && jpeg[i] == 0xFF {
      let marker = jpeg[i + 1]
      let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
      if marker == 0xEE && jpeg[(i + 4)..<(i + 9)].elementsEqual(Array("Adobe".utf8)) {
        return jpeg[i + 2 + length - 1]
      }
      if marker == 0xDA { break }
      i += 2 + length
    }
    return nil
  }
}
