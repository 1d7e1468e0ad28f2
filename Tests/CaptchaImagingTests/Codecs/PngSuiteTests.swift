import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport
@testable import VectorRaster

/// Decodes every image in Fixtures/pngsuite (PngSuite plus libpng's test and crasher images).
final class PngSuiteTests: XCTestCase {
  /// Every PNG under the folder, as paths relative to it, sorted.
  private func allFiles(_ root: String) throws -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var files: [String] = []
    while let path = walker.nextObject() as? String {
      if path.hasSuffix(".png") { files.append(path) }
    }
    return files.sorted()
  }

  private func isKnownBad(_ path: String) -> Bool {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasPrefix("x") || path.contains("crashers/")
  }

  private func decode(_ root: String, _ path: String) throws -> RGBAImage {
    try ImageCodec.decodeFile(path: root + "/" + path).image
  }

  /// Width, height, bit depth, colour type, and whether a tRNS chunk is present, read
  /// straight from the file's bytes.
  private func header(_ bytes: [UInt8]) -> (width: Int, height: Int, colorType: UInt8, hasTRNS: Bool) {
    let hasTRNS = CodecTestSupport.pngChunks(bytes).contains { $0.type == "tRNS" }
    return (
      CodecTestSupport.bigEndian32(bytes, at: 16), CodecTestSupport.bigEndian32(bytes, at: 20), bytes[25],
      hasTRNS
    )
  }

  func testEveryGoodFileDecodesAtItsHeaderSize() throws {
    let root = try CodecTestSupport.requirePngSuite()
    let good = try allFiles(root).filter { !isKnownBad($0) }
    XCTAssertGreaterThan(good.count, 150, "expected the whole PngSuite folder")
    for path in good {
      let (image, bytes) = try ImageCodec.decodeFile(path: root + "/" + path)
      let h = header(bytes)
      XCTAssertEqual(image.width, h.width, path)
      XCTAssertEqual(image.height, h.height, path)
      XCTAssertEqual(image.pixels.count, h.width * h.height * 4, path)
      if h.colorType != 4 && h.colorType != 6 && !h.hasTRNS {
        XCTAssertTrue(image.isOpaque, "\(path) has no alpha channel and no tRNS, yet decoded translucent")
      }
    }
  }

  func testBasicSuiteFilesAre32By32() throws {
    let root = try CodecTestSupport.requirePngSuite()
    for path in try allFiles(root) where path.hasPrefix("basn") || path.hasPrefix("ibasn") {
      let image = try decode(root, path)
      XCTAssertEqual([image.width, image.height], [32, 32], path)
    }
  }

  func testOneBitGrayIsPureBlackAndWhite() throws {
    let root = try CodecTestSupport.requirePngSuite()
    let image = try decode(root, "basn0g01.png")
    var black = 0
    var white = 0
    for i in stride(from: 0, to: image.pixels.count, by: 4) {
      let px = Array(image.pixels[i..<(i + 4)])
      if px == [0, 0, 0, 255] {
        black += 1
      } else if px == [255, 255, 255, 255] {
        white += 1
      } else {
        XCTFail("basn0g01 pixel \(i / 4) is \(px), not black or white")
        return
      }
    }
    XCTAssertGreaterThan(black, 100)
    XCTAssertGreaterThan(white, 100)
    XCTAssertEqual(Array(image.pixels[0..<4]), [255, 255, 255, 255], "top-left of basn0g01 is white")
  }

  func testEightBitGrayWithoutGammaKeepsStoredValues() throws {
    // ibasn0g08 has no gAMA chunk, so stored samples pass through unchanged. Reference
    // samples read with libpng's classic API: row 0 is 0, 1, 2, …, row 5 starts 160, 161, ….
    let root = try CodecTestSupport.requirePngSuite()
    let image = try decode(root, "ibasn0g08.png")
    func gray(_ x: Int, _ y: Int) -> [UInt8] {
      let i = (y * 32 + x) * 4
      return Array(image.pixels[i..<(i + 4)])
    }
    for x in 0..<32 { XCTAssertEqual(gray(x, 0), [UInt8(x), UInt8(x), UInt8(x), 255], "(\(x), 0)") }
    for x in 0..<4 { XCTAssertEqual(gray(x, 5), [UInt8(160 + x), UInt8(160 + x), UInt8(160 + x), 255]) }
    for i in stride(from: 0, to: image.pixels.count, by: 4) {
      XCTAssertTrue(image.pixels[i] == image.pixels[i + 1] && image.pixels[i] == image.pixels[i + 2])
    }
  }

  func testLinearGammaIsConvertedForDisplay() throws {
    // basn0g08 has the same samples as ibasn0g08 but declares gAMA 1.0 (linear light), so the
    // decoded, display-encoded values are brighter except at black and white, and in order.
    let root = try CodecTestSupport.requirePngSuite()
    let linear = try decode(root, "basn0g08.png")
    let stored = try decode(root, "ibasn0g08.png")
    var previous: (stored: UInt8, shown: UInt8) = (0, 0)
    var brighter = 0
    for i in stride(from: 0, to: stored.pixels.count, by: 4) {
      let s = stored.pixels[i]
      let shown = linear.pixels[i]
      if s > 0 && s < 255 && shown > s { brighter += 1 }
      if s > previous.stored { XCTAssertGreaterThanOrEqual(shown, previous.shown) }
      previous = (s, shown)
    }
    XCTAssertGreaterThan(brighter, 900)
  }

  /// `bytes` without any chunk of the given type (each chunk carries its own CRC, so the
  /// rest stays valid).
  private func removingChunks(_ type: String, from bytes: [UInt8]) -> [UInt8] {
    CodecTestSupport.pngChunks(bytes).filter { $0.type != type }.reduce(Array(bytes[0..<8])) {
      $0 + bytes[$1.range]
    }
  }

  /// PngSuite's interlaced files hold the same samples as the non-interlaced ones but carry no
  /// gAMA chunk, so they are compared with gAMA removed from the plain file. The 16-bit ones
  /// guard against libpng issue #853 (png_image_finish_read garbles interlaced 16-bit rows).
  func testInterlacedCopiesDecodeIdentically() throws {
    let root = try CodecTestSupport.requirePngSuite()
    let pairs = [
      ("basn0g16.png", "ibasn0g16.png"), ("basn2c16.png", "ibasn2c16.png"),
      ("basn4a16.png", "ibasn4a16.png"), ("basn6a16.png", "ibasn6a16.png"),
      ("ftbwn0g16.png", "iftbwn0g16.png"), ("basn0g08.png", "ibasn0g08.png"),
      ("basn6a08.png", "ibasn6a08.png"), ("basn3p08.png", "ibasn3p08.png"),
      ("basn0g01.png", "interlaced/ibasn0g01.png"), ("basn3p04.png", "interlaced/ibasn3p04.png"),
      ("ftbbn0g01.png", "interlaced/iftbbn0g01.png"),
    ]
    for (plain, interlaced) in pairs {
      let plainBytes = removingChunks("gAMA", from: try ImageCodec.readFile(path: root + "/" + plain))
      XCTAssertEqual(
        try ImageCodec.decode(plainBytes, name: plain), try decode(root, interlaced),
        "\(plain) vs \(interlaced)")
    }
  }

  func testBackgroundChunkDoesNotChangeDecodedPixels() throws {
    // ftb{b,g,w,y}n3p08 differ only in their bKGD chunk; RGBA output keeps alpha instead.
    let root = try CodecTestSupport.requirePngSuite()
    let black = try decode(root, "ftbbn3p08.png")
    for other in ["ftbgn3p08.png", "ftbwn3p08.png", "ftbyn3p08.png"] {
      XCTAssertEqual(try decode(root, other), black, other)
    }
    XCTAssertEqual(try decode(root, "ftbgn2c16.png"), try decode(root, "ftbbn2c16.png"))
  }

  func testFilesWithoutColorInfoMatchTheirSRGBTwins() throws {
    let root = try CodecTestSupport.requirePngSuite()
    // No gAMA/sRGB chunk means sRGB at every bit depth, as browsers show such files
    // (libpng's own default would take 16-bit data as linear).
    let bases = [
      "gray-8", "rgb-8", "palette-8", "gray-alpha-8", "rgb-alpha-8", "gray-16", "rgb-16", "rgb-alpha-16",
    ]
    for base in bases {
      XCTAssertEqual(
        try decode(root, "testpngs/\(base).png"), try decode(root, "testpngs/\(base)-sRGB.png"), base)
    }
    XCTAssertNotEqual(
      try decode(root, "testpngs/gray-16.png"), try decode(root, "testpngs/gray-16-linear.png"))
  }

  func testTransparencyChunksGiveTranslucentPixels() throws {
    let root = try CodecTestSupport.requirePngSuite()
    var files = try allFiles(root).filter { path in
      let name = path.split(separator: "/").last.map(String.init) ?? path
      return name.hasPrefix("ftb") || name.hasPrefix("iftb") || name.hasPrefix("ftp1")
    }
    // 8-bit-and-below tRNS files from libpng's generator (16-bit ones never hit their key).
    for depth in [1, 2, 4, 8] {
      files += ["gray", "palette"].map { "testpngs/\($0)-\(depth)-tRNS.png" }
    }
    files.append("testpngs/rgb-8-tRNS.png")
    XCTAssertGreaterThan(files.count, 30)
    for path in files {
      XCTAssertFalse(try decode(root, path).isOpaque, "\(path) has tRNS but decoded fully opaque")
    }
    XCTAssertFalse(try decode(root, "basn4a08.png").isOpaque)
    XCTAssertFalse(try decode(root, "basn6a16.png").isOpaque)
  }

  func testPaletteFilesMapThroughThePalette() throws {
    // palette-1.png is 2×1 with palette entries red then white (libpng's makepng).
    let root = try CodecTestSupport.requirePngSuite()
    let image = try decode(root, "testpngs/palette-1.png")
    XCTAssertEqual(image.pixels, [255, 0, 0, 255, 255, 255, 255, 255])
    let withTRNS = try decode(root, "testpngs/palette-1-tRNS.png")
    XCTAssertEqual(withTRNS.pixels[3], 0, "palette entry 0 is transparent in the tRNS variant")
  }

  /// libpng's crasher images (and any PngSuite x*.png) must give a clean .badData error
  /// naming the file, never a crash. empty_ancillary_chunks.png is the exception: its empty
  /// chunks are optional ones, which libpng skips, and the 1×1 image itself is valid.
  func testCrashersAndBrokenFilesGiveErrors() throws {
    let root = try CodecTestSupport.requirePngSuite()
    let bad = try allFiles(root).filter(isKnownBad)
    XCTAssertGreaterThan(bad.count, 20)
    for path in bad {
      let full = root + "/" + path
      if path.hasSuffix("empty_ancillary_chunks.png") {
        let image = try decode(root, path)
        XCTAssertEqual([image.width, image.height], [1, 1])
        continue
      }
      XCTAssertThrowsError(try ImageCodec.decodeFile(path: full), path) { error in
        let e = error as? CaptchaError
        XCTAssertEqual(e?.kind, .badData, path)
        XCTAssertTrue(e?.message.hasPrefix("\(full): truncated or corrupt PNG data (") ?? false, "\(error)")
      }
    }
  }
}
