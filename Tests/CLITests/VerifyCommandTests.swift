import CaptchaKit
import Foundation
import XCTest

final class VerifyCommandTests: XCTestCase {
  typealias S = MakeTestSupport

  func made(_ extra: [String]) throws -> (URL, SlideAnswer) {
    let dir = try CLI.tempDir("verify")
    XCTAssertEqual(try CLI.run(["make", "--out", dir.path, "--seed", "31"] + extra).status, 0)
    return (dir.appendingPathComponent("answer.json"), try S.answer(dir))
  }

  func verify(_ answer: URL, _ args: [String]) throws -> CLIResult {
    try CLI.run(["verify", "--answer", answer.path] + args)
  }

  func expect(_ answer: URL, _ args: [String], pass: Bool, line: UInt = #line) throws {
    let r = try verify(answer, args)
    XCTAssertEqual(r.status, pass ? 0 : 1, "\(args) \(r.stderr)", line: line)
    XCTAssertEqual(r.stdout, pass ? "pass\n" : "fail\n", "\(args)", line: line)
  }

  func testHorizontalPassesWithinToleranceOnXOnly() throws {
    let (path, a) = try made(["--tolerance", "4"])
    let tx = a.target.x
    for dx in [-4, 0, 4] { try expect(path, ["--x", "\(tx + dx)"], pass: true) }
    try expect(path, ["--x", "\(tx + 5)"], pass: false)
    try expect(path, ["--x", "\(tx - 5)"], pass: false)
    try expect(path, ["--x", "\(Double(tx) + 4.5)"], pass: false)
    // y is not checked in horizontal mode.
    try expect(path, ["--x", "\(tx)", "--y", "\(a.target.y + 50)"], pass: true)
  }

  func testNegativePositionsParseAndFail() throws {
    // A client may report a drop left of or above the image: `--x -3` is a value, not an option.
    let (path, _) = try made(["--mode", "free"])
    try expect(path, ["--x", "-3", "--y", "-1"], pass: false)
  }

  func testFreeModeChecksYToo() throws {
    let (path, a) = try made(["--mode", "free"])
    let (tx, ty) = (a.target.x, a.target.y)
    try expect(path, ["--x", "\(tx + 5)", "--y", "\(ty - 5)"], pass: true)
    try expect(path, ["--x", "\(tx)", "--y", "\(ty + 6)"], pass: false)
    try expect(path, ["--x", "\(tx)", "--y", "\(ty - 6)"], pass: false)
    try expect(path, ["--x", "\(tx + 6)", "--y", "\(ty)"], pass: false)
    let r = try verify(path, ["--x", "\(tx)"])
    XCTAssertEqual(r.status, 64, "free mode needs --y")
    XCTAssertTrue(r.stderr.contains("--y"))
  }

  func testVerticalModeChecksY() throws {
    let (path, a) = try made(["--mode", "vertical", "--size", "160x320"])
    XCTAssertEqual(a.start, PiecePosition(x: a.target.x, y: 0))
    try expect(path, ["--x", "\(a.target.x)", "--y", "\(a.target.y + 5)"], pass: true)
    try expect(path, ["--x", "\(a.target.x)", "--y", "\(a.target.y + 6)"], pass: false)
  }

  func testDisplayWidthScalesThePosition() throws {
    let (path, a) = try made(["--mode", "free"])
    // The client showed the 320-wide background at 480 (1.5×): tolerance 5 becomes 7.5 there.
    let x = Double(a.target.x) * 1.5
    let y = Double(a.target.y) * 1.5
    try expect(path, ["--x", "\(x + 7.5)", "--y", "\(y - 7.5)", "--display-width", "480"], pass: true)
    try expect(path, ["--x", "\(x + 8)", "--y", "\(y)", "--display-width", "480"], pass: false)
    try expect(path, ["--x", "\(x)", "--y", "\(y + 8)", "--display-width", "480"], pass: false)
    let r = try verify(path, ["--x", "1", "--y", "1", "--display-width", "0"])
    XCTAssertEqual(r.status, 64)
  }

  func testBadAnswerFiles() throws {
    let dir = try CLI.tempDir("badanswer")
    let missing = dir.appendingPathComponent("nope.json")
    var r = try verify(missing, ["--x", "1"])
    XCTAssertEqual(r.status, 66)
    XCTAssertTrue(r.stderr.contains("nope.json"), r.stderr)
    let garbage = dir.appendingPathComponent("garbage.json")
    try Data("{ not json".utf8).write(to: garbage)
    r = try verify(garbage, ["--x", "1"])
    XCTAssertEqual(r.status, 65)
    XCTAssertTrue(r.stderr.contains("garbage.json"), r.stderr)
    let partial = dir.appendingPathComponent("partial.json")
    try Data(#"{"schema": 1, "mode": "free"}"#.utf8).write(to: partial)
    r = try verify(partial, ["--x", "1"])
    XCTAssertEqual(r.status, 65)
    XCTAssertTrue(r.stderr.contains("partial.json"), r.stderr)
    XCTAssertEqual(r.stdout, "")
  }
}

/// Answers written before captcha kinds existed have no `kind`: they are slide answers and still
/// verify.
final class VerifyLegacyAnswerTests: XCTestCase {
  func testAnswerWithoutKindVerifiesAsSlide() throws {
    let legacy = MakeGoldenTests.goldenRoot.deletingLastPathComponent()
      .appendingPathComponent("answers/slide-without-kind.json")
    XCTAssertFalse(try String(contentsOf: legacy, encoding: .utf8).contains("\"kind\""))
    let r = try CLI.run(["verify", "--answer", legacy.path, "--x", "67"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(r.stdout, "pass\n")
    XCTAssertEqual(try CLI.run(["verify", "--answer", legacy.path, "--x", "71"]).status, 1)
  }
}
