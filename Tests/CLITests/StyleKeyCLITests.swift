import CaptchaKit
import Foundation
import XCTest

/// `make --style-key SECRET` and `CAPTCHA_STYLE_KEY`: the deployment's own look, reproducible from
/// key and seed, with only a fingerprint of the key in answer.json.
final class StyleKeyCLITests: XCTestCase {
  func make(_ args: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, dir: URL, stderr: String
  ) {
    let dir = try CLI.tempDir("style-key").appendingPathComponent("out")
    let r = try CLI.run(["make", "--out", dir.path, "--seed", "17"] + args, environment: environment)
    return (r.status, dir, r.stderr)
  }

  func file(_ dir: URL, _ name: String) throws -> Data {
    try Data(contentsOf: dir.appendingPathComponent(name))
  }

  func testSameKeySameFilesOtherKeyOtherLookAndTheEnvironmentVariableWorksAlike() throws {
    let a = try make(["--style-key", "alpha"])
    let b = try make(["--style-key", "alpha"])
    let fromEnvironment = try make([], environment: ["CAPTCHA_STYLE_KEY": "alpha"])
    let other = try make(["--style-key", "beta"])
    let none = try make([])
    for r in [a, b, fromEnvironment, other, none] { XCTAssertEqual(r.status, 0, r.stderr) }
    XCTAssertEqual(try file(a.dir, "background.png"), try file(b.dir, "background.png"))
    XCTAssertEqual(try file(a.dir, "answer.json"), try file(b.dir, "answer.json"))
    XCTAssertEqual(try file(a.dir, "background.png"), try file(fromEnvironment.dir, "background.png"))
    XCTAssertNotEqual(try file(a.dir, "background.png"), try file(other.dir, "background.png"))
    XCTAssertNotEqual(try file(a.dir, "background.png"), try file(none.dir, "background.png"))
  }

  func testAnswerHasTheFingerprintNotTheSecret() throws {
    let r = try make(["--style-key", "s3cret-of-the-site"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let text = String(decoding: try file(r.dir, "answer.json"), as: UTF8.self)
    XCTAssertFalse(text.contains("s3cret"), text)
    XCTAssertTrue(
      text.contains("\"fingerprint\": \"\(try StyleKey(secret: "s3cret-of-the-site").fingerprint)\""), text)
    // verify reads the keyed answer back.
    let json = try JSONSerialization.jsonObject(with: try file(r.dir, "answer.json")) as! [String: Any]
    let target = json["target"] as! [String: Any]
    let v = try CLI.run([
      "verify", "--answer", r.dir.appendingPathComponent("answer.json").path, "--x", "\(target["x"] as! Int)",
    ])
    XCTAssertEqual(v.status, 0, v.stderr)
  }

  /// A style key raises the preset's decoys to its own 2…4, but a count given with --decoys is
  /// kept as given.
  func testAChosenDecoyCountWinsOverTheKeys() throws {
    func decoys(_ args: [String]) throws -> Int {
      let r = try make(["--style-key", "alpha", "--size", "640x240"] + args)
      XCTAssertEqual(r.status, 0, r.stderr)
      let json = try JSONSerialization.jsonObject(with: try file(r.dir, "answer.json")) as! [String: Any]
      return (json["decoys"] as? [Any])?.count ?? 0
    }
    XCTAssertEqual(try decoys(["--decoys", "1"]), 1)
    XCTAssertEqual(try decoys(["--decoys", "3"]), 3)
    XCTAssertGreaterThanOrEqual(try decoys([]), 2)
  }

  func testEmptyKeyIsAUsageError() throws {
    let r = try make(["--style-key", ""])
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(r.stderr.contains("--style-key"), r.stderr)
  }
}
