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

/// Properties every hole style must keep, checked on a noisy background and an anti-aliased disc:
/// the piece's alpha is the mask, nothing outside the mask changes, and the piece laid over the
/// hole at the target gives back the original background.
///
/// Expected difference of the restore: exact (colour and alpha) where the mask is 0 or 255; on
/// anti-aliased edge pixels of coverage a the hole still shows through by (1 − a), and a style
/// changes it by at most a, so the error is at most a·(1 − a)·255 ≤ 64 levels.
final class HoleStyleTests: XCTestCase {
  static let edgeTolerance = 64

  func checkStyle(_ style: any HoleStyle, file: StaticString = #filePath, line: UInt = #line) {
    let bg = CompositionTestImages.noise(90, 60, seed: 7)
    let box = PixelRect(x: 41, y: 12, width: 36, height: 36)
    let mask = CompositionTestImages.disc(originX: box.x, originY: box.y, size: box.width)
    let c = Composer.compose(
      background: bg, mask: mask, pieceBox: box, pieceStyle: PieceStyle(rimWidth: 0), holeStyle: style)
    let restored = CompositionTestImages.place(c.piece, over: c.background, x: box.x, y: box.y)
    var changedInside = 0
    var edges = 0
    for y in 0..<bg.height {
      for x in 0..<bg.width {
        let m = mask.coverage(atX: x, y: y)
        let p = (y * bg.width + x) * 4
        let orig = Array(bg.pixels[p..<p + 4])
        if box.x <= x && x < box.maxX && box.y <= y && y < box.maxY {
          let a = c.piece.pixels[((y - box.y) * box.width + (x - box.x)) * 4 + 3]
          XCTAssertEqual(a, m, "\(style.name): piece alpha at \(x),\(y)", file: file, line: line)
        }
        if m == 0 {
          XCTAssertEqual(
            Array(c.background.pixels[p..<p + 4]), orig, "\(style.name): outside at \(x),\(y)", file: file,
            line: line)
        } else if Array(c.background.pixels[p..<p + 4]) != orig {
          changedInside += 1
        }
        let got = Array(restored.pixels[p..<p + 4])
        if m == 0 || m == 255 {
          XCTAssertEqual(got, orig, "\(style.name): restored at \(x),\(y) (m=\(m))", file: file, line: line)
        } else {
          edges += 1
          for k in 0..<4 {
            XCTAssertLessThanOrEqual(
              abs(Int(got[k]) - Int(orig[k])), Self.edgeTolerance, "\(style.name): edge \(x),\(y)",
              file: file,
              line: line)
          }
        }
      }
    }
    XCTAssertGreaterThan(changedInside, 500, "\(style.name) draws a visible hole", file: file, line: line)
    XCTAssertGreaterThan(edges, 20, file: file, line: line)
  }

  func testEveryCatalogStyleKeepsTheHoleContract() {
    XCTAssertEqual(HoleStyleCatalog.all.map(\.name), HoleStyleCatalog.names)
    for style in HoleStyleCatalog.all { checkStyle(style) }
  }

  func testOverlayIsWhiteTranslucent() throws {
    var img = RGBAImage(width: 40, height: 40, fill: (0, 100, 200, 255))
    let m = CompositionTestImages.disc(originX: 0, originY: 0, size: 40)
    try HoleStyleCatalog.style(.overlay).render(into: &img, weight: m)
    let centre = (20 * 40 + 20) * 4
    // 70% of the way to white; alpha untouched.
    for (c, want) in [178.5, 208.5, 238.5].enumerated() {
      XCTAssertEqual(Double(img.pixels[centre + c]), want, accuracy: 1.5)
    }
    XCTAssertEqual(img.pixels[centre + 3], 255)
    var half = RGBAImage(width: 40, height: 40, fill: (0, 100, 200, 255))
    try HoleStyleCatalog.style(.overlay, opacity: 0.5).render(into: &half, weight: m)
    for (c, want) in [127.5, 177.5, 227.5].enumerated() {
      XCTAssertEqual(Double(half.pixels[centre + c]), want, accuracy: 1.5)
    }
  }

  func testCatalogRejectsOpacityOutOfRange() {
    for bad in [-0.1, 1.5, Double.nan] {
      XCTAssertThrowsError(try HoleStyleCatalog.style(.overlay, opacity: bad)) { e in
        XCTAssertTrue(e is OptionError, "\(e)")
        XCTAssertTrue("\(e)".contains("hole-opacity"), "\(e)")
      }
    }
    XCTAssertEqual(try HoleStyleCatalog.style().name, "shade")
  }

  func testEveryNameMakesTheStyleOfThatName() throws {
    XCTAssertEqual(HoleStyleName.allCases.map(\.rawValue), HoleStyleCatalog.names)
    for name in HoleStyleName.allCases {
      XCTAssertEqual(try HoleStyleCatalog.style(name).name, name.rawValue)
    }
  }

  func testTransparentRemovesAlphaByWeightAndKeepsColour() throws {
    var img = RGBAImage(width: 40, height: 40, fill: (10, 100, 200, 255))
    let m = CompositionTestImages.disc(originX: 0, originY: 0, size: 40)
    try HoleStyleCatalog.style(.transparent).render(into: &img, weight: m)
    for i in 0..<(40 * 40) {
      XCTAssertEqual(Array(img.pixels[i * 4..<i * 4 + 3]), [10, 100, 200])
      XCTAssertEqual(Int(img.pixels[i * 4 + 3]), 255 - Int(m.data[i]), "alpha = 255 − weight")
    }
    XCTAssertTrue(try HoleStyleCatalog.style(.transparent).needsAlpha)
  }

  func testOutlineDrawsALightEdgeAroundALightlyShadedInside() throws {
    let grey = RGBAImage(width: 40, height: 40, fill: (100, 100, 100, 255))
    var img = grey
    let m = CompositionTestImages.disc(originX: 0, originY: 0, size: 40)
    try HoleStyleCatalog.style(.outline).render(into: &img, weight: m)
    let centre = (20 * 40 + 20) * 4
    XCTAssertEqual(Double(img.pixels[centre]), 75, accuracy: 2, "interior darkened by 0.25")
    // Just inside the left edge (the disc spans x 1…38 at row 20): the white line.
    let edge = (20 * 40 + 2) * 4
    XCTAssertGreaterThan(img.pixels[edge], 200)
  }

  func testInnerShadowIsDarkerAtTheEdgeThanInside() throws {
    var img = RGBAImage(width: 40, height: 40, fill: (200, 200, 200, 255))
    let m = CompositionTestImages.disc(originX: 0, originY: 0, size: 40)
    try HoleStyleCatalog.style(.innerShadow).render(into: &img, weight: m)
    let centre = (20 * 40 + 20) * 4
    XCTAssertEqual(Double(img.pixels[centre]), 100, accuracy: 3, "image at half strength")
    let edge = (20 * 40 + 3) * 4
    XCTAssertLessThan(img.pixels[edge], 80, "shadow along the edge")
  }
}
