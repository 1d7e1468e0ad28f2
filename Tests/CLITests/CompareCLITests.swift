import CaptchaKit
import Foundation
import XCTest

final class CompareCLITests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws { dir = try CLI.tempDir("compare") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  /// A 40×30 gradient, optionally with some pixels changed.
  func image(changing pixels: [(Int, Int)] = [], by delta: UInt8 = 80, width: Int = 40) -> RGBAImage {
    var img = RGBAImage(width: width, height: 30, fill: (0, 0, 0, 255))
    for y in 0..<30 {
      for x in 0..<width {
        let i = (y * width + x) * 4
        img.pixels[i] = UInt8(x * 6)
        img.pixels[i + 1] = UInt8(y * 8)
        img.pixels[i + 2] = 90
      }
    }
    for (x, y) in pixels { img.pixels[(y * width + x) * 4 + 2] &+= delta }
    return img
  }

  @discardableResult
  func save(_ img: RGBAImage, _ name: String) throws -> String {
    let url = dir.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let bytes =
      name.hasSuffix(".jpg")
      ? try ImageCodec.encodeJPEG(img, quality: 95) : try ImageCodec.encodePNG(img, keepAlpha: true)
    try Data(bytes).write(to: url)
    return url.path
  }

  func testIdenticalImagesExitZero() throws {
    let a = try save(image(), "a.png")
    let b = try save(image(), "b.png")
    let r = try CLI.run(["compare", a, b])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.hasPrefix("equal"), r.stdout)
    XCTAssertTrue(r.stdout.contains("PSNR: inf"), r.stdout)
  }

  func testDifferentPixelsExitOneAndThresholdsRelaxIt() throws {
    let a = try save(image(), "a.png")
    let b = try save(image(changing: [(3, 4), (10, 20)], by: 5), "b.png")
    let strict = try CLI.run(["compare", a, b])
    XCTAssertEqual(strict.status, 1)
    XCTAssertTrue(strict.stdout.contains("differing pixels: 2 ("), strict.stdout)
    XCTAssertTrue(strict.stdout.contains("max channel difference: 5"), strict.stdout)
    XCTAssertEqual(try CLI.run(["compare", a, b, "--max-diff", "5"]).status, 0)
    XCTAssertEqual(try CLI.run(["compare", a, b, "--max-diff", "4"]).status, 1)
    XCTAssertEqual(try CLI.run(["compare", a, b, "--max-pixels", "2"]).status, 0)
    XCTAssertEqual(try CLI.run(["compare", a, b, "--max-pixels", "1"]).status, 1)
    // 2 of 1200 pixels = 0.1667%.
    XCTAssertEqual(try CLI.run(["compare", a, b, "--max-pixels", "0.2%"]).status, 0)
    XCTAssertEqual(try CLI.run(["compare", a, b, "--max-pixels", "0.1%"]).status, 1)
  }

  func testPNGAgainstJPEGComparesDecodedPixels() throws {
    let a = try save(image(), "a.png")
    let b = try save(image(), "b.jpg")
    let exact = try CLI.run(["compare", a, b, "--json"])
    XCTAssertEqual(exact.status, 1, "JPEG is lossy")
    let obj = try JSONSerialization.jsonObject(with: Data(exact.stdout.utf8)) as! [String: Any]
    let maxDiff = obj["maxChannelDifference"] as! Int
    XCTAssertGreaterThan(maxDiff, 0)
    XCTAssertGreaterThan(obj["psnr"] as! Double, 30)
    XCTAssertEqual(try CLI.run(["compare", a, b, "--max-diff", String(maxDiff)]).status, 0)
  }

  func testJSONOutputForMachines() throws {
    let a = try save(image(), "a.png")
    let b = try save(image(changing: [(1, 1)]), "b.png")
    let r = try CLI.run(["compare", a, b, "--json", "--max-pixels", "5"])
    XCTAssertEqual(r.status, 0)
    let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
    XCTAssertEqual(obj["result"] as? String, "equal")
    XCTAssertEqual(obj["differingPixels"] as? Int, 1)
    XCTAssertEqual(obj["pixels"] as? Int, 1200)
    XCTAssertEqual(obj["maxChannelDifference"] as? Int, 80)
    XCTAssertEqual((obj["expected"] as? [String: Any])?["width"] as? Int, 40)
  }

  func testDiffPictureMarksDifferingPixelsRed() throws {
    let a = try save(image(), "a.png")
    let b = try save(image(changing: [(7, 9)]), "b.png")
    let out = dir.appendingPathComponent("out/diff.png").path
    let r = try CLI.run(["compare", a, b, "--diff", out])
    XCTAssertEqual(r.status, 1)
    let diff = try ImageCodec.decodeFile(path: out, maxPixels: ImageCodec.defaultMaxPixels).image
    XCTAssertEqual(diff.width, 40)
    XCTAssertEqual(diff.height, 30)
    let at = { (x: Int, y: Int) in Array(diff.pixels[((y * 40 + x) * 4)..<((y * 40 + x) * 4 + 3)]) }
    XCTAssertEqual(at(7, 9), [255, 0, 0])
    XCTAssertEqual(at(0, 0)[0], at(0, 0)[1], "unchanged pixels are gray")
    XCTAssertEqual(at(0, 0)[1], at(0, 0)[2])
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: dir.appendingPathComponent("out").path)
    XCTAssertEqual(leftovers, ["diff.png"], "no temporary file is left behind")
  }

  func testSizeMismatchIsADifference() throws {
    let a = try save(image(), "a.png")
    let b = try save(image(width: 20), "b.png")
    let r = try CLI.run(["compare", a, b, "--max-pixels", "100%"])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.stdout.contains("expected 40×30, actual 20×30"), r.stdout)
  }

  func testErrorsUseSysexitsCodes() throws {
    let a = try save(image(), "a.png")
    let missing = try CLI.run(["compare", a, dir.appendingPathComponent("nope.png").path])
    XCTAssertEqual(missing.status, 66)
    XCTAssertTrue(missing.stderr.contains("nope.png"), missing.stderr)
    let text = dir.appendingPathComponent("text.png")
    try Data("hello, not an image".utf8).write(to: text)
    let notImage = try CLI.run(["compare", a, text.path])
    XCTAssertEqual(notImage.status, 65)
    XCTAssertTrue(notImage.stderr.contains("text.png"), notImage.stderr)
    XCTAssertEqual(try CLI.run(["compare", a, a, "--max-pixels", "lots"]).status, 64)
    XCTAssertEqual(try CLI.run(["compare", a, a, "--max-diff", "300"]).status, 64)
    XCTAssertEqual(try CLI.run(["compare", a, dir.path]).status, 64)
  }

  func testFolderModeReportsEachFileAndMissingOnes() throws {
    try save(image(), "gold/x/piece.png")
    try save(image(), "new/x/piece.png")
    try save(image(), "gold/x/background.png")
    try save(image(changing: [(2, 2)]), "new/x/background.png")
    try save(image(), "gold/y/piece.png")
    try Data("{}".utf8).write(to: dir.appendingPathComponent("gold/x/answer.json"))
    try Data("{}".utf8).write(to: dir.appendingPathComponent("new/x/answer.json"))
    let gold = dir.appendingPathComponent("gold").path
    let new = dir.appendingPathComponent("new").path
    let diffs = dir.appendingPathComponent("diffs").path
    let r = try CLI.run(["compare", gold, new, "--diff", diffs])
    XCTAssertEqual(r.status, 1, r.stderr)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 5, r.stdout)
    XCTAssertTrue(lines[0].hasPrefix("equal     x/answer.json"), lines[0])
    XCTAssertTrue(lines[1].hasPrefix("different x/background.png: 1 of 1200"), lines[1])
    XCTAssertTrue(lines[2].hasPrefix("equal     x/piece.png"), lines[2])
    XCTAssertTrue(lines[3].hasPrefix("missing   y/piece.png: only in the expected"), lines[3])
    XCTAssertTrue(lines[4].contains("4 files: 2 equal, 1 different, 1 missing, 0 errors"), lines[4])
    XCTAssertTrue(FileManager.default.fileExists(atPath: diffs + "/x/background.png.diff.png"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: diffs + "/x/piece.png.diff.png"))

    try FileManager.default.removeItem(atPath: gold + "/y")
    XCTAssertEqual(try CLI.run(["compare", gold, new, "--max-pixels", "1"]).status, 0)
  }

  func testFolderModeWithACorruptImageIsAnError() throws {
    try save(image(), "gold/a.png")
    try save(image(), "new/a.png")
    try save(image(), "gold/b.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: dir.appendingPathComponent("new/b.png"))
    let r = try CLI.run([
      "compare", dir.appendingPathComponent("gold").path, dir.appendingPathComponent("new").path, "--json",
    ])
    XCTAssertEqual(r.status, 65, r.stderr)
    let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
    let files = obj["files"] as! [[String: Any]]
    XCTAssertEqual(files.map { $0["status"] as! String }, ["equal", "error"])
  }
}
