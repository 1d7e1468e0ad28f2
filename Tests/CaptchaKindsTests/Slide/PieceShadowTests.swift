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

/// The drop shadow: padding big enough for the whole shadow, the piece untouched where it is
/// opaque, the shadow below it, and the maker shifting start/target by the padding while the
/// background stays exactly what it is without a shadow.
final class PieceShadowTests: XCTestCase {
  /// An opaque grey piece with alpha = a disc's coverage filling its box.
  func discPiece(size: Int) -> RGBAImage {
    var img = RGBAImage(width: size, height: size, fill: (120, 160, 200, 0))
    let c = Double(size) / 2
    for y in 0..<size {
      for x in 0..<size {
        let dx = Double(x) + 0.5 - c
        let dy = Double(y) + 0.5 - c
        let a = min(1, max(0, c - (dx * dx + dy * dy).squareRoot()))
        img.pixels[(y * size + x) * 4 + 3] = UInt8((a * 255).rounded())
      }
    }
    return img
  }

  func testPaddingHoldsTheWholeShadow() {
    let piece = RGBAImage(width: 20, height: 20, fill: (0, 0, 0, 255))
    for (dx, dy, blur) in [(0, 0, 0), (1, 3, 3), (-5, 2, 1), (6, -7, 4), (0, 0, 6), (-20, 20, 2)] {
      let s = PieceShadow(offsetX: dx, offsetY: dy, blur: blur, opacity: 1)
      let pad = s.padding
      let out = s.apply(to: piece)
      XCTAssertEqual(out.width, 20 + pad.left + pad.right)
      XCTAssertEqual(out.height, 20 + pad.top + pad.bottom)
      // The same shadow in a frame 40 px larger on every side has no alpha outside our frame.
      let big = PieceShadow(offsetX: dx, offsetY: dy, blur: blur, opacity: 1)
      var bigPiece = RGBAImage(width: 100, height: 100, fill: (0, 0, 0, 0))
      for y in 0..<20 {
        for x in 0..<20 { bigPiece.pixels[((y + 40) * 100 + x + 40) * 4 + 3] = 255 }
      }
      let wide = big.apply(to: bigPiece)
      var outside = 0
      let ox = 40 + big.padding.left
      let oy = 40 + big.padding.top
      for y in 0..<wide.height {
        for x in 0..<wide.width where wide.pixels[(y * wide.width + x) * 4 + 3] > 0 {
          let inFrame =
            x >= ox - pad.left && x < ox + 20 + pad.right && y >= oy - pad.top && y < oy + 20 + pad.bottom
          if !inFrame { outside += 1 }
        }
      }
      XCTAssertEqual(outside, 0, "offset \(dx),\(dy) blur \(blur): shadow beyond the padding")
      // And the padding is not wasteful: the shadow reaches the padded sides.
      let lastCol = (0..<out.height).map { out.pixels[($0 * out.width + out.width - 1) * 4 + 3] }
      let lastRow = (0..<out.width).map { out.pixels[((out.height - 1) * out.width + $0) * 4 + 3] }
      let firstCol = (0..<out.height).map { out.pixels[$0 * out.width * 4 + 3] }
      let firstRow = (0..<out.width).map { out.pixels[$0 * 4 + 3] }
      for (side, n, line) in [
        ("right", pad.right, lastCol), ("bottom", pad.bottom, lastRow), ("left", pad.left, firstCol),
        ("top", pad.top, firstRow),
      ] where n > 0 {
        XCTAssertTrue(line.contains { $0 > 0 }, "offset \(dx),\(dy) blur \(blur): \(side) padding unused")
      }
    }
  }

  func testOpaquePiecePixelsAreUntouchedAndTheShadowFallsBelowRight() {
    let piece = discPiece(size: 40)
    let s = PieceShadow()  // 1,3 blur 3 opacity 0.5
    let out = s.apply(to: piece)
    let pad = s.padding
    XCTAssertEqual(pad, PiecePadding(left: 5, top: 3, right: 7, bottom: 9))
    var edges = 0
    for y in 0..<40 {
      for x in 0..<40 {
        let p = (y * 40 + x) * 4
        let q = ((y + pad.top) * out.width + x + pad.left) * 4
        let a = piece.pixels[p + 3]
        if a == 255 {
          XCTAssertEqual(Array(out.pixels[q..<q + 4]), Array(piece.pixels[p..<p + 4]), "\(x),\(y)")
        } else {
          XCTAssertGreaterThanOrEqual(out.pixels[q + 3], a, "over never lowers alpha at \(x),\(y)")
          if a > 0 { edges += 1 }
        }
      }
    }
    XCTAssertGreaterThan(edges, 40)
    // Below the disc (offset down), black at a clear alpha; above it, much fainter.
    let below = ((pad.top + 40 + 1) * out.width + pad.left + 21) * 4
    let above = ((pad.top - 2) * out.width + pad.left + 20) * 4
    XCTAssertEqual(Array(out.pixels[below..<below + 3]), [0, 0, 0])
    XCTAssertGreaterThan(out.pixels[below + 3], 40)
    XCTAssertLessThan(out.pixels[above + 3], out.pixels[below + 3] / 2)
    // Opacity 0: padding only, no shadow.
    let none = PieceShadow(opacity: 0).apply(to: piece)
    for y in 0..<none.height {
      for x in 0..<none.width {
        let inBox = x >= pad.left && x < pad.left + 40 && y >= pad.top && y < pad.top + 40
        if !inBox { XCTAssertEqual(none.pixels[(y * none.width + x) * 4 + 3], 0) }
      }
    }
  }

