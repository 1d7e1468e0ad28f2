import CaptchaKit
import Foundation
import XCTest

/// `--vary*` and `--decoys` on `make` and `batch`: deterministic, recorded in answer.json only
/// when on, any input size, and bad values refused with one sentence and exit 64.
final class HardeningCLITests: XCTestCase {
  typealias S = MakeTestSupport

  func make(_ args: [String], seed: String = "21") throws -> (status: Int32, dir: URL, stderr: String) {
    let dir = try CLI.tempDir("hardening").appendingPathComponent("out")
    let r = try CLI.run(["make", "--out", dir.path, "--seed", seed] + args)
    return (r.status, dir, r.stderr)
  }

  /// A 300×200 PNG photo stand-in.
  func inputPNG() throws -> URL {
    let url = try CLI.tempDir("hardening-in").appendingPathComponent("land.png")
    let picture = ProceduralBackground.make(width: 300, height: 200, seed: 8)
    try Data(try ImageCodec.encodePNG(picture, keepAlpha: false)).write(to: url)
    return url
  }

  func json(_ dir: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: dir.appendingPathComponent("answer.json"))
    return try JSONSerialization.jsonObject(with: data) as! [String: Any]
  }

  func testBothStagesAreDeterministicAndSeedsDiffer() throws {
    let input = try inputPNG().path
    let args = ["--image", input, "--size", "320x160", "--vary", "strong", "--decoys", "3"]
    let a = try make(args)
    let b = try make(args)
    let c = try make(args, seed: "22")
    for r in [a, b, c] { XCTAssertEqual(r.status, 0, r.stderr) }
    for f in ["background.png", "piece.png", "answer.json"] {
      XCTAssertEqual(
        try S.bytes(a.dir.appendingPathComponent(f)), try S.bytes(b.dir.appendingPathComponent(f)), "\(f)")
    }
    XCTAssertNotEqual(
      try S.bytes(a.dir.appendingPathComponent("background.png")),
      try S.bytes(c.dir.appendingPathComponent("background.png")))
    let j = try json(a.dir)
    let v = try XCTUnwrap(j["variation"] as? [String: Any])
    XCTAssertNotNil(v["crop"] as? [String: Int])
    XCTAssertEqual(v["noise"] as? Int, 4)
    let decoys = try XCTUnwrap(j["decoys"] as? [[String: Any]])
    XCTAssertFalse(decoys.isEmpty)
    XCTAssertNotNil(decoys[0]["x"] as? Int)
    XCTAssertNotNil(decoys[0]["shape"] as? String)
    XCTAssertNotNil((j["source"] as? [String: Any])?["sha256"] as? String, "source.sha256 kept")
    // verify passes only at the target.
    let answer = a.dir.appendingPathComponent("answer.json").path
    let target = try XCTUnwrap(j["target"] as? [String: Int])
    XCTAssertEqual(try CLI.run(["verify", "--answer", answer, "--x", "\(target["x"]!)"]).status, 0)
    for d in decoys {
      XCTAssertEqual(try CLI.run(["verify", "--answer", answer, "--x", "\(d["x"] as! Int)"]).status, 1)
    }
  }

  func testWithoutSizeTheInputSizeStaysAndBuiltInBackgroundWorks() throws {
    let input = try inputPNG().path
    let r = try make(["--image", input, "--vary", "light", "--vary-rotation", "3"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let bg = try S.decode(r.dir.appendingPathComponent("background.png"))
    XCTAssertEqual([bg.width, bg.height], [300, 200])
    XCTAssertNil(try json(r.dir)["resize"])
    let builtIn = try make(["--vary", "strong", "--decoys", "2"])
    XCTAssertEqual(builtIn.status, 0, builtIn.stderr)
    let j = try json(builtIn.dir)
    XCTAssertNotNil(j["variation"])
    XCTAssertNotNil(j["decoys"])
    XCTAssertNil(j["source"])
  }

  func testPresetsSetTheStagesAndKnobsAloneTurnOnlyTheirPart() throws {
    // The default (--difficulty normal) varies the background and draws decoys; classic does neither.
    let normal = try json(try make([]).dir)
    XCTAssertNotNil(normal["variation"])
    XCTAssertEqual((normal["decoys"] as? [Any])?.isEmpty, false)
    let plain = try make(["--difficulty", "classic"])
    let none = try make(["--difficulty", "classic", "--vary", "none", "--decoys", "0"])
    let j = try json(plain.dir)
    XCTAssertNil(j["variation"])
    XCTAssertNil(j["decoys"])
    for f in ["background.png", "piece.png", "answer.json"] {
      XCTAssertTrue(
        try S.bytes(plain.dir.appendingPathComponent(f)) == S.bytes(none.dir.appendingPathComponent(f)), f)
    }
    let noisy = try make(["--difficulty", "classic", "--vary-noise", "3"])
    let v = try XCTUnwrap(try json(noisy.dir)["variation"] as? [String: Any])
    XCTAssertEqual(v["noise"] as? Int, 3)
    XCTAssertEqual(v["rotation"] as? Int, 0)
    XCTAssertEqual(v["crop"] as? [String: Int], ["x": 0, "y": 0, "width": 320, "height": 160])
    XCTAssertNil(try json(noisy.dir)["decoys"])
  }

  func testBatchAcceptsTheOptions() throws {
    let dir = try CLI.tempDir("hardening-batch").appendingPathComponent("out")
    let r = try CLI.run([
      "batch", "--count", "2", "--out", dir.path, "--seed", "3", "--vary", "light", "--decoys", "1",
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    for item in ["000000", "000001"] {
      let j = try json(dir.appendingPathComponent(item))
      XCTAssertNotNil(j["variation"])
      XCTAssertEqual((j["decoys"] as? [Any])?.count, 1)
    }
  }

  func testUnknownDifficultyIsAUsageErrorListingThePresets() throws {
    let r = try make(["--difficulty", "extreme"])
    XCTAssertEqual(r.status, 64, r.stderr)
    XCTAssertTrue(r.stderr.contains("--difficulty"), r.stderr)
    XCTAssertTrue(r.stderr.contains("'classic', 'easy', 'normal' or 'hard'"), r.stderr)
    XCTAssertEqual(S.files(in: r.dir), [])
  }

  func testBadValuesAreOneSentenceUsageErrors() throws {
    for (args, mention) in [
      (["--vary-crop", "0.4"], "--vary-crop"),
      (["--vary-crop", "1.2"], "--vary-crop"),
      (["--vary-rotation", "11"], "--vary-rotation"),
      (["--vary-rotation", "-1"], "--vary-rotation"),
      (["--vary-color", "1.5"], "--vary-color"),
      (["--vary-color", "-0.1"], "--vary-color"),
      (["--vary-noise", "17"], "--vary-noise"),
      (["--vary-noise", "-2"], "--vary-noise"),
      (["--decoys", "17"], "--decoys"),
      (["--decoys", "-1"], "--decoys"),
    ] {
      let r = try make(args)
      XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(mention), r.stderr)
      XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
      XCTAssertEqual(S.files(in: r.dir), [])
    }
  }
}
