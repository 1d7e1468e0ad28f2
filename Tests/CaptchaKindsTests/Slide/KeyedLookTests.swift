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

/// What a key's numbers do to the pictures: the recess light comes from the key's angle, the rim
/// takes the key's colour, and a keyed captcha differs from the public one in the hole and the piece
/// while the answer stays where the seed put it.
final class KeyedLookTests: XCTestCase {
  /// A 40×40 square hole.
  static let square = CoverageMask(
    originX: 0, originY: 0, width: 40, height: 40, data: [UInt8](repeating: 255, count: 1600))

  static func rgba(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * image.width + x) * 4
    return Array(image.pixels[i..<(i + 4)])
  }

  func testLightFromTheKeysAngleShadowsTheEdgeFacingIt() {
    // From the left (180°): shadow along the left edge, highlight along the right; from below
    // (90°): shadow along the bottom, highlight along the top.
    let left = RecessShading(mask: Self.square, angle: 180, width: 1)
    XCTAssertLessThan(left.value(x: 1, y: 20), -0.3)
    XCTAssertGreaterThan(left.value(x: 38, y: 20), 0.3)
    XCTAssertEqual(left.value(x: 20, y: 20), 0)
    let below = RecessShading(mask: Self.square, angle: 90, width: 1.5)
    XCTAssertLessThan(below.value(x: 20, y: 38), -0.3)
    XCTAssertGreaterThan(below.value(x: 20, y: 1), 0.3)
  }

  func testPublicLightIsUnchangedByTheAngleCode() {
    // The eight-direction light (the public look) and the general one agree where they must.
    let eight = RecessShading(mask: Self.square, light: (-1, -1))
    let general = RecessShading(mask: Self.square, offset: (-2, -2), blur: 1)
    for (x, y) in [(0, 0), (1, 20), (20, 1), (38, 38), (20, 20)] {
      XCTAssertEqual(eight.value(x: x, y: y), general.value(x: x, y: y))
    }
  }

  func testRimMovesTowardsTheKeysColour() {
    var piece = RGBAImage(width: 40, height: 40, fill: (128, 128, 128, 255))
    var style = PieceStyle(rimWidth: 4, rimOpacity: 1)
    style.rimColour = PieceStyle.RimColour(r: 40, g: 200, b: 90)
    style.apply(to: &piece, mask: Self.square)
    XCTAssertEqual(Self.rgba(piece, 0, 20), [40, 200, 90, 255])
    XCTAssertEqual(Self.rgba(piece, 20, 20), [128, 128, 128, 255])
  }

  func testKeyedCaptchaKeepsTheAnswerAndChangesHoleAndPiece() throws {
    let bg = ProceduralBackground.make(width: 320, height: 160, seed: 4)
    var o = SlideOptions(difficulty: .normal)
    o.size = PixelSize(width: 320, height: 160)
    let plain = try SlideMaker.make(background: bg, source: nil, options: o, seed: 21)
    o.styleKey = try StyleKey(secret: "9f2c4e1a7b3d5c60")
    let keyed = try SlideMaker.make(background: bg, source: nil, options: o, seed: 21)
    XCTAssertEqual(keyed.answer.target, plain.answer.target)
    XCTAssertEqual(keyed, try SlideMaker.make(background: bg, source: nil, options: o, seed: 21))
    XCTAssertNotEqual(keyed.piece, plain.piece)
    // The hole's pixels differ from the public hole's in most of the piece box.
    let t = keyed.answer.target
    var differ = 0
    for y in t.y..<(t.y + 60) {
      for x in t.x..<(t.x + 60) where Self.rgba(keyed.background, x, y) != Self.rgba(plain.background, x, y) {
        differ += 1
      }
    }
    XCTAssertGreaterThan(differ, 60 * 60 / 3)
  }
}
