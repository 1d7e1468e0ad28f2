import CaptchaKit
import Foundation
import XCTest

final class ShapesCommandTests: XCTestCase {
  func testListsEveryBuiltinShapeOneLineEachInOrder() throws {
    let r = try CLI.run(["shapes"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(
      lines.map { String($0.split(separator: " ")[0]) },
      ["classic", "circle", "square", "jigsaw", "tabs", "rounded", "star", "shield"])
    for line in lines { XCTAssertGreaterThan(line.split(separator: " ").count, 2, line) }
    XCTAssertEqual(r.stderr, "")
  }

  func testPreviewWritesAContactSheetPNG() throws {
    let dir = try CLI.tempDir("shapes")
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("sheet.png").path
    let r = try CLI.run(["shapes", "--preview", out])
    XCTAssertEqual(r.status, 0, r.stderr)
    let bytes = try ImageCodec.readFile(path: out)
    let size = try ImageCodec.size(of: bytes, name: out)
    XCTAssertEqual(size.width, ContactSheet.Layout.width)
    XCTAssertEqual(
      size.height,
      ContactSheet.Layout.height(
        shapes: ShapeCatalog.all.count, holeStyles: HoleStyleCatalog.all.count,
        pieceLooks: PieceLook.all.count))
    // Same sheet every run.
    let again = dir.appendingPathComponent("again.png").path
    XCTAssertEqual(try CLI.run(["shapes", "--preview", again]).status, 0)
    XCTAssertEqual(try ImageCodec.readFile(path: again), bytes)
  }

  func testPreviewIntoAMissingFolderFailsWithCannotCreate() throws {
    let r = try CLI.run(["shapes", "--preview", "/nonexistent-dir-for-test/sheet.png"])
    XCTAssertEqual(r.status, 73)
    XCTAssert(r.stderr.contains("/nonexistent-dir-for-test/sheet.png"), r.stderr)
    XCTAssertEqual(r.stderr.split(separator: "\n").count, 1)
    XCTAssertEqual(r.stdout, "", "nothing listed when the sheet cannot be written")
  }

  func testHelpDescribesThePreviewOption() throws {
    let r = try CLI.run(["shapes", "--help"])
    XCTAssertEqual(r.status, 0)
    XCTAssert(r.stdout.contains("--preview"))
  }
}
