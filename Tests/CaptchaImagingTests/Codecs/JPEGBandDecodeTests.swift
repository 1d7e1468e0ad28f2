import CCodecs
import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport

/// A JPEG decoded in bands of rows (`cc_jpeg_decode_rgba_band`, two threads in `make`) gives
/// exactly the pixels of one whole decode, at every scale, for every layout the decoder takes,
/// wherever the bands meet; and a broken file fails the same way on two threads as on one.
final class JPEGBandDecodeTests: XCTestCase {
  /// The whole picture decoded by `bands` calls of the band decoder at 1/`reduction` scale.
  private func decodeInBands(_ jpeg: [UInt8], reduction: Int, splits: [Int]) throws -> [UInt8] {
    var whole = try ImageCodec.decode(jpeg, name: "w.jpg", reduction: reduction).pixels
    let header = try ImageCodec.readHeader(jpeg, format: .jpeg, name: "b.jpg")
    let height = ImageCodec.reduced(header.height, by: reduction)
    let edges = [0] + splits + [height]
    for i in whole.indices { whole[i] = 0x5A }
    var message = [CChar](repeating: 0, count: 256)
    for (first, end) in zip(edges, edges.dropFirst()) {
      var (width, h, orientation): (UInt32, UInt32, Int32) = (0, 0, 0)
      let status = jpeg.withUnsafeBufferPointer { data in
        whole.withUnsafeMutableBufferPointer { out in
          cc_jpeg_decode_rgba_band(
            data.baseAddress, data.count, UInt64.max, UInt32(reduction), UInt32(first), UInt32(end - first),
            out.baseAddress, out.count, &width, &h, &orientation, &message, message.count)
        }
      }
      XCTAssertEqual(status, CC_OK, "band \(first)..<\(end): \(String(cString: message))")
    }
    return whole
  }

  func testBandsGiveTheWholeDecodesPixelsAtEveryScaleAndSplit() throws {
    let image = CodecTestSupport.randomRGBA(width: 203, height: 141, seed: 61)
    for (name, jpeg) in [
      ("4:2:0", try ImageCodec.encodeJPEG(image, quality: 90)),
      (
        "4:4:4",
        try ImageCodec.encodeJPEG(
          pixels: image.pixels, width: 203, height: 141, input: .rgba, quality: 90, chroma444: true)
      ),
      (
        "progressive",
        try ImageCodec.encodeJPEG(
          pixels: image.pixels, width: 203, height: 141, input: .rgba, quality: 80, progressive: true)
      ),
    ] {
      for reduction in ImageCodec.jpegReductions {
        let whole = try ImageCodec.decode(jpeg, name: "w.jpg", reduction: reduction).pixels
        let height = ImageCodec.reduced(141, by: reduction)
        for split in Set([1, 7, 8, 15, 16, 17, height / 2, height - 1]) where split > 0 && split < height {
          XCTAssertEqual(
            try decodeInBands(jpeg, reduction: reduction, splits: [split]), whole,
            "\(name), 1/\(reduction), split at row \(split)")
        }
        if height > 20 {
          XCTAssertEqual(
            try decodeInBands(jpeg, reduction: reduction, splits: [5, 16, 20]), whole, "\(name), four bands")
        }
      }
    }
  }

  func testGrayAndCMYKBandsGiveTheWholeDecodesPixels() throws {
    var noise = CodecTestSupport.Noise(seed: 62)
    let gray = (0..<(64 * 48)).map { _ in noise.byte() }
    let cmyk = (0..<(64 * 48 * 4)).map { _ in noise.byte() }
    for (name, jpeg) in [
      ("gray", try ImageCodec.encodeJPEG(pixels: gray, width: 64, height: 48, input: .gray, quality: 90)),
      ("cmyk", try ImageCodec.encodeJPEG(pixels: cmyk, width: 64, height: 48, input: .cmyk, quality: 90)),
    ] {
      let whole = try ImageCodec.decode(jpeg, name: "w.jpg").pixels
      XCTAssertEqual(try decodeInBands(jpeg, reduction: 1, splits: [21]), whole, name)
    }
  }

  /// The picture `make` decodes on two threads (`jpegBands` splits pictures of 2 MP and more,
  /// decoded at full scale).
  func testTwoThreadsDecodeALargePictureAsOneDoes() throws {
    let jpeg = try ImageCodec.encodeJPEG(CodecTestSupport.smoothImage(width: 1800, height: 1250), quality: 85)
    for reduction in ImageCodec.jpegReductions {
      let height = ImageCodec.reduced(1250, by: reduction)
      XCTAssertEqual(
        ImageCodec.jpegBands(height: height, storedPixels: 1800 * 1250, reduction: reduction, threads: 2)
          .count,
        reduction == 1 ? 2 : 1)
      XCTAssertEqual(
        try ImageCodec.decode(jpeg, name: "t.jpg", reduction: reduction, threads: 2),
        try ImageCodec.decode(jpeg, name: "t.jpg", reduction: reduction, threads: 1), "1/\(reduction)")
    }
  }

  func testSmallPicturesAndOneThreadAreOneBand() {
    XCTAssertEqual(
      ImageCodec.jpegBands(height: 1250, storedPixels: 2_250_000, reduction: 1, threads: 1), [0..<1250])
    XCTAssertEqual(
      ImageCodec.jpegBands(height: 1000, storedPixels: 1_000_000, reduction: 1, threads: 2), [0..<1000])
    let bands = ImageCodec.jpegBands(height: 3000, storedPixels: 12_000_000, reduction: 1, threads: 2)
    XCTAssertEqual(bands, [0..<2096, 2096..<3000], "the first band takes 70 % of the rows, whole MCU rows")
  }

  /// Cut inside the first band's rows or the second's, a file fails on two threads with the
  /// error it fails with on one.
  func testATruncatedLargePictureFailsAsOnOneThread() throws {
    let jpeg = try ImageCodec.encodeJPEG(CodecTestSupport.smoothImage(width: 1800, height: 1250), quality: 85)
    for fraction in [0.3, 0.9] {
      let cut = Array(jpeg.prefix(Int(Double(jpeg.count) * fraction)))
      func failure(threads: Int) -> String {
        do {
          _ = try ImageCodec.decode(cut, name: "cut.jpg", threads: threads)
          return "decoded"
        } catch { return "\(error)" }
      }
      XCTAssertNotEqual(failure(threads: 1), "decoded")
      XCTAssertEqual(failure(threads: 2), failure(threads: 1), "cut at \(fraction)")
    }
  }
}
