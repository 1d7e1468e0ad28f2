import XCTest

@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport

/// The rotate kind's built-in picture: the same seed gives the same pixels, the disc is full of
/// objects, nothing global says where up is, and `make` without a picture uses it.
final class ObjectSceneTests: XCTestCase {
  let focus = ObjectScene.Focus(x: 160, y: 80, radius: 60)

  func testSameSeedSamePixelsOtherSeedOtherPicture() {
    let a = ObjectScene.make(width: 320, height: 160, seed: 3, focus: focus)
    XCTAssertEqual(a, ObjectScene.make(width: 320, height: 160, seed: 3, focus: focus))
    XCTAssertNotEqual(a, ObjectScene.make(width: 320, height: 160, seed: 4, focus: focus))
    XCTAssertTrue(a.isOpaque)
  }

  /// Luma (0…255) of pixel (x, y).
  func luma(_ im: RGBAImage, _ x: Int, _ y: Int) -> Double {
    let p = (y * im.width + x) * 4
    return 0.299 * Double(im.pixels[p]) + 0.587 * Double(im.pixels[p + 1]) + 0.114 * Double(im.pixels[p + 2])
  }

  func testTheDiscHoldsObjectsAndItsTopHalfIsNoLighterThanItsBottom() {
    var difference = 0.0
    for seed: UInt64 in 1...24 {
      let im = ObjectScene.make(width: 320, height: 160, seed: seed, focus: focus)
      var (top, bottom, nTop, nBottom) = (0.0, 0.0, 0.0, 0.0)
      var values: [Double] = []
      for y in 20..<140 {
        for x in 100..<220 where (x - 160) * (x - 160) + (y - 80) * (y - 80) < 3600 {
          let v = luma(im, x, y)
          values.append(v)
          if y < 80 {
            (top, nTop) = (top + v, nTop + 1)
          } else {
            (bottom, nBottom) = (bottom + v, nBottom + 1)
          }
        }
      }
      difference += top / nTop - bottom / nBottom
      // Objects stand out from the ground: a good share of the disc is far from its median luma.
      let median = values.sorted()[values.count / 2]
      let far = values.filter { abs($0 - median) > 20 }.count
      XCTAssertGreaterThan(
        Double(far) / Double(values.count), 0.15, "seed \(seed): too few objects in the disc")
    }
    // The landscape's sky makes the top half tens of levels lighter; here it averages out.
    XCTAssertLessThan(abs(difference / 24), 6)
  }

  func testMakeWithoutAPictureDrawsTheObjectScene() throws {
    let kind = RotateKind(options: RotateOptions(backgroundStage: BackgroundStage()))
    let made = try kind.make(imagePath: nil, seed: 9)
    let answer = try RotateAnswer.parse(made.files.bytes(named: "answer.json")!, name: "a")
    XCTAssertNil(answer.variation, "the landscape's variation is not applied to the object scene")
    var plain = RotateOptions(backgroundStage: BackgroundStage())
    plain.objectScene = false
    let landscape = try RotateKind(options: plain).make(imagePath: nil, seed: 9)
    XCTAssertNotEqual(made.files.bytes(named: "piece.png"), landscape.files.bytes(named: "piece.png"))
  }
}
