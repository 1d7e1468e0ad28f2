import CaptchaSupport
import VectorRaster
import XCTest

@testable import CaptchaImaging

/// `CoverageMask.blurred` works a tall mask out in bands of rows; every value must be the one a
/// single plane over the whole mask gives, or the holes' light and the piece's shadow change.
final class MaskBlurBandTests: XCTestCase {
  /// The blur on one plane over the whole mask (what `blurred` did before it worked in bands).
  static func wholePlane(_ mask: CoverageMask, radius: Int, passes: Int) -> [UInt8] {
    IntPlane(width: mask.width, height: mask.height, values: mask.data.map { Int32($0) })
      .boxBlurred(radius: radius, passes: passes).values.map { UInt8(min(255, $0)) }
  }

  func testBandsGiveTheWholePlanesValues() {
    var rng = Xoshiro256StarStar(seed: 41, stream: 2)
    // (width, height, radius, passes, band rows): bands much taller than the reach, bands
    // narrower than twice the reach (widened to it), a last band of one row, one band only.
    let cases = [
      (37, 700, 3, 2, 64), (23, 300, 40, 2, 64), (50, 257, 5, 3, 64), (19, 129, 1, 1, 16),
      (64, 90, 6, 2, 256),
    ]
    for (w, h, r, passes, band) in cases {
      // Coverage with solid areas, edges and noise, as the holes' masks have.
      let data = (0..<(w * h)).map { i -> UInt8 in
        let (x, y) = (i % w, i / w)
        if (x - w / 2) * (x - w / 2) + (y - h / 2) * (y - h / 2) / 16 < w * w / 9 { return 255 }
        return rng.nextInt(in: 0...3) == 0 ? UInt8(rng.nextInt(in: 0...255)) : 0
      }
      let mask = CoverageMask(originX: 7, originY: -3, width: w, height: h, data: data)
      let banded = mask.blurred(radius: r, passes: passes, bandRows: band)
      XCTAssertEqual(banded.rect, mask.rect)
      XCTAssertEqual(
        banded.data, Self.wholePlane(mask, radius: r, passes: passes),
        "\(w)×\(h), radius \(r), \(passes) passes, bands of \(band) rows")
    }
  }

  func testTheDefaultBlurOfATallMaskIsTheWholePlanes() {
    let (w, h) = (300, 1100)
    let data = (0..<(w * h)).map { i in UInt8((i % w) * (i / w) % 251) }
    let mask = CoverageMask(originX: 0, originY: 0, width: w, height: h, data: data)
    XCTAssertEqual(mask.blurred(radius: 35).data, Self.wholePlane(mask, radius: 35, passes: 2))
  }
}
