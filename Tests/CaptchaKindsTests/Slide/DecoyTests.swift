import Foundation
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

/// Decoy holes: placed clear of the target, the start and each other, on the target's row band in
/// horizontal mode, shaped differently from the piece, drawn with the hole style, and leaving the
/// piece and the real hole untouched.
final class DecoyTests: XCTestCase {
  let bg = ProceduralBackground.make(width: 320, height: 160, seed: 12)

  func options(_ n: Int, mode: DragMode = .horizontal, shape: any PieceShape = BuiltinShape.classic)
    -> SlideOptions
  {
    var o = SlideOptions()
    o.decoys = DecoySettings(count: n)
    o.mode = mode
    o.shape = shape
    return o
  }

  func boxesApart(_ a: PiecePosition, _ b: PiecePosition, p: Int, gap: Int) -> Bool {
    abs(a.x - b.x) >= p + gap || abs(a.y - b.y) >= p + gap
  }

  func testDecoysAreClearOfTargetStartAndEachOtherOnTheTargetsRowBand() throws {
    var total = 0
    for mode in DragMode.allCases {
      let (w, h) = mode == .vertical ? (160, 320) : (320, 160)
      let image = ProceduralBackground.make(width: w, height: h, seed: 3)
      for seed: UInt64 in 1...40 {
        let c = try SlideMaker.make(
          background: image, source: nil, options: options(3, mode: mode), seed: seed)
        let d = try XCTUnwrap(c.answer.decoys)
        let p = c.answer.piece.width
        let gap = DecoySettings().resolvedGap(pieceSize: p)
        let band = DecoySettings().resolvedBand(pieceSize: p)
        let m = Placement.margin(pieceSize: p)
        let t = c.answer.target
        let s = c.answer.start
        XCTAssertGreaterThanOrEqual(d.count, 1, "\(mode) seed \(seed): at least one decoy fits")
        XCTAssertLessThanOrEqual(d.count, 3)
        total += d.count
        let pos = d.map { PiecePosition(x: $0.x, y: $0.y) }
        for (i, q) in pos.enumerated() {
          XCTAssertTrue(
            boxesApart(q, t, p: p, gap: gap), "\(mode) seed \(seed): decoy \(q) overlaps the target")
          if mode != .free {
            XCTAssertTrue(
              boxesApart(q, s, p: p, gap: gap), "\(mode) seed \(seed): decoy \(q) overlaps the start")
          }
          for other in pos[(i + 1)...] {
            XCTAssertTrue(boxesApart(q, other, p: p, gap: gap), "\(mode) seed \(seed): decoys overlap")
          }
          XCTAssert(q.x >= m && q.y >= m && q.x + p + m <= w && q.y + p + m <= h, "inside the margin")
          switch mode {
          case .horizontal: XCTAssertLessThanOrEqual(abs(q.y - t.y), band, "on the target's row band")
          case .vertical: XCTAssertLessThanOrEqual(abs(q.x - t.x), band, "on the target's column band")
          case .free: break
          }
        }
      }
    }
    XCTAssertGreaterThan(total, 40 * 3 * 3 / 2, "most captchas get two or more decoys")
  }

  func testLinePlacementFitsAsManyAsPossible() {
    // Compared with an exhaustive search on small lines.
    var rng = Xoshiro256StarStar(seed: 77)
    for _ in 0..<300 {
      let lo = Int(rng.next(below: 5))
      let hi = lo + Int(rng.next(below: 40))
      let d = 1 + Int(rng.next(below: 12))
      let avoid = (0..<Int(rng.next(below: 3))).map { _ in Int(rng.next(below: 50)) }
      let count = 1 + Int(rng.next(below: 6))
      let got = DecoyPlacement.line(count: count, lo: lo, hi: hi, distance: d, avoid: avoid, rng: &rng)
      // Greedy from the left is optimal for points on a line with a minimum spacing.
      var best = 0
      var last = Int.min / 2
      for x in lo...hi where avoid.allSatisfy({ abs(x - $0) >= d }) && x - last >= d {
        best += 1
        last = x
      }
      XCTAssertEqual(got.count, min(count, best), "lo \(lo) hi \(hi) d \(d) avoid \(avoid)")
      for x in got {
        XCTAssert((lo...hi).contains(x) && avoid.allSatisfy { abs(x - $0) >= d })
        XCTAssert(got.allSatisfy { $0 == x || abs($0 - x) >= d })
      }
    }
  }

