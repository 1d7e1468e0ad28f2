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

/// What a style key draws (`StyleFamily`): the same secret gives the same family, every number is
/// in its range, and every key's family is away from the public look in all five visible traits.
final class StyleFamilyTests: XCTestCase {
  /// 300 secrets, as a deployment might choose them.
  static let secrets = (0..<300).map { "deployment-\($0)-\($0 * 7919 % 1000)" }

  func testSameSecretSameFamily() throws {
    for secret in Self.secrets.prefix(20) {
      XCTAssertEqual(try StyleKey(secret: secret).family, try StyleKey(secret: secret).family)
    }
  }

  func testEveryNumberIsInItsRange() throws {
    typealias R = StyleFamily.Range
    func within(_ v: Double, _ r: (Double, Double), _ what: String, _ secret: String) {
      XCTAssert(v >= r.0 && v < r.1, "\(secret): \(what) \(v) outside \(r)")
    }
    for secret in Self.secrets {
      let f = try StyleKey(secret: secret).family
      XCTAssertTrue([1, 2].contains(f.tabs), secret)
      if f.cornerRadius != 0 { within(f.cornerRadius, R.cornerRadius, "corner radius", secret) }
      within(f.knobScale, R.knobScale, "knob scale", secret)
      within(f.neckScale, R.neckScale, "neck scale", secret)
      XCTAssert(f.lightAngle >= 0 && f.lightAngle < 360, "\(secret): light \(f.lightAngle)")
      within(f.lightWidth, R.lightWidth, "light width", secret)
      within(f.lightStrength, R.lightStrength, "light strength", secret)
      for t in [f.shadowTint, f.highlightTint] {
        for c in [t.r, t.g, t.b] {
          XCTAssert(c >= 1 + R.tintOffset.0 && c < 1 + R.tintOffset.1, "\(secret): tint \(t)")
        }
      }
      within(f.textureGain, R.textureGain, "texture gain", secret)
      within(f.carry, R.carry, "carry", secret)
      within(f.rimWidth, R.rimWidth, "rim width", secret)
      XCTAssertTrue(R.decoyCount.contains(f.decoyCount), secret)
    }
  }

  func testEveryKeyIsAwayFromThePublicLookInAllFiveTraits() throws {
    for secret in Self.secrets {
      let f = try StyleKey(secret: secret).family
      XCTAssertEqual(f.separation(from: .publicLook), 5, "\(secret): \(f)")
    }
    XCTAssertEqual(StyleFamily.publicLook.separation(from: .publicLook), 0)
  }

  func testKeysSpreadOverTheWholeFamily() throws {
    let families = try Self.secrets.map { try StyleKey(secret: $0).family }
    XCTAssertEqual(Set(families.map(\.knobForm)), Set(KnobForm.allCases))
    XCTAssertEqual(Set(families.map(\.tabs)), [1, 2])
    XCTAssertTrue(families.contains { $0.cornerRadius > 0 } && families.contains { $0.cornerRadius == 0 })
    // The light comes from every eighth of the circle but the public light's neighbourhood.
    let octants = Set(families.map { Int($0.lightAngle / 45) })
    XCTAssertGreaterThanOrEqual(octants.count, 6, "\(octants)")
    XCTAssertTrue(families.contains { $0.rimColour.r < 100 } && families.contains { $0.rimColour.r > 180 })
    // Two keys rarely share more than a couple of traits.
    var close = 0
    for (i, a) in families.prefix(60).enumerated() {
      for b in families.prefix(60)[(i + 1)...] where a.separation(from: b) <= 2 { close += 1 }
    }
    XCTAssertLessThan(close, 60 * 59 / 2 / 10, "more than a tenth of key pairs differ in two traits or fewer")
  }

