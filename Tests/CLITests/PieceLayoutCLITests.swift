import CaptchaKit
import Foundation
import XCTest

/// `--piece-layout`: a strip piece is the tight piece laid into a full-height transparent strip,
/// so placed at the target (y = 0) it covers the hole exactly as the tight piece does.
final class PieceLayoutCLITests: XCTestCase {
  typealias S = MakeTestSupport

  func make(_ args: [String]) throws -> (status: Int32, dir: URL, stderr: String) {
    let dir = try CLI.tempDir("layout").appendingPathComponent("out")
    let r = try CLI.run(["make", "--out", dir.path, "--seed", "21"] + args)
    return (r.status, dir, r.stderr)
  }

  func testStripIsTheTightPieceInAFullHeightStrip() throws {
    let tight = try make(["--piece-layout", "tight"])
    let strip = try make(["--piece-layout", "strip"])
    XCTAssertEqual(tight.status, 0, tight.stderr)
    XCTAssertEqual(strip.status, 0, strip.stderr)
    let ta = try S.answer(tight.dir)
    let sa = try S.answer(strip.dir)
    let tp = try S.decode(tight.dir.appendingPathComponent("piece.png"))
    let sp = try S.decode(strip.dir.appendingPathComponent("piece.png"))
    let bg = try S.decode(strip.dir.appendingPathComponent("background.png"))
    // Same hole either way; the layout only reframes piece.png.
    XCTAssertEqual(
      try S.bytes(tight.dir.appendingPathComponent("background.png")),
      try S.bytes(strip.dir.appendingPathComponent("background.png")))
    XCTAssertEqual(ta.layout, nil)
    XCTAssertEqual(sa.layout, .strip)
    XCTAssertEqual(sa.target.x, ta.target.x)
    XCTAssertEqual(sa.start.x, ta.start.x)
    XCTAssertEqual(sa.target.y, 0)
    XCTAssertEqual(sa.start.y, 0)
    XCTAssertEqual(sp.width, tp.width)
    XCTAssertEqual(sp.height, bg.height)
    XCTAssertEqual(sa.piece.height, bg.height)
    // Placed at (target.x, 0), the strip holds the tight piece's pixels at the tight target and
    // nothing else: it covers the hole exactly as the tight piece does.
    for y in 0..<sp.height {
      for x in 0..<sp.width {
        let s = (y * sp.width + x) * 4
        let ty = y - ta.target.y
        if ty >= 0 && ty < tp.height {
          let t = (ty * tp.width + x) * 4
          XCTAssertEqual(Array(sp.pixels[s..<s + 4]), Array(tp.pixels[t..<t + 4]), "\(x),\(y)")
        } else {
          XCTAssertEqual(sp.pixels[s + 3], 0, "transparent outside the piece at \(x),\(y)")
        }
      }
    }
    let text = String(decoding: try S.bytes(strip.dir.appendingPathComponent("answer.json")), as: UTF8.self)
    XCTAssertTrue(text.contains("\"layout\""), text)
  }

  func testStripNeedsHorizontalMode() throws {
    let r = try make(["--piece-layout", "strip", "--mode", "free"])
    XCTAssertEqual(r.status, 64, r.stderr)
    XCTAssertTrue(r.stderr.contains("--piece-layout strip"), r.stderr)
    XCTAssertEqual(S.files(in: r.dir), [])
  }
}
