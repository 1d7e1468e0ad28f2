import CaptchaKit
import Foundation
import XCTest

/// Golden captchas for every hole style and for the drop shadow, in Fixtures/golden/styles, made
/// by the tool from the built-in background with fixed seeds.
///
/// Same comparison as `MakeGoldenTests`: decoded pixels through `ImageCompare`, every channel of
/// every pixel within ±2 of the golden (fully transparent pixels equal whatever their colour),
/// sizes equal, answer.json byte-identical (so the recorded look — hole style, opacity, rotation,
/// padding, shadow — is pinned too).
///
/// To regenerate after an intended change of the output: `CAPTCHA_REGENERATE_GOLDENS=1 swift test
/// --disable-swift-testing --filter StyleGoldenTests`, then look at the pictures before committing.
final class StyleGoldenTests: XCTestCase {
  typealias S = MakeTestSupport

  static let common = ["--size", "200x100", "--difficulty", "classic"]

  static let cases: [(name: String, args: [String])] =
    HoleStyleCatalog.names.enumerated().map { i, style in
      ("hole-\(style)", ["--seed", "\(30 + i)", "--hole-style", style])
    } + [
      ("hole-overlay-opacity-40", ["--seed", "36", "--hole-style", "overlay", "--hole-opacity", "0.4"]),
      ("shadow", ["--seed", "37", "--piece-shadow"]),
      ("bevel", ["--seed", "40", "--piece-bevel"]),
      ("bevel-shadow-circle", ["--seed", "41", "--shape", "circle", "--bevel-width", "3", "--piece-shadow"]),
      ("shadow-free-star", ["--seed", "38", "--shape", "star", "--mode", "free", "--shadow-blur", "4"]),
      (
        "shadow-strip-rotated",
        [
          "--seed", "39", "--piece-layout", "strip", "--shadow-offset", "-2,3", "--shadow-opacity", "0.7",
          "--piece-rotation", "-15:15", "--hole-style", "inner-shadow",
        ]
      ),
    ]

  static var goldenRoot: URL { MakeGoldenTests.goldenRoot.appendingPathComponent("styles") }

  func testOutputsMatchGoldens() throws {
    for (name, args) in Self.cases {
      try GoldenCaptchas.check(
        name, args: Self.common + args, golden: Self.goldenRoot.appendingPathComponent(name))
    }
  }

  func testGoldenHoleStylesRestoreTheBackground() throws {
    // Each hole-style golden, piece laid over its hole at the target, gives back the built-in
    // background: exactly outside the shape and in its interior (alpha 255 within 2 px, past the
    // rim that lightens the piece's inside edge on purpose).
    for (name, args) in Self.cases where name.hasPrefix("hole-") {
      let dir = Self.goldenRoot.appendingPathComponent(name)
      let a = try S.answer(dir)
      let seed = try XCTUnwrap(UInt64(args[args.firstIndex(of: "--seed")! + 1]))
      let original = ProceduralBackground.make(
        width: a.background.width, height: a.background.height, seed: seed)
      let bg = try S.decode(dir.appendingPathComponent("background.png"))
      let piece = try S.decode(dir.appendingPathComponent("piece.png"))
      func alpha(_ x: Int, _ y: Int) -> Int {
        guard x >= 0, y >= 0, x < piece.width, y < piece.height else { return 0 }
        return Int(piece.pixels[(y * piece.width + x) * 4 + 3])
      }
      var interior = 0
      for y in 0..<bg.height {
        for x in 0..<bg.width {
          let px = x - a.target.x
          let py = y - a.target.y
          let p = (y * bg.width + x) * 4
          let pa = alpha(px, py)
          var want = Array(original.pixels[p..<p + 4])
          var got = Array(bg.pixels[p..<p + 4])
          if pa == 0 {
            if bg.pixels[p + 3] == 0 { continue }  // transparent hole edge with 0 piece alpha: none
            XCTAssertEqual(got, want, "\(name): outside the shape at \(x),\(y)")
            continue
          }
          let deep = (-2...2).allSatisfy { dy in (-2...2).allSatisfy { dx in alpha(px + dx, py + dy) == 255 }
          }
          guard deep else { continue }
          interior += 1
          let q = (py * piece.width + px) * 4
          got = Array(piece.pixels[q..<q + 4])  // alpha 255: the piece's pixel is what shows
          want[3] = 255
          XCTAssertEqual(got, want, "\(name): interior at \(x),\(y)")
        }
      }
      XCTAssertGreaterThan(interior, 300, name)  // a 38 px classic piece has about 400
    }
  }

  func testGoldensDifferFromEachOther() throws {
    // Each style's golden is its own picture: the comparison would notice a style drawing another's
    // hole. Same seed, two styles: the backgrounds differ beyond the tolerance.
    let a = try CLI.tempDir("style-a")
    let b = try CLI.tempDir("style-b")
    for (dir, style) in [(a, "overlay"), (b, "outline")] {
      let r = try CLI.run(["make", "--out", dir.path, "--seed", "31", "--hole-style", style] + Self.common)
      XCTAssertEqual(r.status, 0, r.stderr)
    }
    XCTAssertNotNil(
      MakeGoldenTests.compare(
        try S.decode(a.appendingPathComponent("background.png")),
        try S.decode(b.appendingPathComponent("background.png"))))
  }
}
