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

/// The bevel lights the piece's top-left inside edge, shades the bottom-right one, leaves the
/// middle and the alpha alone, and never touches the hole.
final class PieceBevelTests: XCTestCase {
  func testLitTopLeftShadedBottomRightAlphaKept() {
    let size = 40
    // A grey square piece inset by 4 px in its box.
    var m = CoverageMask(zeroOver: PixelRect(x: 0, y: 0, width: size, height: size))
    var piece = RGBAImage(width: size, height: size, fill: (0, 0, 0, 0))
    for y in 4..<36 {
      for x in 4..<36 {
        m.data[y * size + x] = 255
        piece.pixels.replaceSubrange((y * size + x) * 4..<(y * size + x) * 4 + 4, with: [128, 128, 128, 255])
      }
    }
    let before = piece
    PieceBevel().apply(to: &piece, mask: m)
    func v(_ x: Int, _ y: Int) -> Int { Int(piece.pixels[(y * size + x) * 4]) }
    XCTAssertGreaterThan(v(20, 4), 128 + 30, "top edge lit")
    XCTAssertGreaterThan(v(4, 20), 128 + 30, "left edge lit")
    XCTAssertLessThan(v(20, 35), 128 - 30, "bottom edge shaded")
    XCTAssertLessThan(v(35, 20), 128 - 30, "right edge shaded")
    XCTAssertEqual(v(20, 20), 128, "middle unchanged")
    XCTAssertGreaterThan(v(20, 5), v(20, 8), "the light fades inwards")
    for i in 0..<(size * size) {
      XCTAssertEqual(piece.pixels[i * 4 + 3], before.pixels[i * 4 + 3], "alpha unchanged")
      if m.data[i] == 0 { XCTAssertEqual(piece.pixels[i * 4], 0, "nothing outside the shape") }
    }
    var none = before
    PieceBevel(strength: 0).apply(to: &none, mask: m)
    XCTAssertEqual(none, before)
  }

  func testBevelChangesOnlyThePieceAndIsRecorded() throws {
    var plain = SlideOptions()
    plain.shape = BuiltinShape.circle
    var bevelled = plain
    bevelled.pieceStyle.bevel = PieceBevel(width: 3, strength: 0.6)
    let a = try SlideMaker.make(imagePath: nil, options: plain, seed: 8)
    let b = try SlideMaker.make(imagePath: nil, options: bevelled, seed: 8)
    XCTAssertEqual(a.background, b.background)
    XCTAssertNotEqual(a.piece, b.piece)
    XCTAssertEqual(a.answer.target, b.answer.target)
    XCTAssertEqual(b.answer.look.bevel, PieceBevel(width: 3, strength: 0.6))
    XCTAssertEqual(try SlideAnswer.parse(b.answer.jsonBytes, name: "a").look.bevel, b.answer.look.bevel)
    for i in 0..<(a.piece.width * a.piece.height) {
      XCTAssertEqual(a.piece.pixels[i * 4 + 3], b.piece.pixels[i * 4 + 3])
    }
  }

  func testValidation() {
    for bad in [
      PieceBevel(width: 0), PieceBevel(width: 17), PieceBevel(strength: -0.1), PieceBevel(strength: 2),
    ] {
      var o = SlideOptions()
      o.pieceStyle.bevel = bad
      XCTAssertThrowsError(try o.validate()) { XCTAssertTrue($0 is OptionError, "\($0)") }
    }
  }
}