  func testMakerShiftsStartAndTargetByThePaddingAndKeepsTheBackground() throws {
    for mode in DragMode.allCases {
      var plainOptions = SlideOptions()
      plainOptions.mode = mode
      var options = plainOptions
      options.pieceShadow = PieceShadow(offsetX: -2, offsetY: 4, blur: 2, opacity: 0.7)
      let pad = options.pieceShadow!.padding
      let plain = try SlideMaker.make(imagePath: nil, options: plainOptions, seed: 5)
      let shadowed = try SlideMaker.make(imagePath: nil, options: options, seed: 5)
      XCTAssertEqual(shadowed.background, plain.background, "\(mode): same hole with or without shadow")
      let a = shadowed.answer
      XCTAssertEqual(a.target.x, plain.answer.target.x - pad.left)
      XCTAssertEqual(a.target.y, plain.answer.target.y - pad.top)
      XCTAssertEqual(a.start.x, plain.answer.start.x - pad.left)
      XCTAssertEqual(a.start.y, plain.answer.start.y - pad.top)
      XCTAssertEqual(a.piece.width, plain.piece.width + pad.left + pad.right)
      XCTAssertEqual(a.piece.height, plain.piece.height + pad.top + pad.bottom)
      XCTAssertEqual(a.look.padding, pad)
      XCTAssertEqual(a.look.shadow, options.pieceShadow)
      XCTAssertNil(plain.answer.look.padding)
      // The unshadowed piece sits at (left, top) inside the padded one, same pixels where opaque.
      let pp = plain.piece
      for y in 0..<pp.height {
        for x in 0..<pp.width where pp.pixels[(y * pp.width + x) * 4 + 3] == 255 {
          let p = (y * pp.width + x) * 4
          let q = ((y + pad.top) * shadowed.piece.width + x + pad.left) * 4
          XCTAssertEqual(Array(shadowed.piece.pixels[q..<q + 4]), Array(pp.pixels[p..<p + 4]))
        }
      }
      XCTAssertTrue(SlideVerifier.verify(answer: a, x: Double(a.target.x), y: Double(a.target.y)))
      XCTAssertFalse(
        SlideVerifier.verify(
          answer: a, x: Double(plain.answer.target.x + 6), y: Double(plain.answer.target.y)))
    }
  }

  func testStripWithShadowIsThePaddedPieceInAFullHeightStrip() throws {
    var tight = SlideOptions()
    tight.pieceShadow = PieceShadow()
    var strip = tight
    strip.pieceLayout = .strip
    for seed: UInt64 in [1, 2, 3, 4] {
      let t = try SlideMaker.make(imagePath: nil, options: tight, seed: seed)
      let s = try SlideMaker.make(imagePath: nil, options: strip, seed: seed)
      XCTAssertEqual(s.background, t.background)
      XCTAssertEqual(s.answer.target, PiecePosition(x: t.answer.target.x, y: 0))
      XCTAssertEqual(s.answer.start, PiecePosition(x: t.answer.start.x, y: 0))
      XCTAssertEqual(s.piece.width, t.piece.width)
      XCTAssertEqual(s.piece.height, t.background.height)
      XCTAssertEqual(s.answer.look.padding, t.answer.look.padding)
      // Row r of the strip is row r − target.y of the tight padded piece (rows off the background cut).
      for y in 0..<s.piece.height {
        let ty = y - t.answer.target.y
        for x in 0..<s.piece.width {
          let p = (y * s.piece.width + x) * 4
          if ty >= 0 && ty < t.piece.height {
            let q = (ty * t.piece.width + x) * 4
            XCTAssertEqual(Array(s.piece.pixels[p..<p + 4]), Array(t.piece.pixels[q..<q + 4]))
          } else {
            XCTAssertEqual(s.piece.pixels[p + 3], 0)
          }
        }
      }
    }
  }

  func testPaddedPieceMayOverhangTheBackgroundEdge() throws {
    // A large offset up-left: piece.png starts above and left of the hole box, so near the top-left
    // edge its corner lies outside the background (negative coordinates), and verify still works.
    var options = SlideOptions()
    options.mode = .free
    options.pieceShadow = PieceShadow(offsetX: -12, offsetY: -12, blur: 2, opacity: 0.5)
    var found = false
    for seed: UInt64 in 0..<200 {
      let c = try SlideMaker.make(imagePath: nil, options: options, seed: seed)
      guard c.answer.target.x < 0 || c.answer.target.y < 0 else { continue }
      found = true
      let a = c.answer
      XCTAssertTrue(SlideVerifier.verify(answer: a, x: Double(a.target.x), y: Double(a.target.y)))
      XCTAssertTrue(SlideVerifier.verify(answer: a, x: Double(a.target.x + 3), y: Double(a.target.y - 2)))
      XCTAssertFalse(SlideVerifier.verify(answer: a, x: Double(a.target.x + 9), y: Double(a.target.y)))
      break
    }
    XCTAssertTrue(found, "some seed puts the padded piece past the top-left edge")
  }

  func testValidationRejectsBadShadows() {
    for bad in [
      PieceShadow(offsetX: 65), PieceShadow(offsetY: -70), PieceShadow(blur: -1), PieceShadow(blur: 33),
      PieceShadow(opacity: 1.2), PieceShadow(opacity: .nan),
    ] {
      var o = SlideOptions()
      o.pieceShadow = bad
      XCTAssertThrowsError(try o.validate()) { XCTAssertTrue($0 is OptionError, "\($0)") }
    }
  }
}
