import Foundation
import XCTest

/// `make --check` and `batch --check`: the report, the JSON key, exit codes, and outputs unchanged.
final class CheckCLITests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws { dir = try CLI.tempDir("check") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func path(_ rel: String) -> String { dir.appendingPathComponent(rel).path }

  /// Every file under `root` with its bytes, by relative path.
  func snapshot(_ root: String) throws -> [String: Data] {
    var out: [String: Data] = [:]
    let e = FileManager.default.enumerator(atPath: root)!
    while let rel = e.nextObject() as? String {
      var isDir: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: root + "/" + rel, isDirectory: &isDir)
      if !isDir.boolValue { out[rel] = FileManager.default.contents(atPath: root + "/" + rel) }
    }
    return out
  }

  func matches(_ text: String, _ pattern: String) -> Bool {
    text.range(of: pattern, options: .regularExpression) != nil
  }

  func testMakeCheckReportsRanksOnStderrAndLeavesTheFilesAlone() throws {
    // A seed of 2^32 or more, so the report is stderr's only line (smaller ones add the
    // guessable-seed warning after it).
    let seed = "4294967338"
    let plain = try CLI.run(["make", "--out", path("plain"), "--seed", seed])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    let checked = try CLI.run(["make", "--out", path("checked"), "--seed", seed, "--check"])
    XCTAssertEqual(checked.status, 0, checked.stderr)
    XCTAssertTrue(
      matches(
        checked.stderr,
        #"^check: edge-match rank [0-9]+ of 261( \(cracked\))?, ncc-ccoeff rank [0-9]+ of 261( \(cracked\))?, "#
          + #"boundary rank [0-9]+ of 261( \(cracked\))?, hole-contrast rank [0-9]+ of 261( \(cracked\))?\n$"#
      ),
      checked.stderr)
    XCTAssertEqual(checked.stdout, "")
    XCTAssertEqual(try snapshot(path("plain")), try snapshot(path("checked")))
  }

  func testMakeCheckAttacksTheDecodedJPEGBackground() throws {
    let r = try CLI.run(["make", "--out", path("j"), "--seed", "3", "--format", "jpeg", "--check"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.hasPrefix("check: edge-match rank "), r.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: path("j/background.jpg")))
  }

  func testMakeCheckJSONAddsCheckToStdoutOnly() throws {
    let r = try CLI.run([
      "make", "--out", path("a"), "--seed", "7", "--check", "--json", "--mode", "vertical",
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
    let check = try XCTUnwrap(json["check"] as? [String: Any])
    XCTAssertNotNil(check["cracked"] as? Bool)
    let attacks = try XCTUnwrap(check["attacks"] as? [[String: Any]])
    XCTAssertEqual(
      attacks.map { $0["name"] as? String }, ["edge-match", "ncc-ccoeff", "boundary", "hole-contrast"])
    let start = json["start"] as! [String: Int]
    for a in attacks {
      // Vertical mode: the attack searches y only, on the start column; 160 − 60 + 1 positions.
      XCTAssertEqual(a["candidates"] as? Int, 101)
      XCTAssertEqual((a["guess"] as? [String: Int])?["x"], start["x"])
      XCTAssertGreaterThanOrEqual(a["rank"] as? Int ?? 0, 1)
    }
    // answer.json on disk is the plain answer: the same as stdout minus "check".
    let onDisk = try String(contentsOfFile: path("a/answer.json"), encoding: .utf8)
    XCTAssertFalse(onDisk.contains("check"))
    var withoutCheck = json
    withoutCheck["check"] = nil
    let disk = try JSONSerialization.jsonObject(with: Data(onDisk.utf8)) as! [String: Any]
    XCTAssertEqual(NSDictionary(dictionary: disk), NSDictionary(dictionary: withoutCheck))
  }

  func testBatchCheckPrintsSharesAndWritesTheSameFilesAndManifest() throws {
    let base = ["--count", "6", "--seed", "5", "--jobs", "2", "--quiet"]
    let plain = try CLI.run(["batch", "--out", path("plain")] + base)
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertEqual(plain.stderr, "")
    let checked = try CLI.run(["batch", "--out", path("checked"), "--check"] + base)
    XCTAssertEqual(checked.status, 0, checked.stderr)
    XCTAssertTrue(
      matches(
        checked.stderr,
        #"^check: 6 items; edge-match cracked [0-6] \([0-9.]+%, median rank [0-9]+\), "#
          + #"ncc-ccoeff cracked [0-6] \([0-9.]+%, median rank [0-9]+\), "#
          + #"boundary cracked [0-6] \([0-9.]+%, median rank [0-9]+\), "#
          + #"hole-contrast cracked [0-6] \([0-9.]+%, median rank [0-9]+\); any attack [0-6] \([0-9.]+%\)\n$"#
      ),
      checked.stderr)
    XCTAssertEqual(try snapshot(path("plain")), try snapshot(path("checked")))
  }

  func testBatchCheckAgreesWithMakeCheckOnEachItem() throws {
    // A faint overlay hole, so that edge matching misses some items (4 of 6 cracked when written).
    let look = ["--hole-style", "overlay", "--hole-opacity", "0.15"]
    let r = try CLI.run(
      ["batch", "--out", path("b"), "--count", "6", "--seed", "9", "--check", "--quiet"] + look)
    XCTAssertEqual(r.status, 0, r.stderr)
    // Re-check every item with make (same seed, same built-in background) and count the cracks.
    var edge = 0
    var ncc = 0
    var boundary = 0
    let manifest = try String(contentsOfFile: path("b/manifest.jsonl"), encoding: .utf8)
    for line in manifest.split(separator: "\n") {
      let item = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let seed = "\(item["seed"] as! Int)"
      let m = try CLI.run(["make", "--out", path("m" + seed), "--seed", seed, "--check"] + look)
      XCTAssertEqual(m.status, 0, m.stderr)
      if matches(m.stderr, #"edge-match rank [0-9]+ of 261 \(cracked\)"#) { edge += 1 }
      if matches(m.stderr, #"ncc-ccoeff rank [0-9]+ of 261 \(cracked\)"#) { ncc += 1 }
      if matches(m.stderr, #"boundary rank [0-9]+ of 261 \(cracked\)"#) { boundary += 1 }
    }
    XCTAssertTrue(r.stderr.contains("edge-match cracked \(edge) "), r.stderr)
    XCTAssertTrue(r.stderr.contains("ncc-ccoeff cracked \(ncc) "), r.stderr)
    XCTAssertTrue(r.stderr.contains("boundary cracked \(boundary) "), r.stderr)
  }

  func testResumedItemsAreCheckedToo() throws {
    let args = ["batch", "--out", path("r"), "--count", "4", "--seed", "3", "--quiet"]
    XCTAssertEqual(try CLI.run(args).status, 0)
    let resumed = try CLI.run(args + ["--resume", "--check"])
    XCTAssertEqual(resumed.status, 0, resumed.stderr)
    XCTAssertTrue(resumed.stderr.hasPrefix("check: 4 items;"), resumed.stderr)
    XCTAssertFalse(resumed.stderr.contains("not checked"))
  }
}
