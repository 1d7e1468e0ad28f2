import Foundation
import XCTest

/// The golden-captcha check shared by `MakeGoldenTests` and `StyleGoldenTests`: runs
/// `captcha-gen make` with the given arguments and compares the three files with the golden
/// folder (answer.json byte for byte, pictures on decoded pixels through `MakeGoldenTests.compare`),
/// or, with `CAPTCHA_REGENERATE_GOLDENS=1` (or the older `CAPTCHA_GEN_UPDATE_GOLDENS=1`), writes
/// the outputs into the golden folder instead.
enum GoldenCaptchas {
  typealias S = MakeTestSupport

  static var regenerate: Bool {
    let env = ProcessInfo.processInfo.environment
    return env["CAPTCHA_REGENERATE_GOLDENS"] == "1" || env["CAPTCHA_GEN_UPDATE_GOLDENS"] == "1"
  }

  static func check(
    _ name: String, args: [String], golden: URL, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let out = try CLI.tempDir("golden")
    let r = try CLI.run(["make", "--out", out.path] + args)
    XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)", file: file, line: line)
    if regenerate {
      try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
      for f in S.files(in: out) {
        let dst = golden.appendingPathComponent(f)
        try? FileManager.default.removeItem(at: dst)
        try FileManager.default.copyItem(at: out.appendingPathComponent(f), to: dst)
      }
      return
    }
    XCTAssertEqual(
      S.files(in: golden), ["answer.json", "background.png", "piece.png"], "golden \(name)", file: file,
      line: line)
    XCTAssertEqual(S.files(in: out), S.files(in: golden), name, file: file, line: line)
    XCTAssertEqual(
      String(decoding: try S.bytes(out.appendingPathComponent("answer.json")), as: UTF8.self),
      String(decoding: try S.bytes(golden.appendingPathComponent("answer.json")), as: UTF8.self), name,
      file: file, line: line)
    for f in ["piece.png", "background.png"] {
      let got = try S.decode(out.appendingPathComponent(f))
      let want = try S.decode(golden.appendingPathComponent(f))
      let diff = MakeGoldenTests.compare(got, want)
      XCTAssertNil(diff, "\(name)/\(f): \(diff ?? "")", file: file, line: line)
    }
  }
}
