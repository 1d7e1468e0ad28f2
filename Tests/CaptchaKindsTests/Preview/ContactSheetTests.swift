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

final class ContactSheetTests: XCTestCase {
  func testSheetHasOneLabelledCellPerShapeAndStyle() throws {
    let sheet = try ContactSheet.render(holeStyles: [ShadeHole()])
    XCTAssertEqual(sheet.width, ContactSheet.Layout.width)
    XCTAssertEqual(sheet.height, ContactSheet.Layout.height(shapes: 8, holeStyles: 1))
    XCTAssertEqual(sheet.width, 664)
    XCTAssertTrue(sheet.isOpaque)
    // Each shape cell holds the fill colour in its piece box and ink in its label strip.
    for i in 0..<ShapeCatalog.all.count {
      let (x0, y0) = ContactSheet.cellOrigin(i, top: 16 + 14 + 10)
      let pieceBox = PixelRect(
        x: x0 + (ContactSheet.Layout.cellWidth - ContactSheet.Layout.pieceSize) / 2, y: y0 + 10,
        width: ContactSheet.Layout.pieceSize, height: ContactSheet.Layout.pieceSize)
      let labelBox = PixelRect(
        x: x0, y: y0 + ContactSheet.Layout.labelY, width: ContactSheet.Layout.cellWidth, height: 14)
      XCTAssertGreaterThan(count(sheet, in: pieceBox, color: ContactSheet.fill), 900, "shape \(i)")
      XCTAssertGreaterThan(count(sheet, in: labelBox, color: ContactSheet.ink), 40, "label \(i)")
    }
  }

  func testTransparentHoleShowsACheckerboard() throws {
    let styles: [any HoleStyle] = [ShadeHole(), TransparentHole()]
    let sheet = try ContactSheet.render(holeStyles: styles)
    XCTAssertTrue(sheet.isOpaque)
    // The hole-style cells start below the shapes section.
    let top =
      ContactSheet.Layout.margin + ContactSheet.Layout.sectionHeight(8) + ContactSheet.Layout.sectionGap
      + ContactSheet.Layout.titleHeight + ContactSheet.Layout.titleGap
    func sample(_ i: Int) -> PixelRect {
      let (x0, y0) = ContactSheet.cellOrigin(i, top: top)
      return PixelRect(x: x0 + 8, y: y0 + 10, width: ContactSheet.Layout.cellWidth - 16, height: 96)
    }
    // Inside the transparent hole both checker colours show; the shade cell has neither.
    XCTAssertGreaterThan(count(sheet, in: sample(1), color: ContactSheet.checkerLight), 300)
    XCTAssertGreaterThan(count(sheet, in: sample(1), color: ContactSheet.checkerDark), 300)
    XCTAssertEqual(count(sheet, in: sample(0), color: ContactSheet.checkerDark), 0)
  }

  func testPieceSectionShowsEachLook() throws {
    let sheet = try ContactSheet.render(holeStyles: [ShadeHole()], pieceLooks: PieceLook.all)
    XCTAssertEqual(sheet.height, ContactSheet.Layout.height(shapes: 8, holeStyles: 1, pieceLooks: 4))
    XCTAssertTrue(sheet.isOpaque)
    let top =
      ContactSheet.Layout.margin + ContactSheet.Layout.sectionHeight(8) + ContactSheet.Layout.sectionGap
      + ContactSheet.Layout.sectionHeight(1) + ContactSheet.Layout.sectionGap
      + ContactSheet.Layout.titleHeight
      + ContactSheet.Layout.titleGap
    func cell(_ i: Int) -> [UInt8] {
      let (x0, y0) = ContactSheet.cellOrigin(i, top: top)
      var out: [UInt8] = []
      for y in (y0 + 10)..<(y0 + 10 + 96) {
        let row = (y * sheet.width + x0 + 8) * 4
        out += sheet.pixels[row..<row + (ContactSheet.Layout.cellWidth - 16) * 4]
      }
      return out
    }
    func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
      stride(from: 0, to: a.count, by: 4).filter { a[$0..<$0 + 3] != b[$0..<$0 + 3] }.count
    }
    let plain = cell(0)
    // The piece covers part of the checkerboard (about 2 800 of the 64×64 box's pixels).
    let light = [ContactSheet.checkerLight.0, ContactSheet.checkerLight.1, ContactSheet.checkerLight.2]
    let dark = [ContactSheet.checkerDark.0, ContactSheet.checkerDark.1, ContactSheet.checkerDark.2]
    let pieceCount = stride(from: 0, to: plain.count, by: 4).filter {
      let c = Array(plain[$0..<$0 + 3])
      return c != light && c != dark
    }.count
    XCTAssertGreaterThan(pieceCount, 2000)
    XCTAssertLessThan(pieceCount, 64 * 64)
    XCTAssertGreaterThan(differing(plain, cell(1)), 200, "bevel changes the piece")
    XCTAssertGreaterThan(differing(plain, cell(2)), 200, "the shadow shows around the piece")
    XCTAssertGreaterThan(differing(cell(2), cell(3)), 200, "bevel and shadow together")
  }

  func testSheetWithoutHoleStylesIsShorter() throws {
    let sheet = try ContactSheet.render()
    XCTAssertEqual(sheet.height, ContactSheet.Layout.height(shapes: 8, holeStyles: 0))
    XCTAssertLessThan(sheet.height, ContactSheet.Layout.height(shapes: 8, holeStyles: 1))
  }

  func testFontTableIsCompleteAndDrawsGlyphs() {
    XCTAssertEqual(BitmapFont.rows.count, BitmapFont.characters.count)
    for (ch, row) in zip(BitmapFont.characters, BitmapFont.rows) {
      XCTAssertEqual(row.count, 14, "\(ch)")
      XCTAssert(BitmapFont.glyph(ch).allSatisfy { $0 < 32 }, "\(ch) uses only 5 columns")
    }
    XCTAssertEqual(BitmapFont.glyph("a"), BitmapFont.glyph("A"))
    XCTAssertEqual(BitmapFont.glyph("%"), BitmapFont.glyph("?"))
    XCTAssertEqual(BitmapFont.glyph("I"), [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E])
    var image = RGBAImage(width: 12, height: 8, fill: (255, 255, 255, 255))
    BitmapFont.draw("L", into: &image, x: 1, y: 0, scale: 1, color: (0, 0, 0))
    let dark = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 0 }.count
    XCTAssertEqual(dark, 11)  // L: 7 rows of the stem + 4 more on the foot
    XCTAssertEqual(BitmapFont.width(of: "AB", scale: 2), 22)
  }

  private func count(_ image: RGBAImage, in r: PixelRect, color: (UInt8, UInt8, UInt8)) -> Int {
    var n = 0
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX {
        let i = (y * image.width + x) * 4
        if image.pixels[i] == color.0 && image.pixels[i + 1] == color.1 && image.pixels[i + 2] == color.2 {
          n += 1
        }
      }
    }
    return n
  }
}
