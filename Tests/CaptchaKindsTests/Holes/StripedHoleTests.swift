import XCTest

@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

/// The striped hole's promises beyond the contract every style keeps (HoleStyleTests): its fill
/// holds nothing of the pixels it replaces, its brightness continues the surroundings, its visible
/// edge lies `inset` pixels inside the outline, and its random look depends only on the seed.
final class StripedHoleTests: XCTestCase {
  func picture(_ w: Int, _ h: Int) -> RGBAImage { HoleTestPictures.picture(w, h) }
  func square(_ rect: PixelRect) -> CoverageMask { HoleTestPictures.square(rect) }

  let hole = PixelRect(x: 40, y: 30, width: 40, height: 40)

  func testFillDoesNotDependOnThePixelsItReplaces() {
    // Two pictures that differ only where the hole is drawn (inside the inset) give the same
    // holed picture: an attacker correlating the piece with the hole has nothing to find.
    var a = picture(120, 100)
    var b = a
    let style = StripedHole(inset: 4, seed: 5)
    for y in (hole.y + 4)..<(hole.maxY - 4) {
      for x in (hole.x + 4)..<(hole.maxX - 4) {
        let p = (y * 120 + x) * 4
        b.pixels[p] = 255 &- b.pixels[p]
        b.pixels[p + 2] = UInt8((x * 7 + y * 13) % 256)
      }
    }
    XCTAssertTrue(a != b)
    style.render(into: &a, weight: square(hole))
    style.render(into: &b, weight: square(hole))
    XCTAssertTrue(a == b, "the hole's pixels depend on the picture they replace")
  }

  func testOnlyPixelsInsideTheInsetChange() {
    let original = picture(120, 100)
    var img = original
    let style = StripedHole(inset: 4, seed: 1)
    style.render(into: &img, weight: square(hole))
    var changedInside = 0
    for y in 0..<100 {
      for x in 0..<120 {
        let p = (y * 120 + x) * 4
        let same = (0..<4).allSatisfy { img.pixels[p + $0] == original.pixels[p + $0] }
        let deepInside = x >= hole.x + 4 && x < hole.maxX - 4 && y >= hole.y + 4 && y < hole.maxY - 4
        if !deepInside {
          XCTAssertTrue(same, "pixel (\(x), \(y)) outside the inset hole changed")
        } else if !same {
          changedInside += 1
        }
      }
    }
    XCTAssertGreaterThan(changedInside, 30 * 30)
  }

  func testBrightnessContinuesTheSurroundings() {
    // No darkening or lightening to find: the hole's mean luma is within a few levels of the ring
    // just outside it, while its local contrast is clearly visible.
    var img = picture(120, 100)
    let original = img
    StripedHole(seed: 3).render(into: &img, weight: square(hole))
    func luma(_ im: RGBAImage, _ x: Int, _ y: Int) -> Double {
      let p = (y * im.width + x) * 4
      return (Double(im.pixels[p]) * 77 + Double(im.pixels[p + 1]) * 150 + Double(im.pixels[p + 2]) * 29)
        / 256
    }
    var inside: [Double] = []
    var ring: [Double] = []
    for y in (hole.y - 6)..<(hole.maxY + 6) {
      for x in (hole.x - 6)..<(hole.maxX + 6) {
        let inHole = x >= hole.x + 4 && x < hole.maxX - 4 && y >= hole.y + 4 && y < hole.maxY - 4
        let inRing = x < hole.x || x >= hole.maxX || y < hole.y || y >= hole.maxY
        if inHole { inside.append(luma(img, x, y)) }
        if inRing { ring.append(luma(original, x, y)) }
      }
    }
    let meanInside = inside.reduce(0, +) / Double(inside.count)
    let meanRing = ring.reduce(0, +) / Double(ring.count)
    XCTAssertEqual(meanInside, meanRing, accuracy: 8)
    let spread = (inside.map { ($0 - meanInside) * ($0 - meanInside) }.reduce(0, +) / Double(inside.count))
      .squareRoot()
    XCTAssertGreaterThan(spread, 15, "the stripes must be visible")
  }

  func testLookDependsOnlyOnTheSeed() {
    let base = picture(120, 100)
    var a = base
    var b = base
    var c = base
    StripedHole(seed: 11).render(into: &a, weight: square(hole))
    StripedHole(seed: 11).render(into: &b, weight: square(hole))
    StripedHole().render(into: &c, weight: square(hole), seed: 12)
    XCTAssertTrue(a == b, "same seed, different hole")
    XCTAssertTrue(a != c, "different seeds, same hole")
  }

  func testPresetDefaultsMatchWhatTheCommandLineFallsBackTo() {
    // What the command line's --hole-opacity and --shape fall back to is what each preset sets.
    for level in Difficulty.allCases {
      let o = SlideOptions(difficulty: level)
      XCTAssertEqual(o.holeStyle.name, level.defaultHoleStyle.rawValue)
      XCTAssertEqual(o.shape.name, level.defaultShape.rawValue)
    }
  }
}
