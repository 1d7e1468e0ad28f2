import CaptchaKit
import Foundation
import XCTest

/// `--format webp` and `webp-lossless` for every kind: the file name, the answer's file, the bytes
/// per seed, the pixels of the lossless file, a verify of the answer, batch and compare.
final class WebPFormatCLITests: XCTestCase {
  typealias S = MakeTestSupport

  func testEveryKindWritesAWebPBackgroundThatAnswersAndVerifies() throws {
    for kind in ["slide", "rotate", "pattern"] {
      for format in ["webp", "webp-lossless"] {
        let dir = try CLI.tempDir("\(kind)-\(format)")
        let r = try CLI.run(["make", "--kind", kind, "--out", dir.path, "--seed", "11", "--format", format])
        XCTAssertEqual(r.status, 0, "\(kind) \(format): \(r.stderr)")
        XCTAssertEqual(
          S.files(in: dir), ["answer.json", "background.webp", "piece.png"], "\(kind) \(format)")
        let answer =
          try JSONSerialization.jsonObject(
            with: Data(contentsOf: dir.appendingPathComponent("answer.json"))) as! [String: Any]
        XCTAssertEqual((answer["background"] as? [String: Any])?["file"] as? String, "background.webp")
        let bytes = try S.bytes(dir.appendingPathComponent("background.webp"))
        XCTAssertEqual(ImageFormat.sniff(bytes), .webp)
      }
    }
  }

  /// The lossless file holds the PNG's pixels exactly; the lossy one is close and a fraction of
  /// its bytes; both are byte-identical for a seed.
  func testLosslessKeepsThePixelsAndLossyIsSmaller() throws {
    let png = try CLI.tempDir("png")
    XCTAssertEqual(try CLI.run(["make", "--out", png.path, "--seed", "5"]).status, 0)
    let lossless = try CLI.tempDir("lossless")
    XCTAssertEqual(
      try CLI.run(["make", "--out", lossless.path, "--seed", "5", "--format", "webp-lossless"]).status, 0)
    let lossy = try CLI.tempDir("lossy")
    let again = try CLI.tempDir("lossy-again")
    for dir in [lossy, again] {
      XCTAssertEqual(
        try CLI.run(["make", "--out", dir.path, "--seed", "5", "--format", "webp", "--quality", "80"]).status,
        0)
    }
    let pngPixels = try S.decode(png.appendingPathComponent("background.png"))
    XCTAssertEqual(try S.decode(lossless.appendingPathComponent("background.webp")), pngPixels)
    XCTAssertEqual(
      try S.bytes(png.appendingPathComponent("piece.png")),
      try S.bytes(lossy.appendingPathComponent("piece.png")))
    let lossyBytes = try S.bytes(lossy.appendingPathComponent("background.webp"))
    XCTAssertEqual(lossyBytes, try S.bytes(again.appendingPathComponent("background.webp")))
    XCTAssertLessThan(lossyBytes.count * 3, try S.bytes(png.appendingPathComponent("background.png")).count)
    // compare decodes WebP: the lossless file equals the PNG, the lossy one differs a little.
    let pngFile = png.appendingPathComponent("background.png").path
    let exact = try CLI.run(["compare", pngFile, lossless.appendingPathComponent("background.webp").path])
    XCTAssertEqual(exact.status, 0, exact.stdout + exact.stderr)
    let lossyFile = lossy.appendingPathComponent("background.webp").path
    XCTAssertEqual(try CLI.run(["compare", pngFile, lossyFile]).status, 1)
    let near = try CLI.run(["compare", pngFile, lossyFile, "--max-diff", "64", "--max-pixels", "1%"])
    XCTAssertEqual(near.status, 0, near.stdout + near.stderr)
  }

  func testTransparentHoleIsKeptByWebPAndPassesVerify() throws {
    let dir = try CLI.tempDir("clear")
    let r = try CLI.run([
      "make", "--out", dir.path, "--seed", "2", "--hole-style", "transparent", "--format", "webp",
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    let a = try S.answer(dir)
    let bg = try S.decode(dir.appendingPathComponent("background.webp"))
    let piece = try S.decode(dir.appendingPathComponent("piece.png"))
    let p = ((a.target.y + piece.height / 2) * bg.width + a.target.x + piece.width / 2) * 4
    XCTAssertEqual(bg.pixels[p + 3], 0, "hole centre is fully transparent")
    let v = try CLI.run([
      "verify", "--answer", dir.appendingPathComponent("answer.json").path, "--x", "\(a.target.x)",
    ])
    XCTAssertEqual(v.status, 0, v.stdout + v.stderr)
  }

  func testBatchWritesWebPAndReadsWebPInputs() throws {
    let inputs = try CLI.tempDir("webp-inputs")
    let one = try CLI.tempDir("one")
    XCTAssertEqual(
      try CLI.run([
        "make", "--out", one.path, "--seed", "1", "--format", "webp-lossless", "--size", "400x200",
      ]).status, 0)
    try FileManager.default.copyItem(
      at: one.appendingPathComponent("background.webp"), to: inputs.appendingPathComponent("photo.webp"))
    let out = try CLI.tempDir("webp-batch")
    let r = try CLI.run([
      "batch", "--images", inputs.path, "--count", "3", "--seed", "9", "--out", out.path, "--format", "webp",
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    for item in ["000000", "000001", "000002"] {
      XCTAssertEqual(
        S.files(in: out.appendingPathComponent(item)), ["answer.json", "background.webp", "piece.png"])
    }
  }
}
