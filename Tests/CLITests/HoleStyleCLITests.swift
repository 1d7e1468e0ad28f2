import CaptchaKit
import Foundation
import XCTest

/// `--hole-style` and `--hole-opacity` on `make`: each style is accepted, deterministic, draws a
/// different hole, and bad values are refused with exit 64.
final class HoleStyleCLITests: XCTestCase {
  typealias S = MakeTestSupport

  func make(_ args: [String]) throws -> (status: Int32, dir: URL, stderr: String) {
    let dir = try CLI.tempDir("hole").appendingPathComponent("out")
    let r = try CLI.run(["make", "--out", dir.path, "--seed", "11"] + args)
    return (r.status, dir, r.stderr)
  }

  func testEveryStyleIsDeterministicAndDistinct() throws {
    var backgrounds: [[UInt8]] = []
    for name in HoleStyleCatalog.names {
      // Classic: no background variation or decoys, so only the hole style differs between runs.
      let a = try make(["--hole-style", name, "--difficulty", "classic"])
      let b = try make(["--hole-style", name, "--difficulty", "classic"])
      XCTAssertEqual(a.status, 0, a.stderr)
      XCTAssertEqual(b.status, 0, b.stderr)
      for f in ["background.png", "piece.png", "answer.json"] {
        XCTAssertEqual(
          try S.bytes(a.dir.appendingPathComponent(f)), try S.bytes(b.dir.appendingPathComponent(f)),
          "\(name) \(f) same seed, same bytes")
      }
      backgrounds.append(try S.bytes(a.dir.appendingPathComponent("background.png")))
    }
    XCTAssertEqual(Set(backgrounds).count, backgrounds.count, "each style draws its own hole")
    let plain = try make([])
    let answer = String(decoding: try S.bytes(plain.dir.appendingPathComponent("answer.json")), as: UTF8.self)
    XCTAssertTrue(answer.contains("\"texture\""), "the default (--difficulty normal) hole is texture")
    let classic = try make(["--difficulty", "classic"])
    XCTAssertTrue(
      try S.bytes(classic.dir.appendingPathComponent("background.png")) == backgrounds[0],
      "--difficulty classic draws the shade hole")
  }

  func testOpacityChangesTheHole() throws {
    let light = try make(["--hole-style", "overlay", "--hole-opacity", "0.3"])
    let strong = try make(["--hole-style", "overlay", "--hole-opacity", "0.9"])
    XCTAssertEqual(light.status, 0, light.stderr)
    XCTAssertEqual(strong.status, 0, strong.stderr)
    let a = try S.answer(light.dir)
    let l = try S.decode(light.dir.appendingPathComponent("background.png"))
    let s = try S.decode(strong.dir.appendingPathComponent("background.png"))
    let piece = try S.decode(light.dir.appendingPathComponent("piece.png"))
    // Centre of the piece box lies inside every built-in shape.
    let p = ((a.target.y + piece.height / 2) * l.width + a.target.x + piece.width / 2) * 4
    let lightSum = (0..<3).map { Int(l.pixels[p + $0]) }.reduce(0, +)
    let strongSum = (0..<3).map { Int(s.pixels[p + $0]) }.reduce(0, +)
    XCTAssertGreaterThan(strongSum, lightSum + 60, "0.9 is whiter than 0.3")
  }

  func testBadValuesAreUsageErrors() throws {
    for (args, mention) in [
      (["--hole-style", "glow"], "--hole-style"),
      (["--hole-opacity", "1.5"], "--hole-opacity"),
      (["--hole-opacity", "-0.2"], "--hole-opacity"),
    ] {
      let r = try make(args)
      XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(mention), r.stderr)
      XCTAssertEqual(S.files(in: r.dir), [])
    }
  }

  func testTransparentHoleIsSeeThroughAndRefusesJPEG() throws {
    let ok = try make(["--hole-style", "transparent"])
    XCTAssertEqual(ok.status, 0, ok.stderr)
    let a = try S.answer(ok.dir)
    let bg = try S.decode(ok.dir.appendingPathComponent("background.png"))
    let piece = try S.decode(ok.dir.appendingPathComponent("piece.png"))
    let p = ((a.target.y + piece.height / 2) * bg.width + a.target.x + piece.width / 2) * 4
    XCTAssertEqual(bg.pixels[p + 3], 0, "hole centre is fully transparent")
    XCTAssertEqual(bg.pixels[3], 255, "outside the hole stays opaque")
    let r = try make(["--hole-style", "transparent", "--format", "jpeg"])
    XCTAssertEqual(r.status, 64, r.stderr)
    XCTAssertTrue(
      r.stderr.contains("--hole-style transparent") && r.stderr.contains("--format jpeg"), r.stderr)
    XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
    XCTAssertEqual(S.files(in: r.dir), [])
  }
}
