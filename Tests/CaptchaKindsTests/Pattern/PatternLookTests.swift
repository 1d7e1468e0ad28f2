import CaptchaImaging
import CaptchaSupport
import VectorRaster
import XCTest

@testable import CaptchaHoles
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide

/// The board's and the hint's look (issue 31): markers that are not one flat colour, tints from
/// the picture's own colours, and hint outlines that follow only the edges a filled marker shows.
final class PatternLookTests: XCTestCase {
  /// The pixels of `image` where `mask` covers fully, after `inset` erosions (RGB triples).
  func interior(_ image: RGBAImage, _ mask: CoverageMask, inset: Int) -> [[UInt8]] {
    var out: [[UInt8]] = []
    for y in mask.originY..<(mask.originY + mask.height) {
      for x in mask.originX..<(mask.originX + mask.width) {
        var full = true
        for dy in -inset...inset {
          for dx in -inset...inset where mask.coverage(atX: x + dx, y: y + dy) < 255 { full = false }
        }
        guard full, x >= 0, y >= 0, x < image.width, y < image.height else { continue }
        let o = (y * image.width + x) * 4
        out.append(Array(image.pixels[o..<(o + 3)]))
      }
    }
    return out
  }

  func testAMarkerOnAFlatPictureHasNoLargeRegionOfOneColour() throws {
    // On a flat grey picture a flat-painted marker would be one colour throughout; the shading
    // and the board's grain must leave no colour on more than a few percent of its inside.
    let clip = PixelRect(x: 0, y: 0, width: 120, height: 120)
    for seed in UInt64(1)...6 {
      var rng = Xoshiro256StarStar(seed: seed)
      var image = RGBAImage(width: 120, height: 120, fill: (128, 120, 110, 255))
      let icon = PatternIconFamily.all[Int(seed) % PatternIconFamily.all.count].make(&rng)
      let palette = PatternPalette(colours: [
        PatternColor(r: 200, g: 60, b: 40), PatternColor(r: 40, g: 90, b: 200),
        PatternColor(r: 90, g: 160, b: 70),
      ])
      let marker = PatternMarker.draw(palette: palette, centre: Point(60, 60), reach: 30, rng: &rng)
      let mask = try icon.path.fill(
        rule: icon.rule, clip: clip,
        transform: PatternPaint.placement(center: Point(60, 60), scale: 30, degrees: 20))
      marker.paint(icon: mask, halo: PatternOutline.dilated(mask, by: PatternBoard.halo), into: &image)
      PatternGrain(salt: seed).apply(to: &image, amplitude: PatternBoard.grain)
      let inside = interior(image, mask, inset: 1)
      XCTAssertGreaterThan(inside.count, 200, "seed \(seed)")
      let counts = Dictionary(inside.map { ($0, 1) }, uniquingKeysWith: +)
      let largest = counts.values.max() ?? 0
      XCTAssertLessThan(
        Double(largest) / Double(inside.count), 0.03, "seed \(seed): \(largest) of \(inside.count)")
    }
  }

  func testToningKeepsTheHueAndReachesTheLuma() {
    let c = PatternColor(r: 180, g: 120, b: 60)
    for target in [30.0, 128, 220] {
      let t = c.toned(luma: target, chroma: 1.6)
      XCTAssertEqual(t.luma, target, accuracy: 1e-9)
      XCTAssertGreaterThan(t.r, t.g, "red stays above green at \(target)")
      XCTAssertGreaterThan(t.g, t.b, "green stays above blue at \(target)")
      for v in [t.r, t.g, t.b] { XCTAssertTrue((0...255).contains(v), "\(t) at \(target)") }
    }
  }

