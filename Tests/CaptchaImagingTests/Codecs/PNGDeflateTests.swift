import CCodecs
import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport

/// The shim's own deflate encoder behind `cc_png_encode` (ccodecs_deflate.c): PNG round trips
/// through libpng's decoder over pictures that exercise its runs, block ends and block types,
/// in all four layouts; its filtered rows and its size against the libpng + zlib `Z_RLE` writer
/// it replaced; and raw zlib streams checked by zlib's own inflate.
final class PNGDeflateTests: XCTestCase {
  // MARK: - Pictures

  /// RGBA test pictures, each named for what it exercises.
  private func pictures() -> [(name: String, image: RGBAImage)] {
    var list: [(name: String, image: RGBAImage)] = []
    list.append(("noise 61x47", CodecTestSupport.randomRGBA(width: 61, height: 47, seed: 1)))
    list.append(
      ("flat 1000x3 (runs past 258 bytes)", RGBAImage(width: 1000, height: 3, fill: (12, 200, 90, 255))))
    list.append(("gradient 256x64", gradient(width: 256, height: 64)))
    list.append(("smooth 101x37", CodecTestSupport.smoothImage(width: 101, height: 37)))
    list.append(("transparent around noise 90x70", transparentAroundNoise(width: 90, height: 70, seed: 2)))
    list.append(("1x1", CodecTestSupport.randomRGBA(width: 1, height: 1, seed: 3)))
    list.append(("one row 777x1", gradient(width: 777, height: 1)))
    list.append(("one column 1x777", gradient(width: 1, height: 777)))
    list.append(("one noise row 300x1", CodecTestSupport.randomRGBA(width: 300, height: 1, seed: 4)))
    list.append(("one noise column 1x300", CodecTestSupport.randomRGBA(width: 1, height: 300, seed: 5)))
    // 181 rows of 1 + 181 * 4 bytes of noise: 131 225 literals, five 32 768-symbol blocks in RGBA.
    list.append(
      ("noise 181x181 (several blocks)", CodecTestSupport.randomRGBA(width: 181, height: 181, seed: 6)))
    // 1.44 MB of filtered RGBA (1.08 MB RGB): more than the encoder's 1 MB block buffer.
    list.append(
      ("flat 600x600 (past the block buffer)", RGBAImage(width: 600, height: 600, fill: (1, 2, 3, 255))))
    list.append(("noise rows between flat rows 200x120", stripes(width: 200, height: 120, seed: 7)))
    list.append(("landscape 320x160", ProceduralBackground.make(width: 320, height: 160, seed: 11)))
    return list
  }

