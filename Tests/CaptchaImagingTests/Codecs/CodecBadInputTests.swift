import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport
@testable import VectorRaster

/// Bad input to the codecs: not an image, truncated or corrupt data, headers claiming huge
/// sizes, missing files. Each gives a CaptchaError of the right kind naming the input.
final class CodecBadInputTests: XCTestCase {
  private func samplePNG() throws -> [UInt8] {
    try ImageCodec.encodePNG(CodecTestSupport.smoothImage(width: 61, height: 29), keepAlpha: true)
  }

  private func sampleJPEG(progressive: Bool = false) throws -> [UInt8] {
    let image = CodecTestSupport.smoothImage(width: 61, height: 29)
    return try ImageCodec.encodeJPEG(
      pixels: image.pixels, width: 61, height: 29, input: .rgba, quality: 90, progressive: progressive)
  }

  private func assertError(
    _ kind: CaptchaError.Kind, _ expected: String, exact: Bool = false,
    _ body: @autoclosure () throws -> Any, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try body(), file: file, line: line) { error in
      guard let e = error as? CaptchaError else {
        return XCTFail("not a CaptchaError: \(error)", file: file, line: line)
      }
      XCTAssertEqual(e.kind, kind, e.message, file: file, line: line)
      if exact {
        XCTAssertEqual(e.message, expected, file: file, line: line)
      } else {
        XCTAssertTrue(
          e.message.hasPrefix(expected), "\(e.message) should start with \(expected)", file: file, line: line)
      }
    }
  }

  func testSniffingUsesBytesNotNames() throws {
    let png = try samplePNG()
    let jpeg = try sampleJPEG()
    XCTAssertEqual(ImageFormat.sniff(png), .png)
    XCTAssertEqual(ImageFormat.sniff(jpeg), .jpeg)
    XCTAssertNil(ImageFormat.sniff(Array("GIF89a......".utf8)))
    XCTAssertNil(ImageFormat.sniff([]))
    XCTAssertNil(ImageFormat.sniff([0x89, 0x50, 0x4E]))
    // A PNG named .jpg and a JPEG named .png decode by what they are.
    XCTAssertEqual(try ImageCodec.decode(png, name: "photo.jpg").width, 61)
    XCTAssertEqual(try ImageCodec.decode(jpeg, name: "icon.png").width, 61)
  }

  func testNonImageIsBadData() {
    assertError(
      .badData, "bg.png: not a PNG, JPEG or WebP image", exact: true,
      try ImageCodec.decode(Array("hello".utf8), name: "bg.png"))
    assertError(
      .badData, "empty.png: not a PNG, JPEG or WebP image", exact: true,
      try ImageCodec.decode([], name: "empty.png"))
  }

  func testTruncatedPNGIsBadDataAtEveryCut() throws {
    let png = try samplePNG()
    // Cuts inside the signature sniff as "not an image"; every later cut is corrupt data.
    for cut in [4, 8, 12, 20, 33, 40, 60, png.count / 2, png.count - 13, png.count - 1] {
      let bytes = Array(png[0..<cut])
      let expected =
        cut < 8 ? "cut.png: not a PNG, JPEG or WebP image" : "cut.png: truncated or corrupt PNG data ("
      assertError(.badData, expected, try ImageCodec.decode(bytes, name: "cut.png"))
    }
  }

  func testTruncatedJPEGIsBadDataAtEveryCut() throws {
    for progressive in [false, true] {
      let jpeg = try sampleJPEG(progressive: progressive)
      for cut in [3, 10, 100, 300, jpeg.count / 2, jpeg.count - 40, jpeg.count - 2] {
        let bytes = Array(jpeg[0..<cut])
        assertError(
          .badData, "cut.jpg: truncated or corrupt JPEG data (", try ImageCodec.decode(bytes, name: "cut.jpg")
        )
      }
    }
  }

  func testCorruptPNGDataIsBadData() throws {
    var png = try samplePNG()
    png[png.count / 2] ^= 0xFF  // inside IDAT: CRC or zlib check fails
    assertError(
      .badData, "bad.png: truncated or corrupt PNG data (", try ImageCodec.decode(png, name: "bad.png"))
  }

  func testCorruptJPEGHeaderIsBadData() throws {
    var jpeg = try sampleJPEG()
    // Overwrite the first DQT/SOF area after the JFIF segment with junk marker data.
    for i in 20..<40 { jpeg[i] = 0xFF }
    assertError(
      .badData, "bad.jpg: truncated or corrupt JPEG data (", try ImageCodec.decode(jpeg, name: "bad.jpg"))
  }

  func testHugePNGHeaderIsRefusedBeforeAllocating() throws {
    let png = CodecTestSupport.pngClaiming(width: 100_000, height: 100_000, from: try samplePNG())
    let message =
      "bg.png: image is 100000×100000 (10000 MP), above the limit of 50 MP; raise the pixel limit to allow it"
    assertError(
      .badData, message, exact: true,
      try ImageCodec.decode(png, name: "bg.png", maxPixels: ImageCodec.defaultMaxPixels))
    // The size is still readable without decoding.
    let size = try ImageCodec.size(of: png, name: "bg.png")
    XCTAssertEqual([size.width, size.height], [100_000, 100_000])
  }

  func testHugeJPEGHeaderIsRefusedBeforeDecompressing() throws {
    var jpeg = try sampleJPEG()
    // Find SOF0 (FF C0) and patch height/width (bytes 5–8 of the segment) to 60000×60000.
    guard let sof = (2..<(jpeg.count - 1)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) else {
      return XCTFail("no SOF0")
    }
    for offset in [5, 7] {
      jpeg[sof + offset] = UInt8(60_000 >> 8)
      jpeg[sof + offset + 1] = UInt8(60_000 & 0xFF)
    }
    let message =
      "big.jpg: image is 60000×60000 (3600 MP), above the limit of 50 MP; raise the pixel limit to allow it"
    assertError(.badData, message, exact: true, try ImageCodec.decode(jpeg, name: "big.jpg"))
  }

  func testLimitIsConfigurable() throws {
    let png = try samplePNG()  // 61×29 = 1769 pixels
    XCTAssertNoThrow(try ImageCodec.decode(png, name: "s.png", maxPixels: 1769))
    assertError(
      .badData,
      "s.png: image is 61×29 (1769 pixels), above the limit of 1768 pixels; raise the pixel limit to allow it",
      exact: true, try ImageCodec.decode(png, name: "s.png", maxPixels: 1768))
    assertError(
      .badData, "s.jpg: image is 61×29",
      try ImageCodec.decode(try sampleJPEG(), name: "s.jpg", maxPixels: 1000))
    assertError(
      .usage, "s.png: the pixel limit must be at least 1",
      try ImageCodec.decode(png, name: "s.png", maxPixels: 0))
  }

  func testMegapixelWording() {
    XCTAssertEqual(CodecFailure.megapixels(50_000_000), "50 MP")
    XCTAssertEqual(CodecFailure.megapixels(2_073_600), "2.07 MP")
    XCTAssertEqual(CodecFailure.megapixels(12_500_000), "12.5 MP")
    XCTAssertEqual(CodecFailure.megapixels(9_999), "9999 pixels")
  }

  func testMissingFileAndDirectory() throws {
    let dir = NSTemporaryDirectory() + "codec-tests-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertError(
      .missingInput, "\(dir)/nope.png: no such file", exact: true,
      try ImageCodec.readFile(path: "\(dir)/nope.png"))
    assertError(
      .missingInput, "\(dir)/nope/x.png: no such file", exact: true,
      try ImageCodec.decodeFile(path: "\(dir)/nope/x.png"))
    assertError(.missingInput, "\(dir): is a directory", try ImageCodec.readFile(path: dir))
  }

  func testDecodeFileReturnsTheFileBytes() throws {
    let dir = NSTemporaryDirectory() + "codec-tests-file-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let png = try samplePNG()
    let path = dir + "/bg.jpeg"  // misleading extension on purpose
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(png)))
    let (image, bytes) = try ImageCodec.decodeFile(path: path)
    XCTAssertEqual(bytes, png)
    XCTAssertEqual([image.width, image.height], [61, 29])
    let text = dir + "/notes.png"
    XCTAssertTrue(FileManager.default.createFile(atPath: text, contents: Data("not an image".utf8)))
    assertError(
      .badData, "\(text): not a PNG, JPEG or WebP image", exact: true, try ImageCodec.decodeFile(path: text))
  }
}
