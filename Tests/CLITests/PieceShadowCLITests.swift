import CaptchaKit
import Foundation
import XCTest

/// `--piece-shadow` and `--shadow-offset/-blur/-opacity` on `make` (plus the `--piece-bevel`
/// option checks): piece.png is padded, start and target move by the padding, the background is
/// the one made without a shadow, verify passes at the new target, and bad values are usage errors
/// that write nothing.
final class PieceShadowCLITests: XCTestCase {
  typealias S = MakeTestSupport

  func make(_ args: [String], seed: String = "17") throws -> (status: Int32, dir: URL, stderr: String) {
    let dir = try CLI.tempDir("shadow").appendingPathComponent("out")
    let r = try CLI.run(["make", "--out", dir.path, "--seed", seed] + args)
    return (r.status, dir, r.stderr)
  }

  func testShadowPadsThePieceAndShiftsTheAnswer() throws {
    let plain = try make([])
    let shadow = try make(["--piece-shadow"])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertEqual(shadow.status, 0, shadow.stderr)
    XCTAssertEqual(
      try S.bytes(plain.dir.appendingPathComponent("background.png")),
      try S.bytes(shadow.dir.appendingPathComponent("background.png")), "the shadow changes only piece.png")
    let pa = try S.answer(plain.dir)
    let sa = try S.answer(shadow.dir)
    let pad = try XCTUnwrap(sa.look.padding)
    XCTAssertEqual(pad, PieceShadow().padding)
    XCTAssertEqual(sa.target, PiecePosition(x: pa.target.x - pad.left, y: pa.target.y - pad.top))
    XCTAssertEqual(sa.start, PiecePosition(x: pa.start.x - pad.left, y: pa.start.y - pad.top))
    let piece = try S.decode(shadow.dir.appendingPathComponent("piece.png"))
    XCTAssertEqual(piece.width, pa.piece.width + pad.left + pad.right)
    XCTAssertEqual(piece.height, pa.piece.height + pad.top + pad.bottom)
    XCTAssertEqual(sa.piece.width, piece.width)
    let text = String(decoding: try S.bytes(shadow.dir.appendingPathComponent("answer.json")), as: UTF8.self)
    XCTAssertTrue(text.contains("\"padding\": { \"left\": \(pad.left), \"top\": \(pad.top)"), text)
    XCTAssertNil(pa.look.padding)
    for (x, want) in [(sa.target.x, "pass"), (sa.target.x - 5, "pass"), (pa.target.x + 6, "fail")] {
      let v = try CLI.run([
        "verify", "--answer", shadow.dir.appendingPathComponent("answer.json").path, "--x", "\(x)",
      ])
      XCTAssertEqual(v.stdout, "\(want)\n", "x = \(x)")
    }
  }

  func testTuningOptionsImplyTheShadowAndAreRecorded() throws {
    let r = try make(["--shadow-offset", "-3,2", "--shadow-blur", "1", "--shadow-opacity", "0.8"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let a = try S.answer(r.dir)
    XCTAssertEqual(a.look.shadow, PieceShadow(offsetX: -3, offsetY: 2, blur: 1, opacity: 0.8))
    XCTAssertEqual(a.look.padding, PiecePadding(left: 5, top: 0, right: 0, bottom: 4))
    // A negative start: in horizontal mode the piece's box starts at x = 0, its padding left of it.
    XCTAssertEqual(a.start.x, -5)
    let v = try CLI.run([
      "verify", "--answer", r.dir.appendingPathComponent("answer.json").path, "--x", "\(a.target.x)",
    ])
    XCTAssertEqual(v.status, 0, v.stderr)
  }

  func testVerifyAcceptsANegativeTargetNearTheEdge() throws {
    // Offset up-left: piece.png starts above/left of the hole, past the edge for holes near it.
    for seed in 1...40 {
      let r = try make(
        ["--mode", "free", "--size", "160x80", "--piece-size", "32", "--shadow-offset", "-30,-30"],
        seed: "\(seed)")
      XCTAssertEqual(r.status, 0, r.stderr)
      let a = try S.answer(r.dir)
      guard a.target.x < 0 else { continue }
      let answer = r.dir.appendingPathComponent("answer.json").path
      for (x, y, want) in [
        (a.target.x, a.target.y, "pass"), (a.target.x + 2, a.target.y - 1, "pass"),
        (a.target.x + 9, a.target.y, "fail"),
      ] {
        let v = try CLI.run(["verify", "--answer", answer, "--x", "\(x)", "--y", "\(y)"])
        XCTAssertEqual(v.stdout, "\(want)\n", "seed \(seed): \(x),\(y) \(v.stderr)")
      }
      return
    }
    XCTFail("no seed in 1…40 put piece.png past the left edge")
  }

  func testBadValuesAreUsageErrors() throws {
    for (args, mention) in [
      (["--shadow-offset", "99,0"], "--shadow-offset"),
      (["--shadow-blur", "-1"], "--shadow-blur"),
      (["--shadow-blur", "40"], "--shadow-blur"),
      (["--shadow-opacity", "1.5"], "--shadow-opacity"),
      (["--bevel-width", "0"], "--bevel-width"),
      (["--bevel-strength", "-1"], "--bevel-strength"),
    ] {
      let r = try make(args)
      XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(mention), r.stderr)
      XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
      XCTAssertEqual(S.files(in: r.dir), [])
    }
  }

  func testHelpListsTheShadowOptions() throws {
    let r = try CLI.run(["make", "--help"])
    for o in [
      "--piece-shadow", "--shadow-offset", "--shadow-blur", "--shadow-opacity", "--piece-bevel",
      "--bevel-width",
      "--bevel-strength",
    ] {
      XCTAssertTrue(r.stdout.contains(o), o)
    }
  }
}
