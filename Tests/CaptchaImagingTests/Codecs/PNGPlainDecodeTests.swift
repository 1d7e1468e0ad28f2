import CCodecs
import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport

/// The shim's fast path for plain 8-bit RGB/RGBA PNGs (ccodecs_png_plain.c), which `ImageCodec`
/// uses by giving the decode a row of spare bytes: every file must come out exactly as libpng
/// alone decodes it (a buffer without the spare bytes), same pixels or same error.
final class PNGPlainDecodeTests: XCTestCase {
  /// What a decode gave: the pixels, or the shim's status and message.
  enum Outcome: Equatable {
    case pixels(width: Int, height: Int, [UInt8])
    case failed(Int, String)
  }

  /// libpng alone: the buffer holds exactly the pixels, so the fast path never runs.
  private func libpngDecode(_ bytes: [UInt8]) -> Outcome {
    var width: UInt32 = 0
    var height: UInt32 = 0
    var message = [CChar](repeating: 0, count: 256)
    var status = bytes.withUnsafeBufferPointer {
      cc_png_read_size($0.baseAddress, $0.count, &width, &height, &message, 256)
    }
    guard status == CC_OK else { return .failed(Int(status.rawValue), String(cString: message)) }
    let count = Int(width) * Int(height) * 4
    var pixels = [UInt8](repeating: 0, count: count)
    status = bytes.withUnsafeBufferPointer { data in
      pixels.withUnsafeMutableBufferPointer { out in
        cc_png_decode_rgba(
          data.baseAddress, data.count, UInt64(ImageCodec.defaultMaxPixels), out.baseAddress, count, &width,
          &height, &message, 256)
      }
    }
    guard status == CC_OK else { return .failed(Int(status.rawValue), String(cString: message)) }
    return .pixels(width: Int(width), height: Int(height), pixels)
  }

  /// `ImageCodec`, which takes the fast path for plain files.
  private func codecDecode(_ bytes: [UInt8]) -> Outcome {
    do {
      let image = try ImageCodec.decode(bytes, name: "x")
      return .pixels(width: image.width, height: image.height, image.pixels)
    } catch {
      // Same status and message as libpng's: compare the message the error carries.
      return .failed(-1, "\(error)")
    }
  }

  /// The fast path on its own: its pixels, or nil when it left the file to libpng.
  private func plainDecode(_ bytes: [UInt8]) -> [UInt8]? {
    guard bytes.count > 24 else { return nil }
    let (width, height) = (
      CodecTestSupport.bigEndian32(bytes, at: 16), CodecTestSupport.bigEndian32(bytes, at: 20)
    )
    guard width > 0, height > 0, width * height <= ImageCodec.defaultMaxPixels else { return nil }
    let count = width * height * 4
    var buffer = [UInt8](repeating: 0, count: count + height)
    let done = bytes.withUnsafeBufferPointer { data in
      buffer.withUnsafeMutableBufferPointer {
        cc_test_png_decode_plain(
          data.baseAddress, data.count, $0.baseAddress, $0.count, UInt32(width), UInt32(height))
      }
    }
    return done == 1 ? Array(buffer[0..<count]) : nil
  }

  /// Asserts both decodes agree: equal pixels, or both failed.
  private func assertSame(
    _ bytes: [UInt8], _ name: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let reference = libpngDecode(bytes)
    let fast = codecDecode(bytes)
    switch (reference, fast) {
    case (.pixels(let w, let h, let a), .pixels(let w2, let h2, let b)):
      XCTAssertEqual([w, h], [w2, h2], name, file: file, line: line)
      if a != b {
        let first = a.indices.first { $0 < b.count && a[$0] != b[$0] } ?? -1
        XCTFail("\(name): pixels differ first at byte \(first) of \(a.count)", file: file, line: line)
      }
    case (.failed, .failed): break
    default:
      XCTFail("\(name): libpng gave \(reference.summary), the codec \(fast.summary)", file: file, line: line)
    }
  }

  // MARK: - Every fixture