  func testDecoyShapesDifferFromThePiece() throws {
    let p = 60
    for shape in ShapeCatalog.all + [RotatedShape(base: BuiltinShape.classic, degrees: 30) as any PieceShape]
    {
      for shapeSeed: UInt64 in [1, 2, 3, 99] {
        let shapes = try DecoyShapes(shape: shape, shapeSeed: shapeSeed, size: p)
        let piece = try shape.coverageMask(size: p, seed: shapeSeed)
        let area = piece.data.reduce(0) { $0 + Int($1) } / 255
        var rng = Xoshiro256StarStar(seed: shapeSeed)
        for _ in 0..<6 {
          let o = try XCTUnwrap(try shapes.next(&rng), "\(shape.name): a decoy outline exists")
          let m = try DecoyShapes.mask(o.path, rule: o.fillRule, size: p)
          let diff = DecoyShapes.difference(piece, m)
          XCTAssertGreaterThanOrEqual(diff, max(8, area / 25), "\(shape.name) \(o.variant): differs")
          let decoyArea = m.data.reduce(0) { $0 + Int($1) } / 255
          XCTAssertGreaterThan(decoyArea, area / 2, "\(shape.name) \(o.variant): similar size")
          if shape.name == "jigsaw" {
            XCTAssertEqual(o.variant, "sides")
            let other = try XCTUnwrap(o.shapeSeed)
            XCTAssertNotEqual(
              DecoyShapes.sideKinds(JigsawShape.edges(seed: other)),
              DecoyShapes.sideKinds(JigsawShape.edges(seed: shapeSeed)), "another side configuration")
          }
        }
      }
    }
    // Rotation-symmetric shapes fall back to other catalog shapes.
    var rng = Xoshiro256StarStar(seed: 1)
    for name in [BuiltinShapeName.circle, .square] {
      let o = try XCTUnwrap(try DecoyShapes(shape: name.shape, shapeSeed: 1, size: p).next(&rng))
      XCTAssertEqual(o.variant, "substitute")
      XCTAssertNotEqual(o.shape, name.rawValue)
    }
  }

  func testPieceAndRealHoleUnchangedDecoysOnlyInTheirBoxesVerifyOnlyAtTarget() throws {
    for shape in ShapeCatalog.all {
      for seed: UInt64 in 1...4 {
        let plain = try SlideMaker.make(
          background: bg, source: nil, options: options(0, shape: shape), seed: seed)
        let c = try SlideMaker.make(
          background: bg, source: nil, options: options(3, shape: shape), seed: seed)
        XCTAssertEqual(c.piece, plain.piece, "\(shape.name): decoys do not change the piece")
        XCTAssertEqual(c.answer.target, plain.answer.target)
        let p = c.answer.piece.width
        let decoys = try XCTUnwrap(c.answer.decoys)
        XCTAssertFalse(decoys.isEmpty)
        var changed = [Int](repeating: 0, count: decoys.count)
        for y in 0..<bg.height {
          for x in 0..<bg.width {
            let i = (y * bg.width + x) * 4
            guard c.background.pixels[i..<i + 4] != plain.background.pixels[i..<i + 4] else { continue }
            let owner = decoys.firstIndex { x >= $0.x && x < $0.x + p && y >= $0.y && y < $0.y + p }
            XCTAssertNotNil(owner, "\(shape.name) seed \(seed): pixel \(x),\(y) changed outside every decoy")
            if let k = owner { changed[k] += 1 }
          }
        }
        // Each decoy is drawn, about as large as the real hole.
        for k in changed.indices {
          XCTAssertGreaterThan(changed[k], p * p / 4, "\(shape.name) decoy \(k) drawn")
        }
        XCTAssertTrue(SlideVerifier.verify(answer: c.answer, x: Double(c.answer.target.x), y: nil))
        for d in decoys {
          XCTAssertFalse(
            SlideVerifier.verify(answer: c.answer, x: Double(d.x), y: Double(d.y)), "a decoy never verifies")
        }
      }
    }
  }

