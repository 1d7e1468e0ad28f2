import Foundation
import XCTest

/// `--no-fsync` (make and batch) and `make --threads`: only durability or speed changes, never a
/// byte of the output, and no temporary file is left behind.
final class NoFsyncCLITests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws { dir = try CLI.tempDir("no-fsync") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func path(_ rel: String) -> String { dir.appendingPathComponent(rel).path }

  /// Every file under `root` (hidden ones included) with its bytes, by relative path.
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

  func testMakeWritesTheSameFiles() throws {
    let durable = try CLI.run(["make", "--out", path("durable"), "--seed", "42"])
    XCTAssertEqual(durable.status, 0, durable.stderr)
    let scratch = try CLI.run(["make", "--out", path("scratch"), "--seed", "42", "--no-fsync"])
    XCTAssertEqual(scratch.status, 0, scratch.stderr)
    let files = try snapshot(path("scratch"))
    XCTAssertEqual(files.keys.sorted(), ["answer.json", "background.png", "piece.png"])
    XCTAssertEqual(try snapshot(path("durable")), files)
  }

  func testBatchWritesTheSameFilesAndManifest() throws {
    let base = ["--count", "4", "--seed", "5", "--jobs", "2", "--quiet"]
    let durable = try CLI.run(["batch", "--out", path("durable")] + base)
    XCTAssertEqual(durable.status, 0, durable.stderr)
    let scratch = try CLI.run(["batch", "--out", path("scratch"), "--no-fsync"] + base)
    XCTAssertEqual(scratch.status, 0, scratch.stderr)
    let files = try snapshot(path("scratch"))
    XCTAssertEqual(files.count, 4 * 3 + 1)
    XCTAssertEqual(try snapshot(path("durable")), files)
  }

  /// `make --threads N` changes no byte either: a 1200x900 captcha, where the warp, the tone, the
  /// hole and the encoders all split, on one thread and on three.
  func testMakeThreadsWriteTheSameFiles() throws {
    let args = ["make", "--seed", "8", "--size", "1200x900", "--no-fsync"]
    let one = try CLI.run(args + ["--out", path("one"), "--threads", "1"])
    XCTAssertEqual(one.status, 0, one.stderr)
    let three = try CLI.run(args + ["--out", path("three"), "--threads", "3"])
    XCTAssertEqual(three.status, 0, three.stderr)
    let files = try snapshot(path("one"))
    XCTAssertEqual(files.keys.sorted(), ["answer.json", "background.png", "piece.png"])
    XCTAssertEqual(try snapshot(path("three")), files)
  }
}
