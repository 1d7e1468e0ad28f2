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

final class ComposerTests: XCTestCase {
  func testPieceAlphaIsExactlyTheHoleWeightAndNothingOutsideChanges() {
    let bg = CompositionTestImages.noise(80, 50, seed: 1)
    let box = PixelRect(x: 37, y: 9, width: 30, height: 30)
    let mask = CompositionTestImages.disc(originX: 37, originY: 9, size: 30)
    let c = Composer.compose(background: bg, mask: mask, pieceBox: box)
    XCTAssertEqual(c.piece.width, 30)
    XCTAssertEqual(c.piece.height, 30)
    XCTAssertEqual(c.holeWeight.rect, box)
    var partial = 0
    for y in 0..<bg.height {
      for x in 0..<bg.width {
        let m = mask.coverage(atX: x, y: y)
        let p = (y * bg.width + x) * 4
        if box.x <= x && x < box.maxX && box.y <= y && y < box.maxY {
          let a = c.piece.pixels[((y - box.y) * 30 + (x - box.x)) * 4 + 3]
          // Piece alpha + (1 − hole weight) = full coverage: alpha is the hole weight itself.
          XCTAssertEqual(a, m, "alpha at \(x),\(y)")
          XCTAssertEqual(c.holeWeight.coverage(atX: x, y: y), m)
          if m > 0 && m < 255 { partial += 1 }
        }
        if m == 0 {
          XCTAssertEqual(Array(c.background.pixels[p..<p + 4]), Array(bg.pixels[p..<p + 4]), "\(x),\(y)")
        }
      }
    }
    XCTAssertGreaterThan(partial, 20, "the mask has anti-aliased edge pixels")
  }

  func testHoleIsDarkerInsideAndPieceInteriorKeepsBackgroundColours() {
    let bg = RGBAImage(width: 60, height: 60, fill: (120, 160, 200, 255))
    let box = PixelRect(x: 10, y: 10, width: 40, height: 40)
    let mask = CompositionTestImages.disc(originX: 10, originY: 10, size: 40)
    let c = Composer.compose(background: bg, mask: mask, pieceBox: box)
    // Centre of the hole: darkened by about the interior opacity (0.5).
    let centre = (30 * 60 + 30) * 4
    XCTAssertEqual(Double(c.background.pixels[centre]), 60, accuracy: 6)
    XCTAssertEqual(Double(c.background.pixels[centre + 2]), 100, accuracy: 10)
    // The inner shadow makes the top-left inside darker than the bottom-right inside.
    let tl = (17 * 60 + 17) * 4
    let br = (42 * 60 + 42) * 4
    XCTAssertLessThan(c.background.pixels[tl + 1], c.background.pixels[br + 1])
    // Piece centre is the untouched background colour; the rim near the edge is lighter.
    let pc = (20 * 40 + 20) * 4
    XCTAssertEqual(Array(c.piece.pixels[pc..<pc + 4]), [120, 160, 200, 255])
    let rim = (20 * 40 + 2) * 4  // just inside the left edge
    XCTAssertEqual(c.piece.pixels[rim + 3], 255)
    XCTAssertGreaterThan(c.piece.pixels[rim], 140)
  }

  func testTransparentBackgroundGivesTransparentPiece() {
    var bg = RGBAImage(width: 20, height: 20, fill: (10, 20, 30, 128))
    bg.pixels[(5 * 20 + 5) * 4 + 3] = 0
    let box = PixelRect(x: 2, y: 2, width: 10, height: 10)
    var mask = CoverageMask(zeroOver: box)
    for i in mask.data.indices { mask.data[i] = 255 }
    let c = Composer.compose(
      background: bg, mask: mask, pieceBox: box, pieceStyle: PieceStyle(rimWidth: 0))
    XCTAssertEqual(c.piece.pixels[(3 * 10 + 3) * 4 + 3], 0)
    XCTAssertEqual(c.piece.pixels[(0 * 10 + 0) * 4 + 3], 128)
  }
}

final class MaskOpsTests: XCTestCase {
  func testErodeShrinksBySquareRadiusAndCropPads() {
    var m = CoverageMask(zeroOver: PixelRect(x: 3, y: 4, width: 9, height: 9))
    for i in m.data.indices { m.data[i] = 255 }
    let e = m.eroded(radius: 2)
    XCTAssertEqual(e.coverage(atX: 3 + 4, y: 4 + 4), 255)
    XCTAssertEqual(e.coverage(atX: 3 + 1, y: 4 + 4), 0)
    XCTAssertEqual(e.coverage(atX: 3 + 2, y: 4 + 4), 255)
    XCTAssertEqual(e.data.filter { $0 == 255 }.count, 25)
    let c = m.cropped(to: PixelRect(x: 0, y: 0, width: 5, height: 6))
    XCTAssertEqual(c.coverage(atX: 2, y: 5), 0)
    XCTAssertEqual(c.coverage(atX: 3, y: 4), 255)
    XCTAssertEqual(c.coverage(atX: 4, y: 5), 255)
  }

  func testBlurKeepsFlatAreasAndSoftensEdges() {
    // Right half full, left half empty, 20×11; outside the mask counts as empty.
    var m = CoverageMask(zeroOver: PixelRect(x: 0, y: 0, width: 20, height: 11))
    for y in 0..<11 { for x in 10..<20 { m.data[y * 20 + x] = 255 } }
    let b = m.blurred(radius: 2)
    let row = Array(b.data[5 * 20..<6 * 20])
    XCTAssertEqual(row[0], 0)
    XCTAssertEqual(row[15], 255)
    XCTAssert(row[9] > 0 && row[9] < 255 && row[10] > row[9])
    XCTAssertLessThan(b.data[19], 255, "the mask border fades")
  }
}
