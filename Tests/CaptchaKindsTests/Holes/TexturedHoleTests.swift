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

/// The textured hole (the hardened presets' hole since issue 12): its fill holds nothing of the
/// pixels it replaces, only pixels under the outline change, its light shows which side faces
/// the light, and its random choices depend only on the seed.
final class TexturedHoleTests: XCTestCase {
  func picture(_ w: Int, _ h: Int) -> RGBAImage { HoleTestPictures.picture(w, h) }
  func square(_ rect: PixelRect) -> CoverageMask { HoleTestPictures.square(rect) }

  let hole = PixelRect(x: 40, y: 40, width: 24, height: 24)

  func testFillDoesNotDependOnThePixelsItReplaces() {
    var a = picture(120, 120)
    var b = a
    for y in hole.y..<hole.maxY {
      for x in hole.x..<hole.maxX {
        let p = (y * 120 + x) * 4
        b.pixels[p] = 255 &- b.pixels[p]
        b.pixels[p + 1] = UInt8((x * 7 + y * 13) % 256)
      }
    }
    XCTAssertTrue(a != b)
    TexturedHole(seed: 5).render(into: &a, weight: square(hole))
    TexturedHole(seed: 5).render(into: &b, weight: square(hole))
    XCTAssertTrue(a == b, "the hole's pixels depend on the picture they replace")
  }

  func testAHoleAtThePicturesEdgeNeverReadsItsOwnPixels() {
    // Boxes touching the top and the bottom: the half facing the edge has no rows on its side.
    for box in [
      PixelRect(x: 30, y: 0, width: 40, height: 40), PixelRect(x: 30, y: 60, width: 40, height: 40),
    ] {
      var a = picture(120, 100)
      var b = a
      for y in box.y..<box.maxY {
        for x in box.x..<box.maxX {
          let p = (y * 120 + x) * 4
          b.pixels[p] = UInt8((x * 31 + y * 17) % 256)
          b.pixels[p + 2] = 255 &- b.pixels[p + 2]
        }
      }
      TexturedHole(seed: 9).render(into: &a, weight: square(box))
      TexturedHole(seed: 9).render(into: &b, weight: square(box))
      XCTAssertTrue(a == b, "the hole at \(box) reads the pixels it replaces")
    }
  }

  func testOnlyPixelsUnderTheOutlineChangeAndTheFillHasTexture() {
    let original = picture(120, 120)
    var img = original
    TexturedHole(seed: 1).render(into: &img, weight: square(hole))
    var inside: [Int] = []
    for y in 0..<120 {
      for x in 0..<120 {
        let p = (y * 120 + x) * 4
        if x >= hole.x && x < hole.maxX && y >= hole.y && y < hole.maxY {
          inside.append(Int(img.pixels[p + 1]))
        } else {
          XCTAssertEqual(img.pixels[p], original.pixels[p], "pixel (\(x), \(y)) outside the hole changed")
        }
      }
    }
    // The lent checker texture keeps the hole from being a flat patch.
    let mean = Double(inside.reduce(0, +)) / Double(inside.count)
    let spread =
      (inside.map { (Double($0) - mean) * (Double($0) - mean) }.reduce(0, +) / Double(inside.count))
      .squareRoot()
    XCTAssertGreaterThan(spread, 8, "the hole has no texture")
  }

  func testRecessIsDarkOnTheSideFacingTheLightAndLightOnTheOther() {
    // A flat grey picture: everything the hole shows is its light.
    for (light, dark, bright) in [(0, (41, 52), (62, 52)), (4, (62, 52), (41, 52))] {
      var img = RGBAImage(width: 120, height: 120, fill: (128, 128, 128, 255))
      TexturedHole(light: light, seed: 3).render(into: &img, weight: square(hole))
      func green(_ x: Int, _ y: Int) -> Int { Int(img.pixels[(y * 120 + x) * 4 + 1]) }
      XCTAssertLessThan(green(dark.0, dark.1), 120, "light \(light): the shadowed side")
      XCTAssertGreaterThan(green(bright.0, bright.1), 136, "light \(light): the lit side")
      XCTAssertEqual(
        green(52, 52), 128, accuracy: 2, "light \(light): the middle keeps the surroundings' grey")
    }
  }

  func testLookDependsOnlyOnTheSeed() {
    let base = picture(120, 120)
    var a = base
    var b = base
    var c = base
    TexturedHole(seed: 11).render(into: &a, weight: square(hole))
    TexturedHole(seed: 11).render(into: &b, weight: square(hole))
    TexturedHole().render(into: &c, weight: square(hole), seed: 12)
    XCTAssertTrue(a == b, "same seed, different hole")
    XCTAssertTrue(a != c, "different seeds, same hole")
  }

  func testDifficultyPresets() {
    XCTAssertEqual(SlideOptions(difficulty: .classic).holeStyle.name, "shade")
    XCTAssertEqual(SlideOptions(difficulty: .classic).pieceStyle, PieceStyle())
    XCTAssertEqual(SlideOptions(difficulty: .classic).decoys, DecoySettings())
    let decoys = [
      Difficulty.easy: DecoySettings(count: 1, band: 0), .normal: DecoySettings(count: 1, band: 0),
      .hard: DecoySettings(count: 4, band: 0, twins: true),
    ]
    for (level, expected) in decoys {
      let o = SlideOptions(difficulty: level)
      XCTAssertEqual(o.holeStyle.name, "texture")
      XCTAssertEqual(o.decoys, expected, "\(level): every decoy on the piece's row")
      XCTAssertEqual(o.pieceStyle.rimOpacity, 1, "an opaque rim hides the piece's border pixels")
      XCTAssertLessThan(o.pieceStyle.rimWidth, 5, "thinner than the striped look's 5 px rim")
    }
  }
}