  func testApplyingAKeyTwiceChangesNothingMore() throws {
    var once = SlideOptions(difficulty: .normal)
    once.styleKey = try StyleKey(secret: "alpha")
    once = once.styled()
    let twice = once.styled()
    XCTAssertEqual(twice.holeStyle as? TexturedHole, once.holeStyle as? TexturedHole)
    XCTAssertEqual(twice.shape as? JigsawShape, once.shape as? JigsawShape)
    XCTAssertEqual(twice.pieceStyle, once.pieceStyle)
    XCTAssertEqual(twice.decoys, once.decoys)
  }

  func testKeyedOptionsCarryTheFamily() throws {
    let key = try StyleKey(secret: "beta")
    var o = SlideOptions(difficulty: .normal)
    o.styleKey = key
    let styled = o.styled()
    let shape = try XCTUnwrap(styled.shape as? JigsawShape)
    XCTAssertEqual(shape.form, key.family.knobForm)
    XCTAssertEqual(shape.tabs, key.family.tabs)
    XCTAssertEqual(styled.pieceStyle.rimColour, key.family.rimColour)
    XCTAssertEqual((styled.holeStyle as? TexturedHole)?.lightAngle, key.family.lightAngle)
    XCTAssertEqual(styled.decoys.count, max(2, key.family.decoyCount))
    // A count the user chose stays as chosen; only a preset's count is raised.
    var chosen = SlideOptions(difficulty: .normal)
    chosen.styleKey = key
    chosen.decoys.count = 1
    chosen.decoys.isCountChosen = true
    XCTAssertEqual(chosen.styled().decoys.count, 1)
    // Twins stay as many as the preset asks (a twin count is the hard preset's own choice).
    var hard = SlideOptions(difficulty: .hard)
    hard.styleKey = key
    XCTAssertEqual(hard.styled().decoys, SlideOptions(difficulty: .hard).decoys)
  }

  /// The largest mean colour cast (max over channel pairs of the mean difference, in levels) that
  /// `hole` leaves inside a square on a flat grey picture, where everything it draws is its light.
  func colourCast(of hole: TexturedHole) -> Double {
    let box = PixelRect(x: 40, y: 40, width: 40, height: 40)
    var mask = CoverageMask(zeroOver: box)
    for i in mask.data.indices { mask.data[i] = 255 }
    var img = RGBAImage(width: 120, height: 120, fill: (128, 128, 128, 255))
    hole.render(into: &img, weight: mask, seed: 7)
    var sums = (0.0, 0.0, 0.0)
    for y in box.y..<(box.y + box.height) {
      for x in box.x..<(box.x + box.width) {
        let p = (y * img.width + x) * 4
        sums.0 += Double(img.pixels[p])
        sums.1 += Double(img.pixels[p + 1])
        sums.2 += Double(img.pixels[p + 2])
      }
    }
    let n = Double(box.width * box.height)
    let (r, g, b) = (sums.0 / n, sums.1 / n, sums.2 / n)
    return max(abs(r - g), abs(g - b), abs(r - b))
  }

  /// Shadow and highlight are one band of light on opposite sides of the outline; with one
  /// palette their colours cancel over the hole, so a key leaves no mean cast for a colour-cast
  /// detector to find. (With two palettes the same measure shows a cast of several levels.)
  func testAKeyedHoleLeavesNoColourCast() throws {
    for secret in Self.secrets.prefix(40) {
      var options = SlideOptions(difficulty: .normal)
      options.styleKey = try StyleKey(secret: secret)
      let hole = try XCTUnwrap(options.styled().holeStyle as? TexturedHole)
      XCTAssertLessThan(colourCast(of: hole), 0.5, "\(secret): mean colour cast in levels")
    }
    var twoPalettes = TexturedHole(opacity: 0.9)
    twoPalettes.lightAngle = 30
    twoPalettes.shadowTint = TexturedHole.Tint(r: 1.4, g: 1, b: 0.7)
    twoPalettes.highlightTint = TexturedHole.Tint(r: 0.7, g: 1, b: 1.4)
    XCTAssertGreaterThan(colourCast(of: twoPalettes), 2, "the measure sees a cast when there is one")
  }
}
