import CaptchaKit
import Foundation
import XCTest

/// `verify --track FILE`: human-like drags pass, scripted ones fail with the reason on stderr,
/// bad track files are bad input.
final class VerifyTrackCLITests: XCTestCase {
  typealias S = MakeTestSupport

  func writeTrack(_ dir: URL, _ samples: [(Double, Double, Double)]) throws -> String {
    let text =
      "[" + samples.map { "{\"t\": \($0.0), \"x\": \($0.1), \"y\": \($0.2)}" }.joined(separator: ", ") + "]"
    let url = dir.appendingPathComponent("track.json")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func testHumanTrackPassesAndScriptedTrackFailsWithItsReason() throws {
    let dir = try CLI.tempDir("track")
    XCTAssertEqual(try CLI.run(["make", "--out", dir.path, "--seed", "31"]).status, 0)
    let a = try S.answer(dir)
    let tx = Double(a.target.x)
    let y = Double(a.target.y)
    let human = (0..<40).map { i -> (Double, Double, Double) in
      let u = Double(i) / 39
      return (u * 900, tx * (1 - (1 - u) * (1 - u) * (1 - u)), y + (i % 5 == 2 ? 1 : 0))
    }
    let answer = dir.appendingPathComponent("answer.json").path
    let pass = try CLI.run([
      "verify", "--answer", answer, "--x", "\(a.target.x)", "--track", try writeTrack(dir, human),
    ])
    XCTAssertEqual(pass.status, 0, pass.stderr)
    XCTAssertEqual(pass.stdout, "pass\n")

    let linear = (0..<30).map { i in (Double(i) * 20, tx * Double(i) / 29, y) }
    let fail = try CLI.run([
      "verify", "--answer", answer, "--x", "\(a.target.x)", "--track", try writeTrack(dir, linear),
    ])
    XCTAssertEqual(fail.status, 1)
    XCTAssertEqual(fail.stdout, "fail\n")
    XCTAssertEqual(fail.stderr, "captcha-gen: fail: the drag moved at constant speed\n")
  }

  func testMissingAndMalformedTrackFiles() throws {
    let dir = try CLI.tempDir("track")
    XCTAssertEqual(try CLI.run(["make", "--out", dir.path, "--seed", "31"]).status, 0)
    let answer = dir.appendingPathComponent("answer.json").path
    let missing = try CLI.run(["verify", "--answer", answer, "--x", "10", "--track", dir.path + "/nope.json"])
    XCTAssertEqual(missing.status, 66)
    XCTAssertEqual(missing.stderr, "captcha-gen: \(dir.path)/nope.json: no such track file\n")
    let bad = dir.appendingPathComponent("bad.json")
    try Data("{\"t\": 1}".utf8).write(to: bad)
    let malformed = try CLI.run(["verify", "--answer", answer, "--x", "10", "--track", bad.path])
    XCTAssertEqual(malformed.status, 65)
    XCTAssertTrue(malformed.stderr.hasPrefix("captcha-gen: \(bad.path): not a drag track"), malformed.stderr)
  }
}
