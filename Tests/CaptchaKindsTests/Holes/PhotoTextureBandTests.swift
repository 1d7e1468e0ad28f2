import XCTest

@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaSupport
@testable import VectorRaster

/// The textured hole's lent texture is worked out in bands of rows (so a large hole holds one band's
/// plane, not one over its whole box); its detail must be the one a single band gives, or a big
/// picture's hole changes.
final class PhotoTextureBandTests: XCTestCase {
  func testBandsGiveTheSameDetailAsOneBand() {
    // A picture with gradients, edges and noise (the holes' test pictures are smaller).
    var picture = RGBAImage(width: 180, height: 400)
    var rng = Xoshiro256StarStar(seed: 3, stream: 9)
    for y in 0..<400 {
      for x in 0..<180 {
        let p = (y * 180 + x) * 4
        let edge = (x / 23 + y / 31) % 2 == 0 ? 0 : 60
        picture.pixels[p] = UInt8((x + edge + rng.nextInt(in: 0...40)) % 256)
        picture.pixels[p + 1] = UInt8((y / 2 + edge) % 256)
        picture.pixels[p + 2] = UInt8(rng.nextInt(in: 0...255))
        picture.pixels[p + 3] = 255
      }
    }
    // Boxes of many bands, a last band of one row, one touching the top, every orientation.
    let boxes = [
      PixelRect(x: 30, y: 100, width: 90, height: 170), PixelRect(x: 0, y: 0, width: 120, height: 97),
      PixelRect(x: 60, y: 250, width: 100, height: 150),
    ]
    for box in boxes {
      for orientation in PhotoTexture.Orientation.allCases {
        var draw = Xoshiro256StarStar(seed: 11, stream: 1)
        let source = PhotoTexture.Source(image: picture, box: box, orientation: orientation, rng: &draw)
        for c in 0..<3 {
          let whole = PhotoTexture.channel(c, of: picture, from: source, bandRows: box.height)
          XCTAssertTrue(whole.total > 0, "\(box): the texture has detail")
          for bandRows in [16, 32, 96] {
            let banded = PhotoTexture.channel(c, of: picture, from: source, bandRows: bandRows)
            XCTAssertEqual(
              banded.detail, whole.detail, "\(box), \(orientation), channel \(c), bands of \(bandRows)")
            XCTAssertEqual(banded.total, whole.total)
            XCTAssertEqual(
              PhotoTexture.channelTotal(c, of: picture, from: source, bandRows: bandRows), whole.total,
              "the strength's pass sums what the texture holds")
          }
        }
        // The painter's bands: each band's texture at its own rows, read through the pixels.
        let wholes = (0..<3).map { PhotoTexture.channel($0, of: picture, from: source, bandRows: box.height) }
        picture.pixels.withUnsafeBufferPointer { pixels in
          for top in stride(from: 0, to: box.height, by: 40) {
            let rows = top..<min(box.height, top + 40)
            let band = PhotoTexture(source: source, rows: rows, pixels: pixels, imageWidth: picture.width)
            for y in rows {
              for x in stride(from: 0, to: box.width, by: 7) {
                let d = band.detail(x: box.x + x, y: box.y + y)
                let i = y * box.width + x
                XCTAssertEqual(
                  [d.0, d.1, d.2], wholes.map { Double($0.detail[i]) }, "\(box), \(orientation), (\(x), \(y))"
                )
              }
            }
          }
        }
      }
    }
  }
}

extension PhotoTexture {
  /// Channel `c`'s high-pass over the whole box, worked out in bands of `bandRows` rows: what the
  /// painter's bands and the strength's pass are held against.
  static func channel(_ c: Int, of image: RGBAImage, from source: Source, bandRows: Int)
    -> Channel
  {
    image.pixels.withUnsafeBufferPointer { pixels in
      var out = Channel(detail: [], total: 0)
      out.detail.reserveCapacity(source.box.width * source.box.height)
      for top in stride(from: 0, to: source.box.height, by: bandRows) {
        let band = detail(
          c, rows: top..<min(source.box.height, top + bandRows), from: source, pixels: pixels,
          imageWidth: image.width)
        out.detail += band.detail
        out.total += band.total
      }
      return out
    }
  }
}