  func testEveryHoleStyleDrawsDecoysOnlyInsideTheirBoxes() throws {
    for style in HoleStyleCatalog.all {
      var o = options(2)
      o.holeStyle = style
      let plain = try SlideMaker.make(
        background: bg, source: nil,
        options: {
          var q = o; q.decoys.count = 0; return q
        }(), seed: 6)
      let c = try SlideMaker.make(background: bg, source: nil, options: o, seed: 6)
      XCTAssertEqual(c.piece, plain.piece, style.name)
      let p = c.answer.piece.width
      let decoys = try XCTUnwrap(c.answer.decoys)
      XCTAssertFalse(decoys.isEmpty)
      var changed = 0
      for y in 0..<bg.height {
        for x in 0..<bg.width {
          let i = (y * bg.width + x) * 4
          guard c.background.pixels[i..<i + 4] != plain.background.pixels[i..<i + 4] else { continue }
          changed += 1
          XCTAssertTrue(
            decoys.contains { x >= $0.x && x < $0.x + p && y >= $0.y && y < $0.y + p },
            "\(style.name): pixel \(x),\(y) changed outside every decoy")
        }
      }
      XCTAssertGreaterThan(changed, decoys.count * p * p / 4, "\(style.name): decoys drawn")
    }
  }

  func testDecoysFollowTheTargetsConventionWithAShadow() throws {
    var o = options(2)
    let plain = try SlideMaker.make(background: bg, source: nil, options: o, seed: 8)
    o.pieceShadow = PieceShadow()
    let c = try SlideMaker.make(background: bg, source: nil, options: o, seed: 8)
    let dx = c.answer.target.x - plain.answer.target.x
    let dy = c.answer.target.y - plain.answer.target.y
    XCTAssertNotEqual([dx, dy], [0, 0], "the shadow's padding moves the target")
    let a = try XCTUnwrap(plain.answer.decoys)
    let b = try XCTUnwrap(c.answer.decoys)
    XCTAssertEqual(b.map { [$0.x, $0.y] }, a.map { [$0.x + dx, $0.y + dy] })
  }

  func testAnswerWithVariationAndDecoysParsesBackEqual() throws {
    var o = options(3)
    o.variation = .strong
    let c = try SlideMaker.make(background: bg, source: nil, options: o, seed: 31)
    XCTAssertNotNil(c.answer.variation)
    XCTAssertFalse(try XCTUnwrap(c.answer.decoys).isEmpty)
    XCTAssertEqual(try SlideAnswer.parse(c.answer.jsonBytes, name: "answer.json"), c.answer)
    let broken = String(decoding: c.answer.jsonBytes, as: UTF8.self)
      .replacingOccurrences(of: "\"noise\": 4", with: "\"noise\": \"loud\"")
    XCTAssertThrowsError(try SlideAnswer.parse(Array(broken.utf8), name: "answer.json")) {
      XCTAssertEqual(($0 as? CaptchaError)?.kind, .badData)
    }
  }

  func testJigsawDecoysHaveOtherSides() throws {
    for seed: UInt64 in 1...20 {
      let c = try SlideMaker.make(
        background: bg, source: nil, options: options(2, shape: JigsawShape()), seed: seed)
      let d = try XCTUnwrap(c.answer.decoys)
      XCTAssertTrue(d.allSatisfy { $0.shape == "jigsaw" && $0.variant == "sides" })
    }
  }

  func testStripLayoutRecordsDecoysAtRowZeroAndNoneAskedNoneRecorded() throws {
    var o = options(2)
    o.pieceLayout = .strip
    let c = try SlideMaker.make(background: bg, source: nil, options: o, seed: 5)
    XCTAssertTrue(try XCTUnwrap(c.answer.decoys).allSatisfy { $0.y == 0 })
    let plain = try SlideMaker.make(background: bg, source: nil, options: options(0), seed: 5)
    XCTAssertNil(plain.answer.decoys)
    XCTAssertFalse(String(decoding: plain.answer.jsonBytes, as: UTF8.self).contains("decoys"))
    XCTAssertThrowsError(try DecoySettings(count: 17).validate())
    XCTAssertThrowsError(try DecoySettings(count: -1).validate())
  }
}
