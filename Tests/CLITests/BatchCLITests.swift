import CaptchaKit
import Foundation
import XCTest

final class BatchCLITests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws { dir = try CLI.tempDir("batch") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func path(_ rel: String) -> String { dir.appendingPathComponent(rel).path }

  /// A folder of `good` distinct 320×160 PNG backgrounds, plus the given corrupt files.
  @discardableResult
  func backgrounds(_ name: String, good: Int, corrupt: [String: [UInt8]] = [:]) throws -> String {
    let folder = path(name)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for k in 0..<good {
      var img = RGBAImage(width: 320, height: 160, fill: (0, 0, 0, 255))
      for y in 0..<160 {
        for x in 0..<320 {
          let i = (y * 320 + x) * 4
          img.pixels[i] = UInt8((x * (k + 1)) & 255)
          img.pixels[i + 1] = UInt8((y * 3 + k * 40) & 255)
          img.pixels[i + 2] = UInt8(((x ^ y) + k * 17) & 255)
        }
      }
      try Data(try ImageCodec.encodePNG(img, keepAlpha: false)).write(
        to: URL(fileURLWithPath: folder + "/bg\(k).png"))
    }
    for (file, bytes) in corrupt { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + file)) }
    return folder
  }

  /// Every file under `root` (hidden ones included) with its bytes, by relative path.
  func snapshot(_ root: String, excluding: (String) -> Bool = { _ in false }) throws -> [String: Data] {
    var out: [String: Data] = [:]
    let e = FileManager.default.enumerator(atPath: root)!
    while let rel = e.nextObject() as? String {
      var isDir: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: root + "/" + rel, isDirectory: &isDir)
      if !isDir.boolValue && !excluding(rel) {
        out[rel] = FileManager.default.contents(atPath: root + "/" + rel)
      }
    }
    return out
  }

  func assertSameFiles(
    _ a: [String: Data], _ b: [String: Data], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(a.keys.sorted(), b.keys.sorted(), file: file, line: line)
    for (k, v) in a where b[k] != v { XCTFail("\(k) differs", file: file, line: line) }
  }

  func manifestLines(_ file: String) throws -> [String] {
    try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  func testShardedUnionEqualsUnshardedByteForByte() throws {
    let bg = try backgrounds("bg", good: 3)
    let whole = try CLI.run([
      "batch", "--count", "7", "--out", path("whole"), "--images", bg, "--seed", "5", "--jobs", "1",
    ])
    XCTAssertEqual(whole.status, 0, whole.stderr)
    var shardManifest: [String] = []
    for i in 0..<3 {
      let r = try CLI.run([
        "batch", "--count", "7", "--out", path("sharded"), "--images", bg, "--seed", "5", "--shard", "\(i)/3",
        "--jobs", "2",
      ])
      XCTAssertEqual(r.status, 0, r.stderr)
      shardManifest += try manifestLines(path("sharded/manifest.shard-\(i)-of-3.jsonl"))
    }
    let isManifest = { (rel: String) in rel.hasPrefix("manifest") }
    let items = try snapshot(path("whole"), excluding: isManifest)
    XCTAssertEqual(items.count, 21, "7 items × 3 files")
    assertSameFiles(items, try snapshot(path("sharded"), excluding: isManifest))
    let index = { (line: String) -> Int in
      (try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any])["index"] as! Int
    }
    XCTAssertEqual(
      shardManifest.sorted { index($0) < index($1) }, try manifestLines(path("whole/manifest.jsonl")))
  }

  func testOneAndTwoJobsGiveIdenticalOutput() throws {
    let bg = try backgrounds("bg", good: 2)
    for jobs in ["1", "2"] {
      let r = try CLI.run([
        "batch", "--count", "6", "--out", path("j" + jobs), "--images", bg, "--seed", "11", "--jobs", jobs,
      ])
      XCTAssertEqual(r.status, 0, r.stderr)
    }
    let one = try snapshot(path("j1"))
    XCTAssertEqual(one.count, 6 * 3 + 1)
    assertSameFiles(one, try snapshot(path("j2")))
    // The procedural background too.
    for jobs in ["1", "2"] {
      XCTAssertEqual(
        try CLI.run([
          "batch", "--count", "4", "--out", path("p" + jobs), "--seed", "3", "--jobs", jobs, "--format",
          "jpeg",
        ]).status, 0)
    }
    assertSameFiles(try snapshot(path("p1")), try snapshot(path("p2")))
    XCTAssertNotNil(try snapshot(path("p1"))["000003/background.jpg"])
  }

  func testItemIsWhatMakeWritesWithItsSeed() throws {
    let bg = try backgrounds("bg", good: 2)
    XCTAssertEqual(
      try CLI.run([
        "batch", "--count", "4", "--out", path("b"), "--images", bg, "--seed", "9", "--shape", "circle",
      ]).status, 0)
    let line = try manifestLines(path("b/manifest.jsonl"))[3]
    let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    XCTAssertEqual(obj["source"] as? String, "bg1.png")
    XCTAssertEqual(obj["status"] as? String, "made")
    let seed = obj["seed"] as! UInt64
    XCTAssertEqual(seed, BatchDerivation.itemSeed(base: 9, index: 3))
    let m = try CLI.run([
      "make", "--image", bg + "/bg1.png", "--seed", String(seed), "--out", path("m"), "--shape", "circle",
    ])
    XCTAssertEqual(m.status, 0, m.stderr)
    assertSameFiles(try snapshot(path("b/000003")), try snapshot(path("m")))
    let answer =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("m/answer.json"))))
      as! [String: Any]
    XCTAssertEqual((obj["target"] as! [String: Int]), (answer["target"] as! [String: Int]))
  }

  /// With `--size`, every preset (variation crops the full picture, then resamples) gives each
  /// batch item exactly what `make` writes for its picture and seed.
  func testItemIsWhatMakeWritesWithSizeUnderEveryDifficulty() throws {
    let bg = try backgrounds("bg", good: 2)
    for difficulty in ["classic", "easy", "normal", "hard"] {
      let look = ["--size", "240x120", "--difficulty", difficulty]
      let b = try CLI.run(
        ["batch", "--count", "2", "--out", path("b-" + difficulty), "--images", bg, "--seed", "9"] + look)
      XCTAssertEqual(b.status, 0, b.stderr)
      for index in 0..<2 {
        let seed = BatchDerivation.itemSeed(base: 9, index: index)
        let out = path("m-\(difficulty)-\(index)")
        let m = try CLI.run(
          ["make", "--image", bg + "/bg\(index).png", "--seed", String(seed), "--out", out] + look)
        XCTAssertEqual(m.status, 0, m.stderr)
        let item = try snapshot(path("b-\(difficulty)/00000\(index)"))
        XCTAssertEqual(item.count, 3, "\(difficulty) item \(index) has its three files")
        assertSameFiles(item, try snapshot(out))
      }
    }
  }

  /// With a picture four times the output's size the background is decoded at a reduced scale
  /// (JPEG: libjpeg-turbo's scaled DCT; PNG: area-averaged once per picture); batch, which keeps
  /// that reduced picture for all its items, still writes exactly what make writes.
  func testItemIsWhatMakeWritesFromAReducedDecode() throws {
    let folder = path("big")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let picture = ProceduralBackground.make(width: 960, height: 640, seed: 3)
    try Data(try ImageCodec.encodePNG(picture, keepAlpha: false)).write(
      to: URL(fileURLWithPath: folder + "/a.png"))
    try Data(try ImageCodec.encodeJPEG(picture, quality: 90)).write(
      to: URL(fileURLWithPath: folder + "/b.jpg"))
    for difficulty in ["classic", "normal"] {
      let look = ["--size", "200x100", "--difficulty", difficulty]
      let b = try CLI.run(
        [
          "batch", "--count", "4", "--jobs", "2", "--out", path("rb-" + difficulty), "--images", folder,
          "--seed", "4",
        ]
          + look)
      XCTAssertEqual(b.status, 0, b.stderr)
      for index in 0..<4 {
        let seed = BatchDerivation.itemSeed(base: 4, index: index)
        let out = path("rm-\(difficulty)-\(index)")
        let image = folder + (index % 2 == 0 ? "/a.png" : "/b.jpg")
        let m = try CLI.run(["make", "--image", image, "--seed", String(seed), "--out", out] + look)
        XCTAssertEqual(m.status, 0, m.stderr)
        assertSameFiles(try snapshot(path("rb-\(difficulty)/00000\(index)")), try snapshot(out))
      }
    }
  }

  func testCorruptBackgroundsAreReportedAndTheOthersMade() throws {
    let bg = try backgrounds(
      "bg", good: 2,
      corrupt: [
        "broken.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48],
        "notes.jpg": Array("this is not a jpeg".utf8),
      ])
    // Sorted inputs: bg0.png, bg1.png, broken.png, notes.jpg → items 2, 3, 6, 7 fail.
    let r = try CLI.run([
      "batch", "--count", "8", "--out", path("out"), "--images", bg, "--seed", "1", "--jobs", "2",
    ])
    XCTAssertEqual(r.status, 1, r.stderr)
    XCTAssertTrue(r.stderr.contains("item 000002 (broken.png) failed"), r.stderr)
    XCTAssertTrue(r.stderr.contains("item 000007 (notes.jpg) failed"), r.stderr)
    XCTAssertTrue(r.stderr.contains("made 4, skipped 0, failed 4 of 8"), r.stderr)
    let lines = try manifestLines(path("out/manifest.jsonl"))
    XCTAssertEqual(lines.count, 8)
    let statuses = lines.map {
      (try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["status"] as! String
    }
    XCTAssertEqual(statuses, ["made", "made", "failed", "failed", "made", "made", "failed", "failed"])
    XCTAssertTrue(lines[3].contains("notes.jpg: not a PNG, JPEG or WebP image"), lines[3])
    for i in [0, 1, 4, 5] {
      XCTAssertTrue(FileManager.default.fileExists(atPath: path("out/00000\(i)/answer.json")))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/000002/piece.png")))
  }

  func testResumeAfterASimulatedInterruptionGivesIdenticalOutput() throws {
    let bg = try backgrounds("bg", good: 2)
    let args = ["batch", "--count", "6", "--images", bg, "--seed", "21", "--jobs", "2"]
    XCTAssertEqual(try CLI.run(args + ["--out", path("full")]).status, 0)
    XCTAssertEqual(try CLI.run(args + ["--out", path("cut")]).status, 0)
    let fm = FileManager.default
    try fm.removeItem(atPath: path("cut/000002"))  // never started
    try fm.removeItem(atPath: path("cut/000004/answer.json"))  // stopped between files
    // A damaged piece.
    try Data("\u{89}PNG truncated".utf8).write(to: URL(fileURLWithPath: path("cut/000005/piece.png")))
    try Data("partial".utf8).write(to: URL(fileURLWithPath: path("cut/000001/.background.png.tmp-999-1")))
    let manifest = try Data(contentsOf: URL(fileURLWithPath: path("cut/manifest.jsonl")))
    try manifest.prefix(300).write(to: URL(fileURLWithPath: path("cut/manifest.jsonl")))
    let before = try snapshot(path("cut"))
    let r = try CLI.run(args + ["--out", path("cut"), "--resume"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.contains("made 3, skipped 3, failed 0 of 6"), r.stderr)
    assertSameFiles(try snapshot(path("full")), try snapshot(path("cut")))
    XCTAssertEqual(before["000000/piece.png"], try snapshot(path("cut"))["000000/piece.png"])
  }

  func testResumeAfterKillMinus9GivesIdenticalOutput() throws {
    let args = ["batch", "--count", "24", "--seed", "4", "--jobs", "2", "--quiet"]
    XCTAssertEqual(try CLI.run(args + ["--out", path("full")]).status, 0)
    let p = Process()
    p.executableURL = CLI.executableURL
    p.arguments = args + ["--out", path("killed")]
    try p.run()
    usleep(300_000)
    kill(p.processIdentifier, SIGKILL)
    p.waitUntilExit()
    let r = try CLI.run(args + ["--out", path("killed"), "--resume"])
    XCTAssertEqual(r.status, 0, r.stderr)
    assertSameFiles(try snapshot(path("full")), try snapshot(path("killed")))
  }

  func testProgressSummaryAndQuiet() throws {
    let r = try CLI.run(["batch", "--count", "2", "--out", path("a"), "--seed", "1"])
    XCTAssertEqual(r.status, 0)
    XCTAssertTrue(r.stderr.contains("made 2, skipped 0, failed 0 of 2 in "), r.stderr)
    XCTAssertTrue(r.stderr.contains("captchas/s"), r.stderr)
    XCTAssertEqual(r.stdout, "")
    let q = try CLI.run(["batch", "--count", "2", "--out", path("b"), "--seed", "1", "--quiet"])
    XCTAssertEqual(q.status, 0)
    XCTAssertEqual(q.stderr, "")
    let unseeded = try CLI.run(["batch", "--count", "1", "--out", path("c")])
    XCTAssertEqual(unseeded.status, 0)
    XCTAssertTrue(unseeded.stderr.contains("base seed"), unseeded.stderr)
  }

  func testBadOptionsAndMissingInputs() throws {
    let bg = try backgrounds("bg", good: 1)
    try "x.png\n".write(toFile: path("list.txt"), atomically: true, encoding: .utf8)
    let cases: [([String], Int32)] = [
      (["--images", bg, "--list", path("list.txt")], 64),
      (["--shard", "3/3", "--seed", "1"], 64),
      (["--shard", "0/3"], 64),
      (["--resume"], 64),
      (["--jobs", "0", "--seed", "1"], 64),
      (["--images", path("nope")], 66),
      (["--list", path("nope.txt")], 66),
      (["--piece-size", "4"], 64),
      (["--piece-size", "200", "--seed", "1"], 64),
    ]
    for (extra, code) in cases {
      let r = try CLI.run(["batch", "--count", "2", "--out", path("o")] + extra)
      XCTAssertEqual(r.status, code, "\(extra): \(r.stderr)")
      XCTAssertTrue(r.stderr.hasPrefix("captcha-gen: ") || r.stderr.contains("Error:"), r.stderr)
    }
    let zero = try CLI.run(["batch", "--count", "0", "--out", path("o"), "--seed", "1"])
    XCTAssertEqual(zero.status, 64)
    // A list naming a missing file fails that item only.
    let l = try CLI.run([
      "batch", "--count", "2", "--out", path("l"), "--list", path("list.txt"), "--seed", "1",
    ])
    XCTAssertEqual(l.status, 1)
    XCTAssertTrue(l.stderr.contains("x.png: no such file"), l.stderr)
  }

  func testRegeneratedBatchMatchesCommittedGoldensWithCompare() throws {
    let args = ["batch", "--count", "3", "--seed", "42", "--jobs", "2", "--quiet"]
    XCTAssertEqual(try CLI.run(args + ["--out", path("goldens")]).status, 0)
    XCTAssertEqual(try CLI.run(args + ["--out", path("regenerated")]).status, 0)
    let same = try CLI.run(["compare", path("goldens"), path("regenerated")])
    XCTAssertEqual(same.status, 0, same.stdout)
    XCTAssertTrue(same.stdout.contains("compared 10 files: 10 equal"), same.stdout)
    // A regression in one picture is caught and pictured.
    let piecePath = path("regenerated/000001/background.png")
    var image = try ImageCodec.decodeFile(path: piecePath).image
    image.pixels[0] ^= 0x40
    try Data(try ImageCodec.encodePNG(image, keepAlpha: !image.isOpaque)).write(
      to: URL(fileURLWithPath: piecePath))
    let changed = try CLI.run(["compare", path("goldens"), path("regenerated"), "--diff", path("diffs")])
    XCTAssertEqual(changed.status, 1)
    XCTAssertTrue(
      changed.stdout.contains("different 000001/background.png: 1 of 51200 pixels"), changed.stdout)
    XCTAssertTrue(FileManager.default.fileExists(atPath: path("diffs/000001/background.png.diff.png")))
  }
}