  func testEveryFixturePNGDecodesAsLibpngAloneDecodesIt() throws {
    let root = URL(fileURLWithPath: CodecTestSupport.pngSuiteFolder).deletingLastPathComponent().path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return XCTFail("no \(root)") }
    var plain = 0
    var files = 0
    while let path = walker.nextObject() as? String {
      guard path.hasSuffix(".png"), let data = FileManager.default.contents(atPath: root + "/" + path) else {
        continue
      }
      let bytes = [UInt8](data)
      files += 1
      assertSame(bytes, path)
      if let pixels = plainDecode(bytes) {
        plain += 1
        guard case .pixels(_, _, let reference) = libpngDecode(bytes) else {
          XCTFail("\(path): the fast path decoded a file libpng rejects")
          continue
        }
        XCTAssertTrue(pixels == reference, "\(path): the fast path's pixels differ from libpng's")
      }
    }
    XCTAssertGreaterThan(files, 250)
    // The goldens, shapes and the 8-bit RGB(A) PngSuite files are plain: the fast path took them.
    XCTAssertGreaterThan(plain, 40, "\(plain) plain files of \(files)")
  }

  // MARK: - Built files: each filter, split IDATs, damage

  /// Each of the five filters on every row, RGB and RGBA, at widths 1, 2, 3 and 97.
  func testEachRowFilterDecodesAsLibpngDoes() {
    for channels in [3, 4] {
      for width in [1, 2, 3, 97] {
        for filter in 0...4 {
          let png = PlainPNG(width: width, height: 9, channels: channels, seed: UInt64(width * 10 + filter))
          let bytes = png.encoded(filters: [UInt8](repeating: UInt8(filter), count: 9))
          assertSame(bytes, "\(channels) channels, width \(width), filter \(filter)")
          XCTAssertEqual(plainDecode(bytes), png.rgba, "the fast path takes filter \(filter)")
          XCTAssertEqual(codecDecode(bytes), .pixels(width: width, height: 9, png.rgba), "filter \(filter)")
        }
      }
    }
  }

  /// Filters changing from row to row, the data split over many IDAT chunks, and chunks the
  /// fast path skips (tEXt) or leaves to libpng (gAMA).
  func testMixedFiltersSplitDataAndOtherChunks() {
    let png = PlainPNG(width: 64, height: 40, channels: 3, seed: 7)
    let filters = (0..<40).map { UInt8($0 % 5) }
    for split in [1, 7, 1000] {
      let bytes = png.encoded(filters: filters, idatSize: split)
      assertSame(bytes, "IDATs of \(split) bytes")
      XCTAssertEqual(plainDecode(bytes), png.rgba, "the fast path takes IDATs of \(split) bytes")
      XCTAssertEqual(codecDecode(bytes), .pixels(width: 64, height: 40, png.rgba))
    }
    let text = png.encoded(filters: filters, extra: [("tEXt", Array("Comment\u{0}hello".utf8))])
    assertSame(text, "tEXt")
    XCTAssertEqual(plainDecode(text), png.rgba, "the fast path skips tEXt")
    // gAMA 1.0: libpng corrects the gamma, so the file is not plain; both decodes agree.
    let gamma = png.encoded(filters: filters, extra: [("gAMA", [0, 1, 0x86, 0xa0])])
    assertSame(gamma, "gAMA 1.0")
    XCTAssertNil(plainDecode(gamma), "gAMA is left to libpng")
    XCTAssertNotEqual(
      codecDecode(gamma), .pixels(width: 64, height: 40, png.rgba), "libpng applied the gamma")
  }

  /// Damaged files the fast path declines: libpng's error (or libpng's pixels) either way.
  func testDamagedFilesGiveLibpngsOutcome() {
    let png = PlainPNG(width: 33, height: 21, channels: 4, seed: 11)
    let filters = (0..<21).map { UInt8(($0 * 3) % 5) }
    let good = png.encoded(filters: filters)
    var badFilter = png.encoded(filters: filters.map { $0 == 2 ? 9 : $0 })
    assertSame(badFilter, "filter byte 9")
    var crc = good
    crc[crc.count - 20] ^= 0x40  // inside the IDAT data: its CRC no longer matches
    assertSame(crc, "IDAT CRC")
    assertSame(png.encoded(filters: filters, truncateData: 5), "zlib stream cut short")
    assertSame(png.encoded(filters: filters, extraData: 40), "40 more bytes than the rows")
    assertSame(Array(good.dropLast(12)), "no IEND")
    badFilter.append(contentsOf: [1, 2, 3])
    assertSame(badFilter, "bytes after IEND")
    XCTAssertNotNil(plainDecode(good), "the undamaged file is plain")
    for (damaged, name) in [(crc, "CRC"), (png.encoded(filters: filters, truncateData: 5), "short data")] {
      XCTAssertNil(plainDecode(damaged), "\(name): left to libpng")
    }
  }
}

