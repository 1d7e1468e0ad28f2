import CCodecs
import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport
@testable import VectorRaster

/// Helpers shared by the codec tests: the PngSuite folder, deterministic test images, the shim's
/// deflate on raw bytes, CRC-32 for patching PNG chunks, and PSNR.
enum CodecTestSupport {
  /// The repository's Fixtures/pngsuite (PngSuite plus libpng's test and crasher images),
  /// located from this file's path: <repo>/Tests/CaptchaImagingTests/Codecs/CodecTestSupport.swift.
  static let pngSuiteFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/pngsuite").path

  /// The PngSuite folder; fails (never skips) when it is missing, since it is part of the repository.
  static func requirePngSuite() throws -> String {
    var isDirectory: ObjCBool = false
    let folder = pngSuiteFolder
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw MissingFixture(path: folder)
    }
    return folder
  }

  /// A fixture folder that should be in the repository but is not.
  struct MissingFixture: Error, CustomStringConvertible {
    var path: String
    var description: String { "fixture folder \(path) is missing; it is part of the repository" }
  }

  /// A small deterministic generator (SplitMix64) so test images never depend on the
  /// standard library's random algorithms.
  struct Noise {
    private var mix: SplitMix64
    init(seed: UInt64) { mix = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { mix.next() }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 56) }
  }

  /// An APP1 Exif segment with IFD0 = { Make "cam", Orientation = value }.
  static func exifSegment(orientation: UInt16, littleEndian: Bool) -> [UInt8] {
    func u16(_ v: UInt16) -> [UInt8] {
      littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
    }
    func u32(_ v: UInt32) -> [UInt8] {
      let be = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
      return littleEndian ? be.reversed() : be
    }
    var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
    tiff += u16(42) + u32(8) + u16(2)
    tiff += u16(0x010F) + u16(2) + u32(4) + [0x63, 0x61, 0x6D, 0x00]  // Make = "cam"
    tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
    tiff += u32(0)
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  /// `jpeg` with an Exif segment carrying `orientation` right after SOI.
  static func withExif(_ jpeg: [UInt8], orientation: UInt16, littleEndian: Bool) -> [UInt8] {
    Array(jpeg[0..<2]) + exifSegment(orientation: orientation, littleEndian: littleEndian) + jpeg[2...]
  }

  static func randomRGBA(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var noise = Noise(seed: seed)
    return RGBAImage(
      width: width, height: height, pixels: (0..<(width * height * 4)).map { _ in noise.byte() })
  }

  /// A smooth, photo-like image: gradients and a soft blob, opaque.
  static func smoothImage(width: Int, height: Int) -> RGBAImage {
    var px = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let fx = Double(x) / Double(width)
        let fy = Double(y) / Double(height)
        let dx = fx - 0.6
        let dy = fy - 0.4
        let blob = exp(-(dx * dx + dy * dy) * 12)
        let i = (y * width + x) * 4
        px[i] = UInt8(min(255, 40 + 180 * fx + 30 * blob))
        px[i + 1] = UInt8(min(255, 60 + 120 * fy + 60 * blob))
        px[i + 2] = UInt8(min(255, 200 - 120 * fx * fy + 50 * blob))
      }
    }
    return RGBAImage(width: width, height: height, pixels: px)
  }

  /// Peak signal-to-noise ratio over the RGB channels, in dB.
  static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    var sum = 0.0
    var n = 0
    for i in stride(from: 0, to: a.pixels.count, by: 4) {
      for c in 0..<3 {
        let d = Double(a.pixels[i + c]) - Double(b.pixels[i + c])
        sum += d * d
        n += 1
      }
    }
    if sum == 0 { return .infinity }
    return 10 * log10(255 * 255 / (sum / Double(n)))
  }

  /// The shim's own deflate encoder's zlib stream of `data` (`cc_test_deflate`), given to it in
  /// pieces of `piece` bytes (0: at once) with `hint` (default: the data's length) as its size.
  static func deflate(_ data: [UInt8], piece: Int = 0, hint: UInt64? = nil) throws -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>? = nil
    var length = 0
    let status = data.withUnsafeBufferPointer {
      cc_test_deflate($0.baseAddress, $0.count, piece, hint ?? UInt64(data.count), &out, &length)
    }
    defer { cc_free(out) }
    guard status == CC_OK, let bytes = out else { throw CaptchaError(.io, "deflate failed") }
    return [UInt8](UnsafeBufferPointer(start: bytes, count: length))
  }

  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes {
      crc ^= UInt32(b)
      for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// The big-endian 32-bit number at `offset`.
  static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> Int {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
  }

  /// A PNG's chunks in file order: type and the bytes of the whole chunk (length, type, data,
  /// CRC). Stops at a chunk that runs past the end.
  static func pngChunks(_ png: [UInt8]) -> [(type: String, range: Range<Int>)] {
    var chunks: [(type: String, range: Range<Int>)] = []
    var offset = 8
    while offset + 12 <= png.count {
      let end = offset + 12 + bigEndian32(png, at: offset)
      guard end <= png.count else { break }
      chunks.append((String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self), offset..<end))
      offset = end
    }
    return chunks
  }

  static func putBigEndian32(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
    for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
  }

  /// A PNG whose IHDR claims `width`×`height` (CRC fixed up so libpng reads the header).
  static func pngClaiming(width: UInt32, height: UInt32, from png: [UInt8]) -> [UInt8] {
    var bytes = png
    // Signature (8) + length (4) + "IHDR" (4): width at 16, height at 20, CRC at 29.
    putBigEndian32(width, into: &bytes, at: 16)
    putBigEndian32(height, into: &bytes, at: 20)
    putBigEndian32(crc32(bytes[12..<29]), into: &bytes, at: 29)
    return bytes
  }
}
