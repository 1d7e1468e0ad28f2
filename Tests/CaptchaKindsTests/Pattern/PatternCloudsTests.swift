import CaptchaImaging
import CaptchaSupport
import XCTest

@testable import CaptchaHoles
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide

/// The clouds laid under the markers where the picture is flat (issue 31): a night sky gets light
/// and dark patches, a picture with texture of its own is left as it was.
final class PatternCloudsTests: XCTestCase {
  let palette = PatternPalette(colours: [
    PatternColor(r: 20, g: 20, b: 30), PatternColor(r: 200, g: 190, b: 170),
    PatternColor(r: 60, g: 90, b: 140),
  ])

  func lumas(_ image: RGBAImage) -> [Double] {
    (0..<(image.width * image.height)).map { i in
      PatternColor(
        r: Double(image.pixels[i * 4]), g: Double(image.pixels[i * 4 + 1]), b: Double(image.pixels[i * 4 + 2])
      ).luma
    }
  }

  /// A black picture with a single bright pixel every 9 pixels each way, like stars.
  func starfield() -> RGBAImage {
    var image = RGBAImage(width: 240, height: 240, fill: (4, 4, 6, 255))
    for y in stride(from: 3, to: 240, by: 9) {
      for x in stride(from: 5, to: 240, by: 9) {
        let o = (y * 240 + x) * 4
        for k in 0..<3 { image.pixels[o + k] = 250 }
      }
    }
    return image
  }

  func testAStarfieldCountsAsFlatAndGetsLightAndDarkPatches() {
    let before = starfield()
    let flat = PatternClouds.flatnessMap(before, radius: 16)
    XCTAssertGreaterThan(flat.min() ?? 0, 0.99, "isolated specks do not make a picture textured")
    var rng = Xoshiro256StarStar(seed: 7)
    var after = before
    PatternClouds.apply(to: &after, palette: palette, cell: 80, rng: &rng)
    let l = lumas(after)
    let light = l.filter { $0 > 100 }.count
    let dark = l.filter { $0 < 50 }.count
    XCTAssertGreaterThan(light, l.count / 5, "light patches over the black sky")
    XCTAssertGreaterThan(dark, l.count / 5, "dark patches between them")
  }

  func testAPictureWithTextureOfItsOwnIsLeftAsItWas() {
    var before = RGBAImage(width: 240, height: 240, fill: (0, 0, 0, 255))
    for y in 0..<240 {
      for x in 0..<240 {
        let v: UInt8 = (x / 8 + y / 8) % 2 == 0 ? 70 : 170
        let o = (y * 240 + x) * 4
        for k in 0..<3 { before.pixels[o + k] = v }
      }
    }
    var rng = Xoshiro256StarStar(seed: 7)
    var after = before
    PatternClouds.apply(to: &after, palette: palette, cell: 80, rng: &rng)
    XCTAssertEqual(after.pixels, before.pixels)
  }
}
