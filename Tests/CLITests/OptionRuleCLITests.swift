import CaptchaKit
import Foundation
import XCTest

/// Rules that involve more than one option: checked once the command line is read (exit 64, the
/// rule in one sentence), before any input is read or anything is written; and `batch` refusing
/// options impossible for every item once, up front.
final class OptionRuleCLITests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try CLI.tempDir("option-rules") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  private func expectRule(
    _ args: [String], says sentence: String, file: StaticString = #filePath, line: UInt = #line
  )
    throws
  {
    let out = dir.appendingPathComponent("out")
    let r = try CLI.run(args + ["--out", out.path])
    XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)", file: file, line: line)
    XCTAssertTrue(
      r.stderr.hasPrefix("Error: " + sentence + "\n") || r.stderr == "captcha-gen: " + sentence + "\n",
      r.stderr,
      file: file, line: line)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: out.path), "nothing written", file: file, line: line)
  }

  func testARepeatedKindIsRefusedNotCut() throws {
    for command in [["make", "--seed", "1"], ["batch", "--count", "1", "--seed", "1"]] {
      try expectRule(
        command + ["--kind", "slide", "--kind", "rotate"],
        says: "--kind is given 2 times; this command makes one kind per run (run it once per kind).")
    }
  }

  func testOutlineRulesInMakeAndBatch() throws {
    // A missing --shape-file is not even looked at: the rule comes first.
    let missing = dir.appendingPathComponent("missing.svg").path
    for command in [["make", "--seed", "1"], ["batch", "--count", "1", "--seed", "1"]] {
      try expectRule(
        command + ["--shape", "star", "--shape-path", "M0 0H9V9Z"],
        says: "--shape and --shape-path cannot be used together; choose one.")
      try expectRule(
        command + ["--shape-path", "M0 0H9V9Z", "--shape-file", missing],
        says: "--shape-path and --shape-file cannot be used together; choose one.")
      try expectRule(
        command + ["--fill-rule", "evenodd"],
        says: "--fill-rule applies to custom outlines only; add --shape-path or --shape-file.")
      try expectRule(
        command + ["--shape", "circle", "--fill-rule", "nonzero"],
        says: "--fill-rule applies to custom outlines only; add --shape-path or --shape-file.")
    }
  }

  func testBatchInputAndSeedRules() throws {
    let folder = dir.appendingPathComponent("bg").path
    try expectRule(
      ["batch", "--count", "1", "--seed", "1", "--images", folder, "--list", folder],
      says: "Give either --images or --list, not both.")
    try expectRule(
      ["batch", "--count", "1", "--shard", "0/2"],
      says: "--shard and --resume need --seed, so every run derives the same items.")
    try expectRule(
      ["batch", "--count", "1", "--resume"],
      says: "--shard and --resume need --seed, so every run derives the same items.")
  }

  /// A 400×300 PNG in a folder of its own.
  private func imageFolder() throws -> URL {
    let folder = dir.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let picture = ProceduralBackground.make(width: 400, height: 300, seed: 4)
    try Data(try ImageCodec.encodePNG(picture, keepAlpha: false)).write(
      to: folder.appendingPathComponent("a.png"))
    return folder
  }

  func testBatchRefusesAPieceTooLargeForEveryItemOnceBeforeWriting() throws {
    let images = try imageFolder().path
    for (extra, sentence) in [
      (
        ["--piece-size", "200"],
        "captcha-gen: built-in background: a 200×200 piece is larger than the 320×160 background"
      ),
      (
        ["--images", images, "--size", "320x160", "--piece-size", "200"],
        "captcha-gen: --size 320x160: a 200×200 piece is larger than the 320×160 background"
      ),
      (
        ["--size", "200x100", "--mode", "vertical", "--piece-size", "60"],
        "captcha-gen: built-in background: the 200×100 background is too small for a 60 px piece in vertical mode"
      ),
    ] {
      let out = dir.appendingPathComponent("batch")
      let r = try CLI.run(["batch", "--count", "3", "--seed", "1", "--out", out.path] + extra)
      XCTAssertEqual(r.status, 64, "\(extra): \(r.stderr)")
      XCTAssertTrue(r.stderr.hasPrefix(sentence), r.stderr)
      XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one sentence, not one per item: \(r.stderr)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing written")
    }
    // Without --size each photo's own size decides, item by item: the 400×300 photo fits.
    let out = dir.appendingPathComponent("fits")
    let r = try CLI.run([
      "batch", "--count", "1", "--seed", "1", "--quiet", "--out", out.path, "--images", images,
      "--piece-size", "100",
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
  }
}
