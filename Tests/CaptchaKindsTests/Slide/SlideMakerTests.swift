import CaptchaTestSupport
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

final class SlideMakerTests: XCTestCase {
  func noise(_ w: Int, _ h: Int) -> RGBAImage {
    var rng = Xoshiro256StarStar(seed: 99)
    var img = RGBAImage(width: w, height: h)
    for i in 0..<(w * h) { for c in 0..<3 { img.pixels[i * 4 + c] = UInt8(40 + rng.next(below: 180)) } }
    return img
  }

  func testHoleAndPieceComeFromTheSameMaskAtTheTarget() throws {
    let bg = noise(320, 160)
    for shape in ShapeCatalog.all {
      var o = SlideOptions()
      o.shape = shape
      o.mode = .free
      let c = try SlideMaker.make(background: bg, source: nil, options: o, seed: 4)
      let t = c.answer.target
      let p = c.answer.piece.width
      var opaque = 0
      var untouched = 0
      for y in 0..<bg.height {
        for x in 0..<bg.width {
          let b = (y * bg.width + x) * 4
          let inBox = x >= t.x && x < t.x + p && y >= t.y && y < t.y + p
          let alpha = inBox ? c.piece.pixels[((y - t.y) * p + x - t.x) * 4 + 3] : 0
          if alpha == 0 {
            // No piece coverage: the background is unchanged there.
            XCTAssertEqual(Array(c.background.pixels[b..<b + 4]), Array(bg.pixels[b..<b + 4]))
          } else if alpha == 255 {
            opaque += 1
            let q = ((y - t.y) * p + x - t.x) * 4
            // Full coverage: the piece keeps the original colour (lighter only along its rim) and,
            // away from the edge lines, the hole is darker than the original.
            XCTAssertGreaterThanOrEqual(c.piece.pixels[q + 1], bg.pixels[b + 1])
            if c.piece.pixels[q..<q + 3] == bg.pixels[b..<b + 3] {
              untouched += 1
              XCTAssertLessThan(c.background.pixels[b + 1], bg.pixels[b + 1], "\(shape.name) \(x),\(y)")
            }
          }
        }
      }
      XCTAssertGreaterThan(untouched, opaque * 3 / 4, "\(shape.name): only the rim is restyled")
    }
  }

  func testEveryModeShapeAndSizeDownToTheMinimumProducesAValidCaptcha() throws {
    let sizes = [(36, 20), (20, 36), (37, 80), (320, 160), (97, 233)]
    var seed: UInt64 = 0
    for (w, h) in sizes {
      let bg = noise(w, h)
      for mode in DragMode.allCases {
        for shape in ShapeCatalog.all {
          var o = SlideOptions()
          o.mode = mode
          o.shape = shape
          seed += 1
          let p = o.resolvedPieceSize(width: w, height: h)
          guard Placement.fits(width: w, height: h, pieceSize: p, mode: mode) else {
            XCTAssertThrowsError(try SlideMaker.make(background: bg, source: nil, options: o, seed: seed))
            continue
          }
          let c = try SlideMaker.make(background: bg, source: nil, options: o, seed: seed)
          let a = c.answer
          XCTAssertEqual(c.piece.width, p)
          for pos in [a.start, a.target] {
            XCTAssert(pos.x >= 0 && pos.y >= 0 && pos.x + p <= w && pos.y + p <= h, "\(w)x\(h) \(mode)")
          }
          XCTAssert(abs(a.start.x - a.target.x) >= p || abs(a.start.y - a.target.y) >= p)
          XCTAssert(c.piece.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 })
        }
      }
    }
  }

  func testMaskAreaMatchesTheShape() throws {
    let bg = noise(320, 160)
    func area(_ shape: BuiltinShape) throws -> Double {
      var o = SlideOptions()
      o.shape = shape
      o.pieceSize = 64
      let c = try SlideMaker.make(background: bg, source: nil, options: o, seed: 1)
      var s = 0
      for i in stride(from: 3, to: c.piece.pixels.count, by: 4) { s += Int(c.piece.pixels[i]) }
      return Double(s) / 255
    }
    XCTAssertEqual(try area(.square), 64 * 64)
    XCTAssertEqual(try area(.circle), Double.pi * 32 * 32, accuracy: Double.pi * 32 * 32 * 0.005)
    // Classic: knobs out and notches in are the same shape, so the area is the body's (64/1.3)².
    let body = 64 / 1.3
    XCTAssertEqual(try area(.classic), body * body, accuracy: body * body * 0.01)
  }

  func testSameSeedSameCaptchaDifferentSeedDifferent() throws {
    let bg = ProceduralBackground.make(width: 320, height: 160, seed: 8)
    let o = SlideOptions()
    let a = try SlideMaker.make(background: bg, source: nil, options: o, seed: 8)
    XCTAssertEqual(a, try SlideMaker.make(background: bg, source: nil, options: o, seed: 8))
    let b = try SlideMaker.make(background: bg, source: nil, options: o, seed: 9)
    XCTAssertNotEqual(a.answer.target, b.answer.target)
    let fa = try SlideMaker.encode(a, options: o)
    let fa2 = try SlideMaker.encode(a, options: o)
    XCTAssertEqual(fa.files.map { $0.bytes }, fa2.files.map { $0.bytes })
    XCTAssertEqual(fa.files.map { $0.name }, ["piece.png", "background.png", "answer.json"])
  }

  func testImpossibleOptionsAreUsageErrorsNamingTheSource() {
    let bg = noise(100, 50)
    let src = SourceInfo(file: "tiny.jpg", width: 100, height: 50, sha256: "")
    var o = SlideOptions()
    o.pieceSize = 60
    XCTAssertThrowsError(try SlideMaker.make(background: bg, source: src, options: o, seed: 1)) { e in
      XCTAssertTrue(e is OptionError, "\(e)")
      XCTAssertTrue("\(e)".hasPrefix("tiny.jpg:"), "\(e)")
    }
    for edit in [
      { (o: inout SlideOptions) in o.tolerance = -1 }, { $0.quality = 0 }, { $0.quality = 101 },
      { $0.pieceSize = 3 }, { $0.maxPixels = 0 }, { $0.size = PixelSize(width: 100_000, height: 10) },
    ] {
      var bad = SlideOptions()
      edit(&bad)
      XCTAssertThrowsError(try SlideMaker.make(background: bg, source: src, options: bad, seed: 1)) { e in
        XCTAssertTrue(e is OptionError, "\(e)")
      }
    }
  }

  func testWriteCreatesFolderAndRollsBackOnError() throws {
    let dir = try TestDirs.make("files")
    let files = CaptchaFiles(files: [("a.bin", [1]), ("b.bin", [2]), ("c.bin", [3])])
    let out = dir.appendingPathComponent("x/y").path
    try files.write(toDirectory: out)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["a.bin", "b.bin", "c.bin"])
    let out2 = dir.appendingPathComponent("z").path
    try FileManager.default.createDirectory(atPath: out2 + "/c.bin", withIntermediateDirectories: true)
    XCTAssertThrowsError(try files.write(toDirectory: out2)) { e in
      XCTAssertEqual((e as? CaptchaError)?.kind, .cannotCreate)
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out2), ["c.bin"])
  }
}
