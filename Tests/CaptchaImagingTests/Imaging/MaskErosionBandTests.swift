import CaptchaSupport
import VectorRaster
import XCTest

@testable import CaptchaImaging

/// `CoverageMask.eroded` works a tall mask out in bands of rows; every value must be the disc's
/// minimum over the whole mask, or the piece's rim and the holes' edges change.
final class MaskErosionBandTests: XCTestCase {
  /// The minimum over every pixel whose centre lies within `radius`, pixels outside the mask
  /// counting as 0, worked out pixel by pixel.
  static func discMinimum(_ mask: CoverageMask, radius: Double) -> [UInt8] {
    let (w, h) = (mask.width, mask.height)
    let r = Int(radius.rounded(.down))
    var out = [UInt8](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var v: UInt8 = 255
        for dy in -r...r {
          for dx in -r...r where Double(dx * dx + dy * dy) <= radius * radius {
            let (sx, sy) = (x + dx, y + dy)
            let s = sx < 0 || sy < 0 || sx >= w || sy >= h ? 0 : mask.data[sy * w + sx]
            v = min(v, s)
          }
        }
        out[y * w + x] = v
      }
    }
    return out
  }

  /// Coverage with solid areas, edges and noise, as the pieces' masks have.
  static func mask(width w: Int, height h: Int, rng: inout Xoshiro256StarStar) -> CoverageMask {
    let data = (0..<(w * h)).map { i -> UInt8 in
      let (x, y) = (i % w, i / w)
      if (x - w / 2) * (x - w / 2) + (y - h / 2) * (y - h / 2) / 16 < w * w / 9 {
        return rng.nextInt(in: 0...7) == 0 ? UInt8(rng.nextInt(in: 128...255)) : 255
      }
      return rng.nextInt(in: 0...3) == 0 ? UInt8(rng.nextInt(in: 0...255)) : 0
    }
    return CoverageMask(originX: 5, originY: -2, width: w, height: h, data: data)
  }

  func testBandsGiveTheDiscsMinimum() {
    var rng = Xoshiro256StarStar(seed: 43, stream: 3)
    // (width, height, radius, band rows): bands much taller than the radius, bands thinner than
    // the radius, a last band of one row, one band only.
    let cases: [(Int, Int, Double, Int)] = [
      (37, 300, 1, 64), (23, 200, 4, 3), (50, 129, 1.5, 16), (19, 97, 7.3, 32), (64, 90, 2.5, 256),
    ]
    for (w, h, radius, band) in cases {
      let mask = Self.mask(width: w, height: h, rng: &rng)
      let banded = mask.eroded(radius: radius, bandRows: band)
      XCTAssertEqual(banded.rect, mask.rect)
      XCTAssertEqual(
        banded.data, Self.discMinimum(mask, radius: radius),
        "\(w)×\(h), radius \(radius), bands of \(band) rows")
    }
  }

  func testTheDefaultErosionOfATallMaskIsTheDiscsMinimum() {
    var rng = Xoshiro256StarStar(seed: 44, stream: 3)
    let mask = Self.mask(width: 60, height: 700, rng: &rng)
    XCTAssertEqual(mask.eroded(radius: 4).data, Self.discMinimum(mask, radius: 4))
  }

  func testCroppingToItsOwnRectKeepsTheMask() {
    var rng = Xoshiro256StarStar(seed: 45, stream: 3)
    let mask = Self.mask(width: 30, height: 20, rng: &rng)
    XCTAssertEqual(mask.cropped(to: mask.rect), mask)
    let grown = PixelRect(x: mask.originX - 1, y: mask.originY, width: mask.width + 1, height: mask.height)
    let cropped = mask.cropped(to: grown)
    XCTAssertEqual(cropped.rect, grown)
    XCTAssertEqual(cropped.data[0], 0)
    XCTAssertEqual(cropped.data[1], mask.data[0])
  }
}