  func testThePaletteHoldsOnlyColoursOfThePicture() {
    var image = RGBAImage(width: 40, height: 20, fill: (10, 200, 30, 255))
    for y in 0..<20 {
      for x in 20..<40 {
        let o = (y * 40 + x) * 4
        image.pixels[o] = 220
        image.pixels[o + 1] = 20
        image.pixels[o + 2] = 90
      }
    }
    var rng = Xoshiro256StarStar(seed: 4)
    let palette = PatternPalette.sample(image, rng: &rng)
    let seen = Set(palette.colours.map { [$0.r, $0.g, $0.b] })
    XCTAssertEqual(seen, [[10, 200, 30], [220, 20, 90]])
  }

  func testTheHintOutlineHasNoLineWhereTheFigureOverlapsItself() throws {
    // The t-block is four unit squares and the dumbbell two discs and a bar: their paths have
    // edges inside the filled figure, which a filled marker does not show. The outline must not
    // draw them.
    let clip = PixelRect(x: 0, y: 0, width: 200, height: 200)
    var rng = Xoshiro256StarStar(seed: 1)
    let byName = Dictionary(uniqueKeysWithValues: PatternIconFamily.all.map { ($0.name, $0) })
    let place = PatternPaint.placement(center: Point(100, 100), scale: 80, degrees: 0)
    let tBlock = try XCTUnwrap(byName["t-block"]).make(&rng)
    let ring = PatternOutline.ring(
      try tBlock.path.fill(rule: tBlock.rule, clip: clip, transform: place), halfWidth: 1.5)
    // The squares' shared edges at x = ±0.31 (cell 0.62, three cells wide, centred), y inside the top row.
    for (ux, uy) in [(-0.31, -0.3), (0.31, -0.3), (0, 0.0)] {
      let x = Int((100 + 80 * ux).rounded())
      let y = Int((100 + 80 * uy).rounded())
      XCTAssertEqual(ring.coverage(atX: x, y: y), 0, "t-block inner edge at \(ux), \(uy)")
    }
    // And the outer edge is drawn: the top of the top row at y = -0.62.
    XCTAssertGreaterThan(ring.coverage(atX: 100, y: Int((100 - 80 * 0.62).rounded())), 128)
    let dumbbell = try XCTUnwrap(byName["dumbbell"]).make(&rng)
    let mask = try dumbbell.path.fill(rule: dumbbell.rule, clip: clip, transform: place)
    let bell = PatternOutline.ring(mask, halfWidth: 1.5)
    // Where the bar (|y| <= 0.12) enters a disc, the disc's edge crosses the bar inside the figure.
    for y in (100 - 6)...(100 + 6) {
      for x in 0..<200 where mask.coverage(atX: x - 3, y: y) == 255 && mask.coverage(atX: x + 3, y: y) == 255
      {
        XCTAssertEqual(bell.coverage(atX: x, y: y), 0, "dumbbell line inside the figure at \(x), \(y)")
      }
    }
  }

  func testNoFamilyThatLooksLikeAnotherAtHintSizeRemains() {
    let names = Set(PatternIconFamily.all.map(\.name))
    for gone in [
      "gear", "flower", "burst", "hexagon", "half-disc", "keyhole", "house", "l-block", "s-block",
    ] {
      XCTAssertFalse(names.contains(gone), gone)
    }
    XCTAssertEqual(names.count, PatternIconFamily.all.count, "family names are distinct")
  }

  func testLookAlikesAreOfFamiliesOnNoDot() {
    for seed in UInt64(0)..<20 {
      var rng = Xoshiro256StarStar(seed: seed)
      let markers = PatternIconFamily.draw(9, rng: &rng)
      let alikes = PatternIconFamily.draw(
        PatternLookAlikes.count, excluding: Set(markers.map(\.family)), rng: &rng)
      XCTAssertEqual(alikes.count, PatternLookAlikes.count)
      XCTAssertTrue(Set(alikes.map(\.family)).isDisjoint(with: markers.map(\.family)), "seed \(seed)")
      XCTAssertEqual(Set(alikes.map(\.family)).count, alikes.count, "seed \(seed): distinct look-alikes")
    }
  }
}
