import CaptchaKit
import Foundation
import XCTest

/// `--steps N` for slide and rotate: the stops in answer.json, `verify --step K`, snapping, and the
/// usage errors.
final class StepsCLITests: XCTestCase {
  func make(_ args: [String]) throws -> (dir: URL, result: CLIResult) {
    let dir = try CLI.tempDir("steps")
    return (dir, try CLI.run(["make", "--out", dir.path, "--seed", "9"] + args))
  }

  func verify(_ dir: URL, _ args: [String]) throws -> CLIResult {
    try CLI.run(["verify", "--answer", dir.appendingPathComponent("answer.json").path] + args)
  }

  func testTooFewStepsAreUsageErrors() throws {
    for n in ["1", "3", "0", "-2"] {
      for kind in ["slide", "rotate"] {
        let r = try make(["--kind", kind, "--steps", n]).result
        XCTAssertEqual(r.status, 64, "\(kind) --steps \(n): \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("--steps"), r.stderr)
      }
    }
    XCTAssertEqual(try make(["--steps", "6", "--mode", "free"]).result.status, 64)
    XCTAssertEqual(try make(["--steps", "1000"]).result.status, 64, "more stops than x positions")
    XCTAssertEqual(try make(["--kind", "rotate", "--steps", "720"]).result.status, 64)
  }

  func testSlideStepsVerifyByIndexAndSnap() throws {
    let (dir, r) = try make(["--steps", "6"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let a = try MakeTestSupport.answer(dir)
    let steps = try XCTUnwrap(a.steps)
    XCTAssertEqual(steps.count, 6)
    XCTAssertEqual(steps.positions.first, Double(a.start.x))
    XCTAssertEqual(steps.positions[steps.index], Double(a.target.x))
    XCTAssertEqual(try verify(dir, ["--step", "\(steps.index)"]).status, 0)
    XCTAssertEqual(try verify(dir, ["--step", "\((steps.index + 1) % 6)"]).status, 1)
    // Snapping: up to the midpoint towards the previous stop (the target is never stop 0).
    let mid = (steps.positions[steps.index - 1] + Double(a.target.x)) / 2
    XCTAssertEqual(try verify(dir, ["--x", "\(mid + 1)"]).status, 0, "snaps to the target")
    XCTAssertEqual(try verify(dir, ["--x", "\(mid - 1)"]).status, 1)
    XCTAssertEqual(try verify(dir, ["--step", "6"]).status, 64)
    XCTAssertEqual(try verify(dir, ["--step", "1", "--x", "3"]).status, 64)
  }

  func testRotateStepsVerifyByIndexAndSnapAroundTheCircle() throws {
    let (dir, r) = try make(["--kind", "rotate", "--steps", "8"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let a = try RotateAnswer.parse(
      [UInt8](try Data(contentsOf: dir.appendingPathComponent("answer.json"))), name: "answer.json")
    let steps = try XCTUnwrap(a.steps)
    XCTAssertEqual(steps.positions, [0, 45, 90, 135, 180, 225, 270, 315])
    XCTAssertEqual(a.angle, steps.positions[steps.index])
    XCTAssertEqual(try verify(dir, ["--step", "\(steps.index)"]).status, 0)
    XCTAssertEqual(try verify(dir, ["--step", "0"]).status, 1, "upright is never the target")
    XCTAssertEqual(try verify(dir, ["--angle", "\(a.angle + 22)"]).status, 0, "snaps to the target stop")
    XCTAssertEqual(try verify(dir, ["--angle", "\(a.angle - 23)"]).status, 1)
    XCTAssertEqual(try verify(dir, ["--angle", "\(a.angle + 360 - 20)"]).status, 0)
    XCTAssertEqual(try verify(dir, ["--step", "9"]).status, 64)
  }

  func testStepOnAnAnswerWithoutStepsIsAUsageError() throws {
    let (dir, _) = try make([])
    let r = try verify(dir, ["--step", "2"])
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(r.stderr.contains("no steps"), r.stderr)
  }

  func testHelpSaysABlindGuessPassesOneInN() throws {
    let help = try CLI.run(["make", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    XCTAssertTrue(help.contains("a blind guess then passes about 1 time in N"), help)
  }
}
