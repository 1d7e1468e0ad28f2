import CCodecs
import XCTest

@testable import CaptchaImaging

/// A large baseline JPEG is written in two streaming passes (the first counts the Huffman symbols)
/// instead of libjpeg keeping every coefficient; the files must be the very same bytes as
/// libjpeg's own optimised tables give, whatever the picture, layout, quality and subsampling.
final class JPEGTwoPassTests: XCTestCase {
  /// The encoder's output with the tables optimised `passes` ways (1: libjpeg, 2: two passes).
  func encode(
    _ pixels: [UInt8], width: Int, height: Int, input: JPEGInput, quality: Int, chroma444: Bool,
    passes: Int32
  ) throws -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    var length = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = pixels.withUnsafeBufferPointer { px in
      cc_test_jpeg_encode_passes(
        px.baseAddress, UInt32(width), UInt32(height), width * input.bytesPerPixel, input.shimValue,
        Int32(quality), chroma444 ? 1 : 0, 0, passes, &out, &length, &message, message.count)
    }
    defer { free(out) }
    let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    XCTAssertEqual(status, CC_OK, text)
    return Array(UnsafeBufferPointer(start: out, count: length))
  }

  /// Pictures that exercise the tables differently: smooth gradients (few symbols), noise (long
  /// codes, large magnitudes), flat areas (end-of-block runs), sharp edges, odd sizes.
  func pictures(bytesPerPixel: Int) -> [(name: String, width: Int, height: Int, pixels: [UInt8])] {
    var noise = CodecTestSupport.Noise(seed: 7)
    func picture(_ width: Int, _ height: Int, _ value: (Int, Int, Int) -> UInt8) -> [UInt8] {
      var pixels = [UInt8](repeating: 255, count: width * height * bytesPerPixel)
      for y in 0..<height {
        for x in 0..<width {
          for c in 0..<bytesPerPixel { pixels[(y * width + x) * bytesPerPixel + c] = value(x, y, c) }
        }
      }
      return pixels
    }
    return [
      ("gradient", 333, 217, picture(333, 217) { x, y, c in UInt8((x * (c + 1) + y * 2) % 256) }),
      ("noise", 129, 97, picture(129, 97) { _, _, _ in noise.byte() }),
      (
        "flat with edges", 400, 300,
        picture(400, 300) { x, y, c in (x / 40 + y / 30 + c) % 2 == 0 ? 250 : 10 }
      ),
      ("one pixel", 1, 1, picture(1, 1) { _, _, c in UInt8(40 * c) }),
      ("thin", 1000, 3, picture(1000, 3) { x, _, c in UInt8((x * 7 + c * 50) % 256) }),
    ]
  }

  func testTwoPassesGiveLibjpegsBytesForEveryLayoutQualityAndSubsampling() throws {
    var compared = 0
    for input in [JPEGInput.rgba, .gray, .cmyk, .ycck] {
      for picture in pictures(bytesPerPixel: input.bytesPerPixel) {
        for quality in [1, 50, 90, 100] {
          for chroma444 in input == .rgba ? [false, true] : [false] {
            let args = (picture.pixels, picture.width, picture.height, input, quality, chroma444)
            let libjpeg = try encode(
              args.0, width: args.1, height: args.2, input: args.3, quality: args.4, chroma444: args.5,
              passes: 1)
            let twoPasses = try encode(
              args.0, width: args.1, height: args.2, input: args.3, quality: args.4, chroma444: args.5,
              passes: 2)
            XCTAssertGreaterThan(libjpeg.count, 100)
            XCTAssertEqual(
              libjpeg, twoPasses, "\(input) \(picture.name) q\(quality) \(chroma444 ? "4:4:4" : "4:2:0")")
            compared += 1
          }
        }
      }
    }
    XCTAssertEqual(compared, 100)
  }

  /// A picture above the threshold (2400×2400: 17 MB of coefficients at 4:2:0) goes the two-pass
  /// way through the public encoder, and its file is libjpeg's, byte for byte.
  func testALargePictureThroughThePublicEncoderIsLibjpegsFile() throws {
    let (width, height) = (2400, 2400)
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        pixels[i] = UInt8((x ^ y) & 0xFF)
        pixels[i + 1] = UInt8((x * 3 + y) / 19 & 0xFF)
        pixels[i + 2] = UInt8((x / 7 + y / 5) & 0xFF)
      }
    }
    let image = RGBAImage(width: width, height: height, pixels: pixels)
    let libjpeg = try encode(
      pixels, width: width, height: height, input: .rgba, quality: 90, chroma444: false, passes: 1)
    XCTAssertEqual(try ImageCodec.encodeJPEG(image, quality: 90), libjpeg)
    XCTAssertEqual(try ImageCodec.encodeJPEG(releasing: image, quality: 90), libjpeg)
  }
}
