import Foundation
import XCTest

@testable import CaptchaCompare
@testable import CaptchaImaging
@testable import CaptchaSupport

final class FolderCompareTests: XCTestCase {
  var root: URL!

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("foldercmp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: root)
  }

  func write(_ rel: String, _ bytes: [UInt8]) throws {
    let url = root.appendingPathComponent(rel)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// Test decoder: a file of bytes [g…] is a 2×1 gray image of its first byte; an empty file is corrupt.
  func decode(_ path: String) throws -> RGBAImage {
    guard let d = FileManager.default.contents(atPath: path), let g = d.first else {
      throw CaptchaError(.badData, "The file \(path) is not an image.")
    }
    return RGBAImage(width: 2, height: 1, fill: (g, g, g, 255))
  }

  func testPairsFilesByRelativePathAndReportsEach() throws {
    try write("a/x/piece.png", [10])
    try write("b/x/piece.png", [10])
    try write("a/x/background.jpg", [10])
    try write("b/x/background.jpg", [90])
    try write("a/x/answer.json", Array("{\"x\":1}".utf8))
    try write("b/x/answer.json", Array("{\"x\":2}".utf8))
    try write("a/only-left.png", [1])
    try write("b/only-right.png", [1])
    try write("a/broken.png", [])
    try write("b/broken.png", [5])
    try write("a/.hidden.png", [1])
    let entries = try FolderCompare.compare(
      expectedRoot: root.path + "/a", actualRoot: root.path + "/b", thresholds: .exact, decode: decode)
    XCTAssertEqual(
      entries.map(\.path),
      ["broken.png", "only-left.png", "only-right.png", "x/answer.json", "x/background.jpg", "x/piece.png"])
    XCTAssertEqual(entries.map(\.status), ["error", "missing", "missing", "different", "different", "equal"])
    if case .missingInActual = entries[1].outcome {} else { XCTFail("only-left is missing in actual") }
    if case .missingInExpected = entries[2].outcome {} else { XCTFail("only-right is missing in expected") }
    XCTAssertTrue(FolderCompare.summaryLine(entries).contains("1 equal, 2 different, 2 missing, 1 errors"))
    XCTAssertTrue(FolderCompare.textLine(entries[0]).contains("broken.png is not an image"))

    let json = FolderCompare.json(expectedRoot: "a", actualRoot: "b", entries: entries)
    let obj = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    XCTAssertEqual(obj["result"] as? String, "different")
    let files = obj["files"] as! [[String: Any]]
    XCTAssertEqual(files.count, 6)
    XCTAssertEqual(files[1]["missingIn"] as? String, "actual")
  }

  func testThresholdsApplyToImagesInFolders() throws {
    try write("a/p.png", [100])
    try write("b/p.png", [103])
    let strict = try FolderCompare.compare(
      expectedRoot: root.path + "/a", actualRoot: root.path + "/b", thresholds: .exact, decode: decode)
    XCTAssertFalse(strict[0].isMatch)
    let loose = try FolderCompare.compare(
      expectedRoot: root.path + "/a", actualRoot: root.path + "/b",
      thresholds: CompareThresholds(maxChannelDifference: 3), decode: decode)
    XCTAssertTrue(loose[0].isMatch)
  }

  func testMissingFolderIsAMissingInputError() {
    XCTAssertThrowsError(
      try FolderCompare.compare(
        expectedRoot: root.path + "/nope", actualRoot: root.path, thresholds: .exact, decode: decode)
    ) { error in
      XCTAssertEqual((error as? CaptchaError)?.kind, .missingInput)
    }
  }
}

final class CompareReportTests: XCTestCase {
  func testJSONReportIsParseableAndUsesNullForInfinitePSNR() throws {
    let img = RGBAImage(width: 3, height: 2, fill: (1, 2, 3, 255))
    let r = ImageCompare.compare(expected: img, actual: img)
    let json = CompareReport.json(r, expectedName: "e.png", actualName: "a \"q\".png")
    let obj = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    XCTAssertEqual(obj["result"] as? String, "equal")
    XCTAssertTrue(obj["psnr"] is NSNull)
    XCTAssertEqual(obj["identical"] as? Bool, true)
    XCTAssertEqual(obj["pixels"] as? Int, 6)
    XCTAssertEqual((obj["actual"] as? [String: Any])?["file"] as? String, "a \"q\".png")
    XCTAssertEqual((obj["thresholds"] as? [String: Any])?["maxPixels"] as? String, "0")
  }

  func testTextReportNamesTheVerdictAndMetrics() {
    let a = RGBAImage(width: 4, height: 1, fill: (0, 0, 0, 255))
    var b = a
    b.pixels[0] = 255
    let text = CompareReport.text(
      ImageCompare.compare(expected: a, actual: b), expectedName: "e", actualName: "a")
    XCTAssertTrue(text.hasPrefix("different: e vs a"), text)
    XCTAssertTrue(text.contains("differing pixels: 1 (25.000%)"), text)
    XCTAssertTrue(text.contains("max channel difference: 255"), text)
    XCTAssertTrue(text.contains("PSNR: 12.04 dB"), text)
  }
}
