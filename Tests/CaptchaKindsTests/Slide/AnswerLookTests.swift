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

/// answer.json records the look (rotation used, padding, shadow, hole style and opacity) so a
/// captcha can be remade from its answer, and writes nothing new for the default look.
final class AnswerLookTests: XCTestCase {
  func text(_ a: SlideAnswer) -> String { String(decoding: a.jsonBytes, as: UTF8.self) }

  func testDefaultLookAddsNoKeys() throws {
    let c = try SlideMaker.make(imagePath: nil, options: SlideOptions(), seed: 9)
    XCTAssertEqual(c.answer.look, AnswerLook())
    let t = text(c.answer)
    for key in ["rotation", "padding", "shadow", "\"hole\""] { XCTAssertFalse(t.contains(key), t) }
    // Schema 1's keys, in their order, and nothing else.
    let keys = [
      "schema", "kind", "generator", "seed", "mode", "tolerance", "background", "piece", "start", "target",
    ]
    var last = t.startIndex
    for k in keys {
      let r = try XCTUnwrap(t.range(of: "\"\(k)\"", range: last..<t.endIndex), k)
      last = r.upperBound
    }
  }

  func testRotationUsedIsRecorded() throws {
    var o = SlideOptions()
    o.shape = RotatedShape(base: BuiltinShape.classic, degrees: 30)
    let fixed = try SlideMaker.make(imagePath: nil, options: o, seed: 9)
    XCTAssertEqual(fixed.answer.look.rotation, 30)
    XCTAssertTrue(text(fixed.answer).contains("\"rotation\": 30"), text(fixed.answer))
    let range = RotationSpec(lower: -20, upper: 20)
    o.shape = RotatedShape(base: BuiltinShape.classic, rotation: range)
    var angles = Set<Double>()
    for seed: UInt64 in 1...12 {
      let c = try SlideMaker.make(imagePath: nil, options: o, seed: seed)
      let r = try XCTUnwrap(c.answer.look.rotation)
      XCTAssertTrue((-20...20).contains(r))
      XCTAssertEqual((r * 10).rounded(), r * 10, "whole tenths")
      angles.insert(r)
      // Remade as a fixed rotation of that angle, the captcha is the same.
      var again = SlideOptions()
      again.shape = RotatedShape(base: BuiltinShape.classic, degrees: r)
      let remade = try SlideMaker.make(imagePath: nil, options: again, seed: seed)
      XCTAssertEqual(remade.background, c.background, "seed \(seed)")
      XCTAssertEqual(remade.piece, c.piece, "seed \(seed)")
    }
    XCTAssertGreaterThan(angles.count, 6, "angles vary per seed")
  }

  func testHoleStyleIsRecordedUnlessDefault() throws {
    func hole(_ name: HoleStyleName, _ opacity: Double?) throws -> AnswerLook.Hole? {
      var o = SlideOptions()
      o.holeStyle = try HoleStyleCatalog.style(name, opacity: opacity)
      return try SlideMaker.make(imagePath: nil, options: o, seed: 3).answer.look.hole
    }
    XCTAssertNil(try hole(.shade, nil))
    XCTAssertEqual(try hole(.shade, 0.7), AnswerLook.Hole(style: "shade", opacity: 0.7))
    XCTAssertEqual(try hole(.overlay, nil), AnswerLook.Hole(style: "overlay", opacity: 0.7))
    XCTAssertEqual(try hole(.innerShadow, 0.35), AnswerLook.Hole(style: "inner-shadow", opacity: 0.35))
    for name in HoleStyleName.allCases where name != .shade {
      let h = try XCTUnwrap(try hole(name, nil))
      XCTAssertEqual(h.style, name.rawValue)
      // The recorded style and opacity give back the same style.
      let back = try HoleStyleCatalog.style(
        try XCTUnwrap(HoleStyleName(rawValue: h.style)), opacity: h.opacity)
      XCTAssertEqual(back.name, name.rawValue)
      XCTAssertEqual((back as? any OpacityHoleStyle)?.opacity, h.opacity)
    }
  }

  func testLookRoundTripsThroughJSON() throws {
    var o = SlideOptions()
    o.shape = RotatedShape(base: BuiltinShape.circle, rotation: RotationSpec(lower: 5, upper: 15))
    o.pieceShadow = PieceShadow(offsetX: -3, offsetY: 4, blur: 2, opacity: 0.45)
    o.holeStyle = OverlayHole(opacity: 0.6)
    let a = try SlideMaker.make(imagePath: nil, options: o, seed: 77).answer
    let t = text(a)
    // New keys come after the existing ones: inside piece after shape, hole after target.
    let shape = try XCTUnwrap(t.range(of: "\"shape\""))
    let rotation = try XCTUnwrap(t.range(of: "\"rotation\""))
    let padding = try XCTUnwrap(t.range(of: "\"padding\""))
    let target = try XCTUnwrap(t.range(of: "\"target\""))
    let holeKey = try XCTUnwrap(t.range(of: "\"hole\""))
    XCTAssertLessThan(shape.lowerBound, rotation.lowerBound)
    XCTAssertLessThan(rotation.lowerBound, padding.lowerBound)
    XCTAssertLessThan(target.lowerBound, holeKey.lowerBound)
    let back = try SlideAnswer.parse(a.jsonBytes, name: "answer.json")
    XCTAssertEqual(back, a)
    XCTAssertEqual(back.look.shadow, o.pieceShadow)
    XCTAssertEqual(back.look.hole, AnswerLook.Hole(style: "overlay", opacity: 0.6))
  }

  func testMalformedLookIsBadData() {
    let good = String(
      decoding: (try! SlideMaker.make(imagePath: nil, options: SlideOptions(), seed: 1)).answer.jsonBytes,
      as: UTF8.self)
    let bad = good.replacingOccurrences(of: "\"target\"", with: "\"hole\": 5, \"target\"")
    XCTAssertThrowsError(try SlideAnswer.parse(Array(bad.utf8), name: "a.json")) { e in
      XCTAssertEqual((e as? CaptchaError)?.kind, .badData)
      XCTAssertTrue("\(e)".contains("a.json"), "\(e)")
    }
  }
}
