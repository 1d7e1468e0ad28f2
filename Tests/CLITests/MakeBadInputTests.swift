import CaptchaKit
import Foundation
import XCTest

/// Every bad input to `make` gets one sentence naming the file, its sysexits code, and leaves no
/// output file behind.
final class MakeBadInputTests: XCTestCase {
  typealias S = MakeTestSupport

  /// Runs make into a fresh --out folder and checks the exit code, the message and the folder.
  func expectFailure(
    _ args: [String], status: Int32, mentions: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let out = try CLI.tempDir("bad").appendingPathComponent("out")
    let r = try CLI.run(["make", "--out", out.path, "--seed", "1"] + args)
    XCTAssertEqual(r.status, status, "stderr: \(r.stderr)", file: file, line: line)
    XCTAssertTrue(
      r.stderr.contains(mentions), "stderr names \(mentions): \(r.stderr)", file: file, line: line)
    XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line: \(r.stderr)", file: file, line: line)
    XCTAssertEqual(r.stdout, "", file: file, line: line)
    XCTAssertEqual(S.files(in: out), [], "no output files remain", file: file, line: line)
  }

  func inputs() throws -> URL {
    let dir = try CLI.tempDir("inputs")
    try Data("this is not an image\n".utf8).write(to: dir.appendingPathComponent("notes.png"))
    // A real PNG cut short.
    let real = try CLI.tempDir("real")
    XCTAssertEqual(try CLI.run(["make", "--out", real.path, "--seed", "3"]).status, 0)
    let png = try S.bytes(real.appendingPathComponent("background.png"))
    try Data(png[0..<(png.count / 3)]).write(to: dir.appendingPathComponent("cut.png"))
    try Data(png).write(to: dir.appendingPathComponent("ok.png"))
    try Data(S.pngHeader(width: 200_000, height: 200_000)).write(to: dir.appendingPathComponent("huge.png"))
    return dir
  }

  func testBadImages() throws {
    let d = try inputs()
    try expectFailure(
      ["--image", d.appendingPathComponent("missing.png").path], status: 66, mentions: "missing.png")
    try expectFailure(
      ["--image", d.appendingPathComponent("notes.png").path], status: 65, mentions: "notes.png")
    try expectFailure(["--image", d.appendingPathComponent("cut.png").path], status: 65, mentions: "cut.png")
    try expectFailure(
      ["--image", d.appendingPathComponent("huge.png").path], status: 65, mentions: "huge.png")
    try expectFailure(
      ["--image", d.appendingPathComponent("ok.png").path, "--max-pixels", "10000"], status: 65,
      mentions: "ok.png")
    try expectFailure(["--image", d.path], status: 66, mentions: d.lastPathComponent)
  }

  func testImpossibleOptions() throws {
    let d = try inputs()
    try expectFailure(["--piece-size", "200"], status: 64, mentions: "piece")
    try expectFailure(
      ["--image", d.appendingPathComponent("ok.png").path, "--piece-size", "170"], status: 64,
      mentions: "ok.png")
    try expectFailure(
      ["--image", d.appendingPathComponent("ok.png").path, "--mode", "vertical", "--piece-size", "80"],
      status: 64,
      mentions: "ok.png")
    try expectFailure(["--size", "30x20"], status: 64, mentions: "too small")
    try expectFailure(["--tolerance=-1"], status: 64, mentions: "--tolerance")
    try expectFailure(["--quality", "101"], status: 64, mentions: "--quality")
    try expectFailure(["--max-pixels", "0"], status: 64, mentions: "--max-pixels")
    try expectFailure(["--size", "2000x2000", "--max-pixels", "1000000"], status: 64, mentions: "2000x2000")
    try expectFailure(["--threads", "0"], status: 64, mentions: "--threads 0")
    try expectFailure(["--kind", "rotate", "--threads=-2"], status: 64, mentions: "--threads -2")
  }

  func testUnwritableOutputIsCannotCreate() throws {
    let dir = try CLI.tempDir("unwritable")
    let blocker = dir.appendingPathComponent("a-file")
    try Data([1]).write(to: blocker)
    for out in [blocker.path, blocker.appendingPathComponent("sub").path] {
      let r = try CLI.run(["make", "--out", out, "--seed", "1"])
      XCTAssertEqual(r.status, 73, r.stderr)
      XCTAssertTrue(r.stderr.contains(out), r.stderr)
    }
    XCTAssertEqual(S.files(in: dir), ["a-file"])
  }

  func testFailureMidWayRemovesFilesAlreadyWritten() throws {
    // background.png cannot be renamed into place (a folder has its name): piece.png, written
    // first, must be removed again and answer.json never written.
    let out = try CLI.tempDir("midway")
    try FileManager.default.createDirectory(
      at: out.appendingPathComponent("background.png"), withIntermediateDirectories: false)
    let r = try CLI.run(["make", "--out", out.path, "--seed", "1"])
    XCTAssertEqual(r.status, 73, r.stderr)
    XCTAssertTrue(r.stderr.contains("background.png"), r.stderr)
    XCTAssertEqual(S.files(in: out), ["background.png"])
    XCTAssertEqual(S.files(in: out.appendingPathComponent("background.png")), [])
  }
}
