import Foundation
import XCTest

/// `make --kind pattern` and `verify --path/--track` from the command line: files, goldens, pass
/// and fail, and every bad input with its exit code.
final class PatternCLITests: XCTestCase {
  func makePattern(_ extra: [String] = []) throws -> (dir: URL, answer: [String: Any]) {
    let out = try CLI.tempDir("pattern")
    let r = try CLI.run(["make", "--kind", "pattern", "--seed", "21", "--out", out.path] + extra)
    XCTAssertEqual(r.status, 0, r.stderr)
    let data = try Data(contentsOf: out.appendingPathComponent("answer.json"))
    return (out, try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any]))
  }

  func rightPath(_ answer: [String: Any]) throws -> String {
    let dots = try XCTUnwrap(answer["dots"] as? [[String: Int]])
    let seq = try XCTUnwrap(answer["sequence"] as? [Int])
    return seq.map { "\(dots[$0]["x"]!),\(dots[$0]["y"]!)" }.joined(separator: " ")
  }

  func testGoldenPatternCaptchas() throws {
    for (name, args) in [
      ("pattern-default", ["--kind", "pattern", "--seed", "42"]),
      (
        "pattern-length7-320x240", ["--kind", "pattern", "--seed", "9", "--length", "7", "--size", "320x240"]
      ),
    ] {
      try GoldenCaptchas.check(
        name, args: args, golden: MakeGoldenTests.goldenRoot.appendingPathComponent(name))
    }
  }

  func testMakeWritesTheBoardTheHintAndAPatternAnswer() throws {
    let (dir, a) = try makePattern(["--length", "5"])
    XCTAssertEqual(a["kind"] as? String, "pattern")
    XCTAssertEqual((a["sequence"] as? [Int])?.count, 5)
    XCTAssertEqual((a["dots"] as? [Any])?.count, 9)
    XCTAssertNotNil(a["radius"] as? Int)
    for f in ["background.png", "piece.png"] {
      XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(f).path), f)
    }
  }

  func testVerifyPassesTheRightPathAndFailsOthersWithTheReasonOnStderr() throws {
    let (dir, a) = try makePattern()
    let answer = dir.appendingPathComponent("answer.json").path
    let right = try rightPath(a)
    var r = try CLI.run(["verify", "--answer", answer, "--path", right])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(r.stdout, "pass\n")
    let points = right.split(separator: " ")
    r = try CLI.run(["verify", "--answer", answer, "--path", points.dropLast().joined(separator: " ")])
    XCTAssertEqual(r.status, 1)
    XCTAssertEqual(r.stdout, "fail\n")
    XCTAssertTrue(r.stderr.contains("too short"), r.stderr)
    r = try CLI.run(["verify", "--answer", answer, "--path", ""])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.stderr.contains("too short"), r.stderr)
    r = try CLI.run(["verify", "--answer", answer, "--path", points.reversed().joined(separator: " ")])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.stderr.contains("does not match"), r.stderr)
  }

  func testVerifyReadsATrack() throws {
    let (dir, a) = try makePattern()
    let dots = try rightPath(a).split(separator: " ").map { p -> (Double, Double) in
      let xy = p.split(separator: ",").map { Double($0)! }
      return (xy[0], xy[1])
    }
    let answer = dir.appendingPathComponent("answer.json").path
    // A person's drag: each leg eased (not constant speed), the hand wobbling across the line.
    var samples = ["{\"t\": 0, \"x\": \(dots[0].0), \"y\": \(dots[0].1)}"]
    for (leg, (from, to)) in zip(dots, dots.dropFirst()).enumerated() {
      let length = max(
        ((to.0 - from.0) * (to.0 - from.0) + (to.1 - from.1) * (to.1 - from.1)).squareRoot(), 1)
      let (nx, ny) = (-(to.1 - from.1) / length, (to.0 - from.0) / length)
      for i in 1...8 {
        let f = 1 - (1 - Double(i) / 8) * (1 - Double(i) / 8)
        let w = i == 8 ? 0 : (i % 2 == 0 ? 1.5 : -1.5)
        let t = (Double(leg) + Double(i) / 8) * 300
        samples.append(
          "{\"t\": \(t), \"x\": \(from.0 + (to.0 - from.0) * f + nx * w), \"y\": \(from.1 + (to.1 - from.1) * f + ny * w)}"
        )
      }
    }
    let track = dir.appendingPathComponent("track.json")
    try ("[" + samples.joined(separator: ", ") + "]").write(to: track, atomically: true, encoding: .utf8)
    var r = try CLI.run(["verify", "--answer", answer, "--track", track.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(r.stdout, "pass\n")

    // A script's track: one sample per dot, straight from centre to centre.
    let scripted = dots.enumerated().map {
      "{\"t\": \($0.offset * 120), \"x\": \($0.element.0), \"y\": \($0.element.1)}"
    }
    try ("[" + scripted.joined(separator: ", ") + "]").write(to: track, atomically: true, encoding: .utf8)
    r = try CLI.run(["verify", "--answer", answer, "--track", track.path])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.stderr.contains("too few samples"), r.stderr)
  }

  func testBadInputs() throws {
    let (dir, _) = try makePattern()
    let answer = dir.appendingPathComponent("answer.json").path
    let badTrack = dir.appendingPathComponent("bad-track.json")
    try "[{\"t\": 0, \"x\": 1}]".write(to: badTrack, atomically: true, encoding: .utf8)
    let backwards = dir.appendingPathComponent("backwards.json")
    try "[{\"t\": 5, \"x\": 1, \"y\": 1}, {\"t\": 2, \"x\": 1, \"y\": 1}]".write(
      to: backwards, atomically: true, encoding: .utf8)
    let cases: [([String], Int32, String)] = [
      (["make", "--kind", "pattern", "--length", "2", "--out", dir.path], 64, "--length 2"),
      (["make", "--kind", "pattern", "--length", "10", "--out", dir.path], 64, "--length 10"),
      (["make", "--kind", "pattern", "--size", "200x100", "--out", dir.path], 64, "too small"),
      (["make", "--kind", "nope", "--out", dir.path], 64, "nope"),
      (["make", "--length", "5", "--out", dir.path], 64, "--length"),
      (["verify", "--answer", answer, "--path", "10,20 abc"], 64, "point 2 'abc'"),
      (["verify", "--answer", answer, "--path", "10,20,30"], 64, "point 1"),
      (["verify", "--answer", answer, "--path", "nan,4"], 64, "point 1"),
      (["verify", "--answer", answer, "--path", "1,2", "--track", badTrack.path], 64, "not both"),
      (["verify", "--answer", answer], 64, "--path (or --track)"),
      (["verify", "--answer", answer, "--x", "10"], 64, "pattern captcha"),
      (["verify", "--answer", answer, "--track", badTrack.path], 65, "bad-track.json"),
      (["verify", "--answer", answer, "--track", backwards.path], 65, "back in time"),
      (
        ["verify", "--answer", answer, "--track", dir.appendingPathComponent("none.json").path], 66,
        "none.json"
      ),
    ]
    for (args, status, text) in cases {
      let r = try CLI.run(args)
      XCTAssertEqual(r.status, status, "\(args): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains(text), "\(args): \(r.stderr)")
    }
  }

  func testASlideAnswerRefusesAPath() throws {
    let out = try CLI.tempDir("slide")
    XCTAssertEqual(try CLI.run(["make", "--seed", "3", "--out", out.path]).status, 0)
    let r = try CLI.run([
      "verify", "--answer", out.appendingPathComponent("answer.json").path, "--path", "1,2",
    ])
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(r.stderr.contains("slide captcha"), r.stderr)
  }

  func testBatchMakesPatternItemsThatMakeReproducesAndCompareAgrees() throws {
    let out = try CLI.tempDir("pattern-batch")
    let r = try CLI.run(["batch", "--kind", "pattern", "--count", "2", "--seed", "5", "--out", out.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let manifest = try String(contentsOf: out.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
    XCTAssertTrue(manifest.contains("\"sequence\""), manifest)
    let first = try XCTUnwrap(manifest.split(separator: "\n").first)
    let item = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    let seed = try XCTUnwrap(item["seed"] as? NSNumber).uint64Value
    let piece = try XCTUnwrap((item["files"] as? [String: String])?["piece"])
    let dir = String(piece.split(separator: "/")[0])
    let again = try CLI.tempDir("pattern-again")
    XCTAssertEqual(
      try CLI.run(["make", "--kind", "pattern", "--seed", "\(seed)", "--out", again.path]).status, 0)
    let c = try CLI.run(["compare", out.appendingPathComponent(dir).path, again.path])
    XCTAssertEqual(c.status, 0, c.stdout + c.stderr)
  }
}

/// `make --kind pattern --check` runs the pattern self-attack and reports it.
final class PatternCheckCLITests: XCTestCase {
  func testCheckReportsTheCellSilhouetteAttack() throws {
    let out = try CLI.tempDir("pattern-check")
    let r = try CLI.run(["make", "--kind", "pattern", "--seed", "2", "--out", out.path, "--check", "--json"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.contains("check: cell-silhouette rank "), r.stderr)
    XCTAssertTrue(r.stderr.contains(" of 3024"), r.stderr)
    XCTAssertTrue(r.stdout.contains("\"check\""), r.stdout)
  }
}
