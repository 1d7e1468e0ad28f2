import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport
@testable import VectorRaster

/// EXIF orientation: the pixel transforms, and JPEGs carrying an APP1 Exif segment come out
/// turned the way a browser shows them.
final class ExifOrientationTests: XCTestCase {
  /// 3×2 image whose pixel n has red = n: stored
  ///   0 1 2
  ///   3 4 5
  private let stored = RGBAImage(width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })

  private func reds(_ image: RGBAImage) -> [[Int]] {
    (0..<image.height).map { y in (0..<image.width).map { x in Int(image.pixels[(y * image.width + x) * 4]) }
    }
  }

  func testEveryOrientationMapsPixelsAsTheEXIFSpecSays() {
    let expected: [ExifOrientation: [[Int]]] = [
      .up: [[0, 1, 2], [3, 4, 5]],
      .upMirrored: [[2, 1, 0], [5, 4, 3]],
      .down: [[5, 4, 3], [2, 1, 0]],
      .downMirrored: [[3, 4, 5], [0, 1, 2]],
      .leftMirrored: [[0, 3], [1, 4], [2, 5]],
      .right: [[3, 0], [4, 1], [5, 2]],  // rotate 90° clockwise
      .rightMirrored: [[5, 2], [4, 1], [3, 0]],
      .left: [[2, 5], [1, 4], [0, 3]],  // rotate 90° counter-clockwise
    ]
    for orientation in ExifOrientation.allCases {
      XCTAssertEqual(reds(orientation.apply(to: stored)), expected[orientation], "\(orientation)")
    }
  }

  /// 32×32 JPEG with four flat quadrants: red, green / blue, white.
  private func quadrantJPEG() throws -> [UInt8] {
    let colors: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]]
    var px: [UInt8] = []
    for y in 0..<32 { for x in 0..<32 { px += colors[(y / 16) * 2 + x / 16] } }
    return try ImageCodec.encodeJPEG(RGBAImage(width: 32, height: 32, pixels: px), quality: 95)
  }

  /// A 16×32 variant (wider than tall after rotation checks).
  private func tallJPEG() throws -> [UInt8] {
    var image = RGBAImage(width: 16, height: 32, fill: (0, 0, 255, 255))
    // Top half red.
    for i in stride(from: 0, to: 16 * 16 * 4, by: 4) { image.pixels[i] = 255; image.pixels[i + 2] = 0 }
    return try ImageCodec.encodeJPEG(image, quality: 95)
  }

  /// An APP1 Exif segment with IFD0 = { Make "cam", Orientation = value }.
  private func exifSegment(orientation: UInt16, littleEndian: Bool) -> [UInt8] {
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

  private func withExif(_ jpeg: [UInt8], orientation: UInt16, littleEndian: Bool) -> [UInt8] {
    Array(jpeg[0..<2]) + exifSegment(orientation: orientation, littleEndian: littleEndian) + jpeg[2...]
  }

  private func color(_ image: RGBAImage, _ x: Int, _ y: Int) -> String {
    let i = (y * image.width + x) * 4
    let rgb = image.pixels[i..<(i + 3)].map { $0 > 128 }
    switch (rgb[0], rgb[1], rgb[2]) {
    case (true, false, false): return "red"
    case (false, true, false): return "green"
    case (false, false, true): return "blue"
    case (true, true, true): return "white"
    default: return "other \(Array(image.pixels[i..<(i + 3)]))"
    }
  }

  private func corners(_ image: RGBAImage) -> [String] {
    let (w, h) = (image.width - 4, image.height - 4)
    return [color(image, 4, 4), color(image, w, 4), color(image, 4, h), color(image, w, h)]
  }

  func testJPEGWithoutExifIsUnchanged() throws {
    let image = try ImageCodec.decode(try quadrantJPEG(), name: "q.jpg")
    XCTAssertEqual(corners(image), ["red", "green", "blue", "white"])
  }

  func testOrientation6RotatesClockwise() throws {
    for littleEndian in [false, true] {
      let jpeg = withExif(try quadrantJPEG(), orientation: 6, littleEndian: littleEndian)
      let image = try ImageCodec.decode(jpeg, name: "six.jpg")
      // Clockwise: bottom-left comes to the top-left, top-left to the top-right.
      XCTAssertEqual(corners(image), ["blue", "red", "white", "green"], "little endian: \(littleEndian)")
    }
  }

  func testOrientation3RotatesHalfATurn() throws {
    for littleEndian in [false, true] {
      let jpeg = withExif(try quadrantJPEG(), orientation: 3, littleEndian: littleEndian)
      let image = try ImageCodec.decode(jpeg, name: "three.jpg")
      XCTAssertEqual(corners(image), ["white", "blue", "green", "red"], "little endian: \(littleEndian)")
    }
  }

  func testRotationSwapsWidthAndHeight() throws {
    let jpeg = withExif(try tallJPEG(), orientation: 6, littleEndian: false)
    let image = try ImageCodec.decode(jpeg, name: "tall.jpg")
    XCTAssertEqual([image.width, image.height], [32, 16])
    XCTAssertEqual(color(image, 28, 8), "red", "the top (red) half is now on the right")
    XCTAssertEqual(color(image, 3, 8), "blue")
    let size = try ImageCodec.size(of: jpeg, name: "tall.jpg")
    XCTAssertEqual([size.width, size.height], [32, 16])
  }

  func testInvalidOrientationValueIsIgnored() throws {
    let jpeg = withExif(try quadrantJPEG(), orientation: 9, littleEndian: true)
    XCTAssertEqual(corners(try ImageCodec.decode(jpeg, name: "nine.jpg")), ["red", "green", "blue", "white"])
  }
}