  /// Horizontal and vertical ramps in different channels, half-transparent in its lower half.
  private func gradient(width: Int, height: Int) -> RGBAImage {
    var px = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        px[i] = UInt8(truncatingIfNeeded: x)
        px[i + 1] = UInt8(truncatingIfNeeded: y * 3)
        px[i + 2] = UInt8(truncatingIfNeeded: (x + y) / 2)
        px[i + 3] = y >= height / 2 && height > 1 ? 128 : 255
      }
    }
    return RGBAImage(width: width, height: height, pixels: px)
  }

  /// Like a puzzle piece: fully transparent (all zeros) except a noisy disc in the middle.
  private func transparentAroundNoise(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var image = CodecTestSupport.randomRGBA(width: width, height: height, seed: seed)
    let r = Double(min(width, height)) / 3
    for y in 0..<height {
      for x in 0..<width {
        let dx = Double(x) - Double(width) / 2
        let dy = Double(y) - Double(height) / 2
        let i = (y * width + x) * 4
        if dx * dx + dy * dy > r * r {
          for c in 0..<4 { image.pixels[i + c] = 0 }
        } else {
          image.pixels[i + 3] = 255
        }
      }
    }
    return image
  }

  /// Rows of noise and rows of one colour, alternating in bands of 1 to 5 rows.
  private func stripes(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var image = CodecTestSupport.randomRGBA(width: width, height: height, seed: seed)
    for y in 0..<height where (y / (1 + y % 5)) % 2 == 0 {
      for x in 0..<width {
        let i = (y * width + x) * 4
        image.pixels[i..<(i + 4)] = [200, 100, 50, 255]
      }
    }
    return image
  }

  private func opaque(_ image: RGBAImage) -> RGBAImage {
    var copy = image
    for a in stride(from: 3, to: copy.pixels.count, by: 4) { copy.pixels[a] = 255 }
    return copy
  }

  // MARK: - Round trips

  /// Every picture in the four ways captcha-gen writes PNGs: RGBA, RGB of an opaque picture,
  /// RGB of a translucent one (flattened over white) and grayscale. libpng decodes each; the
  /// pixels must be exactly the ones encoded.
  func testRoundTripsInAllFourLayoutsAreExact() throws {
    for (name, image) in pictures() {
      let rgba = try ImageCodec.encodePNG(image, keepAlpha: true)
      XCTAssertEqual(try ImageCodec.decode(rgba, name: "rgba.png"), image, "RGBA \(name)")

      let opaqueImage = opaque(image)
      let rgb = try ImageCodec.encodePNG(opaqueImage, keepAlpha: false)
      XCTAssertEqual(rgb[25], 2, "colour type RGB")
      XCTAssertEqual(try ImageCodec.decode(rgb, name: "rgb.png"), opaqueImage, "RGB \(name)")

      let flattened = try ImageCodec.encodePNG(image, keepAlpha: false)
      XCTAssertEqual(
        try ImageCodec.decode(flattened, name: "flat.png"), image.flattenedOverWhite(), "flattened \(name)")

      let gray = stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
      let grayPNG = try ImageCodec.encodeGrayPNG(width: image.width, height: image.height, pixels: gray)
      XCTAssertEqual(
        try ImageCodec.decode(grayPNG, name: "gray.png").pixels, gray.flatMap { [$0, $0, $0, 255] },
        "gray \(name)")
    }
  }

  // MARK: - Against the libpng + zlib writer

  /// The PNG libpng + zlib `Z_RLE` write (the writer before the own encoder).
  private func libpngPNG(_ image: RGBAImage, keepAlpha: Bool) throws -> [UInt8] {
    let source = keepAlpha ? image : image.flattenedOverWhite()
    return try ImageCodec.runEncoder(format: .png, width: image.width, height: image.height) {
      out, length, message in
      source.pixels.withUnsafeBufferPointer { px in
        cc_test_png_encode_libpng(
          px.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
          keepAlpha ? CC_PNG_RGBA : CC_PNG_RGB_FROM_RGBA, out, length, message, ImageCodec.messageCapacity)
      }
    }
  }

  /// zlib's inflate of `stream`, at most `capacity` bytes; nil when zlib rejects it.
  private func inflate(_ stream: [UInt8], capacity: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: max(capacity, 1))
    var length = 0
    let status = buffer.withUnsafeMutableBufferPointer { out in
      stream.withUnsafeBufferPointer {
        cc_test_inflate($0.baseAddress, $0.count, out.baseAddress, capacity, &length)
      }
    }
    return status == CC_OK ? Array(buffer[0..<length]) : nil
  }

  /// A PNG's decompressed IDAT data: each row's filter byte and filtered bytes.
  private func filteredRows(_ png: [UInt8], capacity: Int) -> [UInt8]? {
    let stream = CodecTestSupport.pngChunks(png).filter { $0.type == "IDAT" }.flatMap {
      png[($0.range.lowerBound + 8)..<($0.range.upperBound - 4)]
    }
    return inflate(stream, capacity: capacity)
  }

  /// The own writer filters every row as libpng does (the same filter byte and the same
  /// filtered bytes), so only the compression differs.
  func testFilteredRowsAreLibpngs() throws {
    for (name, image) in pictures() where image.width * image.height <= 100_000 {
      for keepAlpha in [true, false] {
        let capacity = image.height * (1 + image.width * (keepAlpha ? 4 : 3))
        let label = "\(name), alpha kept: \(keepAlpha)"
        guard
          let ours = filteredRows(try ImageCodec.encodePNG(image, keepAlpha: keepAlpha), capacity: capacity),
          let reference = filteredRows(try libpngPNG(image, keepAlpha: keepAlpha), capacity: capacity)
        else {
          XCTFail("\(label): IDAT data does not inflate")
          continue
        }
        XCTAssertEqual(ours.count, capacity, label)
        if let at = ours.indices.first(where: { $0 >= reference.count || ours[$0] != reference[$0] }) {
          XCTFail("\(label): filtered rows differ from libpng's in row \(at / (capacity / image.height))")
        }
      }
    }
  }

  /// On photo-like pictures the own encoder stays within 3 % of zlib `Z_RLE`'s size (it parses
  /// the same way; its blocks are longer): stored blocks, a fixed code or broken Huffman codes
  /// would be far larger.
  func testSizeStaysWithinThreePercentOfZlib() throws {
    let cases: [(String, RGBAImage, Bool)] = [
      ("landscape 320x160", ProceduralBackground.make(width: 320, height: 160, seed: 5), false),
      ("landscape 640x360", ProceduralBackground.make(width: 640, height: 360, seed: 3), false),
      ("smooth with grain 400x300", grainy(width: 400, height: 300, seed: 8), false),
      ("piece-like 80x80", transparentAroundNoise(width: 80, height: 80, seed: 9), true),
    ]
    for (name, image, keepAlpha) in cases {
      let ours = try ImageCodec.encodePNG(image, keepAlpha: keepAlpha).count
      let zlib = try libpngPNG(image, keepAlpha: keepAlpha).count
      let ratio = Double(ours) / Double(zlib)
      XCTAssertLessThanOrEqual(ratio, 1.03, "\(name): \(ours) bytes against zlib's \(zlib)")
    }
  }

  /// A smooth picture with sensor-like grain of ±3 levels.
  private func grainy(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var image = CodecTestSupport.smoothImage(width: width, height: height)
    var noise = CodecTestSupport.Noise(seed: seed)
    for i in stride(from: 0, to: image.pixels.count, by: 4) {
      for c in 0..<3 {
        let v = Int(image.pixels[i + c]) + Int(noise.next() % 7) - 3
        image.pixels[i + c] = UInt8(clamping: v)
      }
    }
    return image
  }

  /// The bytes depend on the pixels only (no zlib inside): a fixed picture gives fixed bytes.
  /// A deliberate change of the encoder changes this checksum; update it then.
  func testBytesOfAFixedPictureArePinned() throws {
    let png = try ImageCodec.encodePNG(
      ProceduralBackground.make(width: 64, height: 32, seed: 1), keepAlpha: false)
    XCTAssertEqual(png.count, PNGDeflateTests.pinnedLength)
    XCTAssertEqual(CodecTestSupport.crc32(png[...]), PNGDeflateTests.pinnedCRC)
  }

  static let pinnedLength = 3629
  static let pinnedCRC: UInt32 = 1_363_622_727

  // MARK: - Raw zlib streams

  /// The own encoder's zlib stream of `data`, given in pieces of `piece` bytes (0: at once).
  private func deflate(_ data: [UInt8], piece: Int = 0, hint: UInt64? = nil) throws -> [UInt8] {
    try CodecTestSupport.deflate(data, piece: piece, hint: hint)
  }

  /// 19 values with counts 2, 3, 5, 8, … (Fibonacci numbers, 28 654 bytes), spread evenly by a
  /// smooth weighted round robin so that none repeats three times in a row (no runs). With the
  /// end-of-block code's count of 1, their optimal code is a chain 19 bits deep: a block of it
  /// needs the 15-bit limit.
  static let fibonacciPeriod: [UInt8] = {
    var weights: [Int] = []
    var (a, b) = (2, 3)
    for _ in 0..<19 {
      weights.append(a)
      (a, b) = (b, a + b)
    }
    let total = weights.reduce(0, +)
    var current = [Int](repeating: 0, count: weights.count)
    var period: [UInt8] = []
    for _ in 0..<total {
      var best = 0
      for k in weights.indices {
        current[k] += weights[k]
        if current[k] > current[best] { best = k }
      }
      current[best] -= total
      period.append(UInt8(best * 5))
    }
    return period
  }()

  /// Buffers of one kind: "random", "zeros", "runs" (runs of 1 to 600 bytes, including 258 to
  /// 263, which the encoder cuts short), "four values" (a small alphabet), "fibonacci" (`fibonacciPeriod` repeated), "ramp"
  /// (no byte repeats).
  private func buffer(_ kind: String, count: Int, seed: UInt64) -> [UInt8] {
    var noise = CodecTestSupport.Noise(seed: seed)
    switch kind {
    case "random": return (0..<count).map { _ in noise.byte() }
    case "zeros": return [UInt8](repeating: 0, count: count)
    case "runs":
      var out: [UInt8] = []
      out.reserveCapacity(count)
      let special = [258, 259, 260, 261, 262, 263, 5, 4, 3, 2, 1]
      var k = 0
      while out.count < count {
        let length = k % 3 == 0 ? special[(k / 3) % special.count] : 1 + Int(noise.next() % 600)
        out += [UInt8](repeating: noise.byte(), count: min(length, count - out.count))
        k += 1
      }
      return out
    case "four values": return (0..<count).map { _ in UInt8(noise.next() % 4) }
    case "fibonacci":
      return (0..<count).map { PNGDeflateTests.fibonacciPeriod[$0 % PNGDeflateTests.fibonacciPeriod.count] }
    default: return (0..<count).map { UInt8(truncatingIfNeeded: $0) }
    }
  }

  /// Streams of every kind and awkward size, fed whole, byte by byte, in odd pieces and with a
  /// wrong size hint (a small buffer that fills up), all inflate with zlib to the input (zlib
  /// checks the codes, the lengths and the Adler-32).
  func testRawStreamsInflateWithZlib() throws {
    let sizes = [
      0, 1, 2, 3, 4, 31, 32, 33, 257, 258, 259, 260, 261, 262, 263, 264, 4095, 28_654, 65_535, 65_536, 70_001,
      1_100_000,
    ]
    for kind in ["random", "zeros", "runs", "four values", "fibonacci", "ramp"] {
      for (i, count) in sizes.enumerated() {
        let data = buffer(kind, count: count, seed: UInt64(i))
        var feeds: [(piece: Int, hint: UInt64?)] = [(0, nil), (7, nil), (4096, 100)]
        if count <= 5000 { feeds.append((1, nil)) }
        for feed in feeds {
          let stream = try deflate(data, piece: feed.piece, hint: feed.hint)
          XCTAssertTrue(
            inflate(stream, capacity: count) == data, "\(kind), \(count) bytes, pieces of \(feed.piece)")
        }
      }
    }
  }

  /// Each block takes the smallest form: stored for noise (5 bytes per 64 KB piece), fixed
  /// Huffman for a few bytes, dynamic Huffman for a skewed alphabet, and runs make long
  /// repeats almost free.
  func testBlockTypesAndSizes() throws {
    // The first block's header: bit 0 BFINAL, bits 1-2 BTYPE (0 stored, 1 fixed, 2 dynamic).
    func firstBlockType(_ stream: [UInt8]) -> UInt8 { (stream[2] >> 1) & 3 }

    for count in [1000, 65_536, 1_100_000] {
      let random = buffer("random", count: count, seed: 1)
      let stream = try deflate(random)
      XCTAssertEqual(firstBlockType(stream), 0, "noise is stored")
      // A block ends after 32 768 literals; each is one stored piece of 5 header bytes.
      let blocks = (count + 32_767) / 32_768
      XCTAssertLessThanOrEqual(stream.count, count + 6 + 5 * blocks, "\(count) bytes of noise")
    }

    let few = try deflate(Array("captcha!".utf8))
    XCTAssertEqual(firstBlockType(few), 1, "a few bytes take the fixed code")
    XCTAssertLessThanOrEqual(few.count, 2 + 10 + 4, "8 literals of 8 bits, block header and end")

    let skewed = buffer("four values", count: 100_000, seed: 2)
    let stream = try deflate(skewed)
    XCTAssertEqual(firstBlockType(stream), 2, "a small alphabet takes a dynamic code")
    // 2 bits per literal, and a little more for the runs of 5 or more equal values.
    XCTAssertLessThan(stream.count, 100_000 * 23 / 80, "about 2.2 bits per byte")

    let zeros = try deflate(buffer("zeros", count: 1_000_000, seed: 0))
    XCTAssertLessThan(zeros.count, 1200, "runs of 258 zeros cost a few bits each")
  }
}
