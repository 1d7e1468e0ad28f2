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

/// Every catalog shape through the real maker: the piece's alpha is the shape's own mask.
final class ShapeMakeIntegrationTests: XCTestCase {
  func testPieceAlphaIsTheShapeMaskForEveryShape() throws {
    let bg = ProceduralBackground.make(width: 320, height: 160, seed: 3)
    var shapes = ShapeCatalog.all
    shapes.append(try CustomShape(pathData: "M0 0H10V10H0Z M3 3H7V7H3Z", fillRule: .evenodd))
    for shape in shapes {
      var o = SlideOptions()
      o.shape = shape
      o.pieceSize = 62
      let c = try SlideMaker.make(background: bg, source: nil, options: o, seed: 11)
      XCTAssertEqual(c.answer.shape, shape.name)
      XCTAssertEqual(c.piece.width, 62)
      let alpha = stride(from: 3, to: c.piece.pixels.count, by: 4).map { c.piece.pixels[$0] }
      XCTAssertGreaterThan(alpha.filter { $0 == 255 }.count, 500, shape.name)
      guard shape.name != "jigsaw" else { continue }  // its seed comes from the maker's own stream
      let mask = try shape.coverageMask(size: 62, seed: 0)
      let worst = zip(alpha, mask.data).map { abs(Int($0) - Int($1)) }.max() ?? 0
      XCTAssertLessThanOrEqual(worst, 1, "\(shape.name): piece alpha differs from the shape mask")
    }
  }

  func testJigsawPiecesVaryWithTheCaptchaSeed() throws {
    let bg = ProceduralBackground.make(width: 320, height: 160, seed: 3)
    var o = SlideOptions()
    o.shape = JigsawShape()
    var alphas = Set<[UInt8]>()
    for seed: UInt64 in 1...6 {
      let c = try SlideMaker.make(background: bg, source: nil, options: o, seed: seed)
      alphas.insert(stride(from: 3, to: c.piece.pixels.count, by: 4).map { c.piece.pixels[$0] })
    }
    XCTAssertEqual(alphas.count, 6)
  }
}