extension PNGPlainDecodeTests.Outcome {
  var summary: String {
    switch self {
    case .pixels(let w, let h, _): return "\(w)x\(h) pixels"
    case .failed(let status, let message): return "failure \(status): \(message)"
    }
  }
}

/// A PNG written byte by byte for these tests: 8-bit RGB or RGBA noise with chosen row filters,
/// compressed by the shim's deflate, CRCs by the tests' own bitwise CRC-32.
struct PlainPNG {
  let width: Int
  let height: Int
  let channels: Int
  /// The picture's pixels (rows of width * channels bytes).
  let samples: [UInt8]

  init(width: Int, height: Int, channels: Int, seed: UInt64) {
    self.width = width
    self.height = height
    self.channels = channels
    var noise = CodecTestSupport.Noise(seed: seed)
    // Smooth with some noise, so every predictor is exercised with small and large differences.
    samples = (0..<(width * height * channels)).map { i in
      let x = (i / channels) % width
      let y = i / (channels * width)
      return UInt8(truncatingIfNeeded: x * 5 + y * 3 + (i % channels) * 40 + Int(noise.byte() % 24))
    }
  }

  /// The pixels as the decoders give them: RGBA, alpha 255 for RGB.
  var rgba: [UInt8] {
    (0..<(width * height)).flatMap { p in
      (0..<4).map { k in k < channels ? samples[p * channels + k] : 255 }
    }
  }

  /// The file: IHDR, `extra` chunks, the rows filtered by `filters` (a filter byte above 4 is
  /// written as is over unfiltered data) in IDATs of at most `idatSize` bytes, IEND.
  func encoded(
    filters: [UInt8], idatSize: Int = 1 << 20, extra: [(String, [UInt8])] = [], truncateData: Int = 0,
    extraData: Int = 0
  ) -> [UInt8] {
    var raw: [UInt8] = []
    let rowBytes = width * channels
    for y in 0..<height {
      raw.append(filters[y])
      for i in 0..<rowBytes { raw.append(filtered(filters[y], y: y, i: i)) }
    }
    raw.append(contentsOf: [UInt8](repeating: 0, count: extraData))
    guard var stream = try? CodecTestSupport.deflate(raw) else {
      preconditionFailure("the shim's deflate failed")
    }
    if truncateData > 0 { stream.removeLast(truncateData) }
    var out: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
    var ihdr = Self.bigEndian(width) + Self.bigEndian(height)
    ihdr += [8, channels == 4 ? 6 : 2, 0, 0, 0]
    Self.chunk("IHDR", ihdr, into: &out)
    for (type, body) in extra { Self.chunk(type, body, into: &out) }
    var start = 0
    while start < stream.count {
      let end = min(stream.count, start + idatSize)
      Self.chunk("IDAT", Array(stream[start..<end]), into: &out)
      start = end
    }
    Self.chunk("IEND", [], into: &out)
    return out
  }

  /// Byte i of row y filtered by `filter` (PNG's predictors on the original samples).
  private func filtered(_ filter: UInt8, y: Int, i: Int) -> UInt8 {
    let rowBytes = width * channels
    func sample(_ y: Int, _ i: Int) -> Int { y < 0 || i < 0 ? 0 : Int(samples[y * rowBytes + i]) }
    let (x, a, b, c) = (sample(y, i), sample(y, i - channels), sample(y - 1, i), sample(y - 1, i - channels))
    let predictor: Int
    switch filter {
    case 1: predictor = a
    case 2: predictor = b
    case 3: predictor = (a + b) / 2
    case 4:
      let (pa, pb, pc) = (abs(b - c), abs(a - c), abs(a + b - 2 * c))
      predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    default: predictor = 0
    }
    return UInt8(truncatingIfNeeded: x - predictor)
  }

  static func bigEndian(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }

  static func chunk(_ type: String, _ body: [UInt8], into out: inout [UInt8]) {
    let typed = Array(type.utf8) + body
    out += bigEndian(body.count) + typed + bigEndian(Int(CodecTestSupport.crc32(typed[...])))
  }
}
