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

/// For every hole style, with and without a drop shadow, piece.png laid over background.png at the
/// answer's target (straight-alpha "source over") gives back the original background:
///
/// - exactly (all four channels) wherever the shape's coverage a is 255, and outside piece.png;
/// - on edge pixels (0 < a < 255) without a shadow, within a·(1 − a)·255 ≤ 64 levels: the hole
///   shows through by (1 − a) and a style moves a pixel by at most a of the way;
/// - with a shadow, where the shape's coverage is below 255 inside piece.png, within
///   (1 − a)·(a + opacity)·255 levels: the shadow darkens by at most `opacity` what the piece
///   does not cover (outside the shape, a = 0, that is the shadow itself, ≤ opacity·255).
///
/// The rim is off here (it lightens the piece's inside edge on purpose).
final class StyleRestoreTests: XCTestCase {

  func check(style: HoleStyleName, shadow: PieceShadow?, shape: any PieceShape, seed: UInt64) throws {
    var o = SlideOptions()
    o.size = PixelSize(width: 240, height: 120)
    o.mode = .free
    o.shape = shape
    o.pieceStyle = PieceStyle(rimWidth: 0)
    o.holeStyle = try HoleStyleCatalog.style(style)
    o.pieceShadow = shadow
    let original = ProceduralBackground.make(width: 240, height: 120, seed: seed)
    let c = try SlideMaker.make(imagePath: nil, options: o, seed: seed)
    let a = c.answer
    let pad = shadow?.padding ?? .zero
    // The shape's coverage, from the same captcha made without a shadow.
    var plainOptions = o
    plainOptions.pieceShadow = nil
    let plain = try SlideMaker.make(imagePath: nil, options: plainOptions, seed: seed)
    let box = PixelRect(
      x: a.target.x + pad.left, y: a.target.y + pad.top, width: plain.piece.width, height: plain.piece.height)
    func coverage(_ x: Int, _ y: Int) -> Int {
      guard x >= box.x, y >= box.y, x < box.maxX, y < box.maxY else { return 0 }
      return Int(plain.piece.pixels[((y - box.y) * box.width + x - box.x) * 4 + 3])
    }
    let restored = CompositionTestImages.place(c.piece, over: c.background, x: a.target.x, y: a.target.y)
    let opacity = shadow?.opacity ?? 0
    var worstEdge = 0
    var shadowSeen = 0
    let name = "\(style) \(shape.name) shadow=\(shadow != nil) seed \(seed)"
    for y in 0..<original.height {
      for x in 0..<original.width {
        let p = (y * original.width + x) * 4
        let cov = coverage(x, y)
        let inPiece =
          x >= a.target.x && y >= a.target.y && x < a.target.x + c.piece.width
          && y < a.target.y + c.piece.height
        let diff = (0..<4).map { abs(Int(restored.pixels[p + $0]) - Int(original.pixels[p + $0])) }.max()!
        if cov == 255 || !inPiece {
          XCTAssertEqual(diff, 0, "\(name): at \(x),\(y) (coverage \(cov))")
          continue
        }
        let af = Double(cov) / 255
        let bound = Int(((1 - af) * (af + opacity) * 255).rounded(.up)) + 1
        XCTAssertLessThanOrEqual(diff, bound, "\(name): at \(x),\(y) (coverage \(cov))")
        if cov > 0 { worstEdge = max(worstEdge, diff) }
        if cov == 0 && diff > 8 { shadowSeen += 1 }
      }
    }
    if shadow == nil {
      XCTAssertLessThanOrEqual(worstEdge, 64, name)
    } else {
      XCTAssertGreaterThan(shadowSeen, 20, "\(name): the shadow shows around the piece")
    }
  }

  func testEveryStyleRestoresTheBackgroundWithAndWithoutShadow() throws {
    let shapes: [any PieceShape] = [
      BuiltinShape.classic, BuiltinShapeName.star.shape,
      RotatedShape(base: BuiltinShapeName.tabs.shape, degrees: 20),
    ]
    for style in HoleStyleName.allCases {
      for shadow in [nil, PieceShadow(), PieceShadow(offsetX: -4, offsetY: 0, blur: 0, opacity: 1)] {
        for (i, shape) in shapes.enumerated() {
          try check(style: style, shadow: shadow, shape: shape, seed: UInt64(11 + i))
        }
      }
    }
  }
}
