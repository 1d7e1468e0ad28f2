import CaptchaKit
import Foundation
import XCTest

/// Options written in a syntax of their own (`WxH`, `A:B`, `DX,DY`, `I/N`, `N|P%`, six numbers):
/// good text is accepted, bad text is a usage error (exit 64) that names the option, the text and
/// the form expected, and nothing is written.
final class StructuredOptionCLITests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try CLI.tempDir("structured-options") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  /// Runs `command` with `option=text` for every bad text and checks the refusal.
  private func expectRefusals(
    _ command: [String], option: String, bad texts: [String], expected: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    for text in texts {
      let out = dir.appendingPathComponent("out")
      // `--option=text` so a text starting with '-' is never taken for an option.
      let r = try CLI.run(command + ["--out", out.path, "\(option)=\(text)"])
      XCTAssertEqual(r.status, 64, "\(option)=\(text): \(r.stderr)", file: file, line: line)
      XCTAssertTrue(
        r.stderr.hasPrefix("Error: The value '\(text)' is invalid for '\(option) <"), r.stderr, file: file,
        line: line)
      XCTAssertTrue(r.stderr.contains(expected), "\(option)=\(text): \(r.stderr)", file: file, line: line)
      XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), file: file, line: line)
    }
  }

  let make = ["make", "--seed", "1"]
  let batch = ["batch", "--count", "1", "--seed", "1"]

  func testSize() throws {
    for command in [make, batch] {
      try expectRefusals(
        command, option: "--size", bad: ["320by160", "0x100", "x", "320x", "-5x10", "1.5x2"],
        expected: "expected WIDTHxHEIGHT in positive whole pixels, e.g. 320x160")
    }
    let out = dir.appendingPathComponent("ok")
    let r = try CLI.run(make + ["--out", out.path, "--size", "200X100", "--difficulty", "classic"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(
      try ImageCodec.decodeFile(path: out.appendingPathComponent("background.png").path).image.width, 200)
  }

  func testPieceRotation() throws {
    for command in [make, batch] {
      try expectRefusals(
        command, option: "--piece-rotation",
        bad: ["abc", "1:2:3", "400", "-361", "nan", "inf", ":5", "5:", "+"],
        expected: "expected degrees such as 15, or a range such as -20:20, within ±360")
      try expectRefusals(
        command, option: "--piece-rotation", bad: ["20:-20"],
        expected: "the range's first angle must not exceed the second")
    }
    // Fixed angles are recorded as given; a range draws whole tenths within it.
    for (text, check) in [
      ("30", { (d: Double) in d == 30 }), ("-12.5", { $0 == -12.5 }), ("-20:20", { (-20...20).contains($0) }),
      (" 0 : 360 ", { (0...360).contains($0) }),
    ] {
      let out = dir.appendingPathComponent("rot")
      let r = try CLI.run(make + ["--out", out.path, "--shape", "star", "--piece-rotation=\(text)"])
      XCTAssertEqual(r.status, 0, "\(text): \(r.stderr)")
      let answer = try SlideAnswer.read(path: out.appendingPathComponent("answer.json").path)
      let degrees = try XCTUnwrap(answer.look.rotation, text)
      XCTAssertTrue(check(degrees), "\(text) gave \(degrees)")
    }
  }

  func testShadowOffset() throws {
    for command in [make, batch] {
      try expectRefusals(
        command, option: "--shadow-offset", bad: ["3", "1,2,3", "a,b", "1.5,2", ","],
        expected: "expected DX,DY in whole pixels, e.g. 2,3")
    }
  }

  func testShard() throws {
    try expectRefusals(
      batch, option: "--shard", bad: ["1", "a/b", "1/2/3", "1/"],
      expected: "expected I/N, for example 0/4")
    try expectRefusals(
      batch, option: "--shard", bad: ["4/4", "-1/4", "0/0"],
      expected: "is impossible: it needs 0 ≤ I < N and N ≥ 1")
  }

  func testComparePixelAllowance() throws {
    let a = dir.appendingPathComponent("a.png")
    try Data(try ImageCodec.encodePNG(RGBAImage(width: 4, height: 4, fill: (1, 2, 3, 255)), keepAlpha: false))
      .write(to: a)
    for (texts, expected) in [
      (["abc", "-1", "5.5", " "], "expected a whole number ≥ 0 or a percentage such as 0.5%"),
      (["101%", "-1%", "%", "nan%", "1e3%"], "expected a percentage between 0% and 100%, e.g. 0.5%"),
    ] {
      for text in texts {
        let r = try CLI.run(["compare", a.path, a.path, "--max-pixels=\(text)"])
        XCTAssertEqual(r.status, 64, "\(text): \(r.stderr)")
        XCTAssertTrue(
          r.stderr.hasPrefix("Error: The value '\(text)' is invalid for '--max-pixels <N|P%>'"), r.stderr)
        XCTAssertTrue(r.stderr.contains(expected), "\(text): \(r.stderr)")
      }
    }
    for good in ["0", "25", "0.5%", "100%"] {
      XCTAssertEqual(try CLI.run(["compare", a.path, a.path, "--max-pixels", good]).status, 0, good)
    }
  }

  func testRasterTransform() throws {
    let raster = ["raster", "--path", "M0 0h1v1z", "--fill-rule", "nonzero", "--width", "8", "--height", "8"]
    try expectRefusals(
      raster, option: "--transform", bad: ["1 0 0 1 0", "a b c d e f", "1 0 0 1 0 nan", "1 0 0 1 0 0 0"],
      expected: "expected six finite numbers 'a b c d e f'")
  }
}
