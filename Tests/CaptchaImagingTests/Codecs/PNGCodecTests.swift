import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport
@testable import VectorRaster

/// PNG encode → decode on generated images of awkward sizes, and the fixed-settings promise.
final class PNGCodecTests: XCTestCase {
  private let oddSizes = [(1, 1), (3, 7), (257, 5), (5, 257)]

  /// Chunk types in file order.
  private func chunkTypes(_ png: [UInt8]) -> [String] { CodecTestSupport.pngChunks(png).map(\.type) }

  func testRGBARoundTripIsExact() throws {
    for (i, (w, h)) in oddSizes.enumerated() {
      let image = CodecTestSupport.randomRGBA(width: w, height: h, seed: UInt64(10 + i))
      let png = try ImageCodec.encodePNG(image, keepAlpha: true)
      XCTAssertEqual(png[25], 6, "colour type RGBA")
      XCTAssertEqual(try ImageCodec.decode(png, name: "rt.png"), image, "\(w)×\(h)")
    }
  }

  func testRGBRoundTripOfOpaqueImageIsExact() throws {
    for (i, (w, h)) in oddSizes.enumerated() {
      var image = CodecTestSupport.randomRGBA(width: w, height: h, seed: UInt64(20 + i))
      for a in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[a] = 255 }
      let png = try ImageCodec.encodePNG(image, keepAlpha: false)
      XCTAssertEqual(png[25], 2, "colour type RGB")
      XCTAssertEqual(try ImageCodec.decode(png, name: "rt.png"), image, "\(w)×\(h)")
    }
  }

  func testDroppingAlphaFlattensOverWhite() throws {
    let image = RGBAImage(width: 3, height: 1, pixels: [10, 20, 30, 0, 200, 100, 0, 128, 1, 2, 3, 255])
    let decoded = try ImageCodec.decode(try ImageCodec.encodePNG(image, keepAlpha: false), name: "f.png")
    XCTAssertEqual(decoded.pixels, [255, 255, 255, 255, 227, 177, 127, 255, 1, 2, 3, 255])
  }

  func testGrayRoundTripIsExact() throws {
    for (i, (w, h)) in oddSizes.enumerated() {
      var noise = CodecTestSupport.Noise(seed: UInt64(30 + i))
      let gray = (0..<(w * h)).map { _ in noise.byte() }
      let png = try ImageCodec.encodeGrayPNG(width: w, height: h, pixels: gray)
      XCTAssertEqual(png[25], 0, "colour type gray")
      XCTAssertEqual(png[24], 8, "bit depth 8")
      let decoded = try ImageCodec.decode(png, name: "g.png")
      XCTAssertEqual(decoded.pixels, gray.flatMap { [$0, $0, $0, 255] }, "\(w)×\(h)")
    }
  }

  func testGrayRejectsWrongPixelCount() {
    XCTAssertThrowsError(try ImageCodec.encodeGrayPNG(width: 4, height: 4, pixels: [0, 1])) {
      XCTAssertEqual(($0 as? CaptchaError)?.kind, .usage)
    }
  }

  func testEncodingIsByteIdenticalAndHasNoAncillaryChunks() throws {
    let image = CodecTestSupport.smoothImage(width: 101, height: 37)
    let first = try ImageCodec.encodePNG(image, keepAlpha: true)
    let second = try ImageCodec.encodePNG(image, keepAlpha: true)
    XCTAssertEqual(first, second)
    XCTAssertEqual(
      try ImageCodec.encodePNG(image, keepAlpha: false), try ImageCodec.encodePNG(image, keepAlpha: false))
    let gray = [UInt8](repeating: 7, count: 12)
    XCTAssertEqual(
      try ImageCodec.encodeGrayPNG(width: 4, height: 3, pixels: gray),
      try ImageCodec.encodeGrayPNG(width: 4, height: 3, pixels: gray))
    let types = Set(chunkTypes(first))
    XCTAssertEqual(types, ["IHDR", "IDAT", "IEND"], "no tIME, gAMA, sRGB or text chunks")
  }

  /// Data larger than one IDAT chunk is split into 32 KB IDATs (libpng's size), and every
  /// chunk's CRC holds (libpng checks them when decoding).
  func testLargeImagesSplitIntoFullIDATChunksAndRoundTrip() throws {
    let image = CodecTestSupport.randomRGBA(width: 200, height: 150, seed: 44)
    let png = try ImageCodec.encodePNG(image, keepAlpha: true)
    let idats = CodecTestSupport.pngChunks(png).filter { $0.type == "IDAT" }
    XCTAssertGreaterThan(idats.count, 2)
    XCTAssertEqual(Set(idats.dropLast().map { $0.range.count - 12 }), [32768], "full chunks but the last")
    XCTAssertEqual(try ImageCodec.decode(png, name: "big.png"), image)
  }

  /// A picture whose decode buffer is large enough to be advised to huge pages (`HugePages`,
  /// 8 MiB and more) decodes to exactly the pixels encoded, in full 2 MiB pages and the partial
  /// ones at either end alike.
  func testPictureDecodedIntoHugePagesRoundTrips() throws {
    let (width, height) = (1601, 1401)
    XCTAssertGreaterThanOrEqual(width * height * 4, HugePages.worthwhile)
    let image = CodecTestSupport.randomRGBA(width: width, height: height, seed: 45)
    let png = try ImageCodec.encodePNG(image, keepAlpha: true)
    XCTAssertEqual(try ImageCodec.decode(png, name: "huge.png"), image)
  }

  func testEmptyImageCannotBeEncoded() {
    XCTAssertThrowsError(
      try ImageCodec.encodePNG(RGBAImage(width: 0, height: 0, pixels: []), keepAlpha: true)
    ) {
      XCTAssertEqual(($0 as? CaptchaError)?.kind, .usage)
    }
  }
}
