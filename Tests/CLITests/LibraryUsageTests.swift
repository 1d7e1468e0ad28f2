import CaptchaKit
import Foundation
import XCTest

/// docs/library.md's first example, as written there: a kind makes its files through the seam and
/// `KindCatalog` verifies a response against the answer it wrote.
final class LibraryUsageTests: XCTestCase {
  func testTheReadmeExampleMakesAndVerifiesACaptcha() throws {
    let dir = try CLI.tempDir("library")
    let bg = dir.appendingPathComponent("bg.png").path
    let picture = RGBAImage(width: 320, height: 160, fill: (90, 140, 200, 255))
    try Data(try ImageCodec.encodePNG(picture, keepAlpha: false)).write(to: URL(fileURLWithPath: bg))

    let kind = SlideKind(options: SlideOptions(difficulty: .normal))
    let made = try kind.make(imagePath: bg, seed: 42)
    let out = dir.appendingPathComponent("out").path
    try made.files.write(toDirectory: out)

    let answer = try SlideAnswer.read(path: out + "/answer.json")
    let right = try KindCatalog.verify(
      answerPath: out + "/answer.json", response: ClientResponse(x: Double(answer.target.x)))
    XCTAssertTrue(right.passed)
    let wrong = try KindCatalog.verify(
      answerPath: out + "/answer.json", response: ClientResponse(x: Double(answer.target.x + 40)))
    XCTAssertFalse(wrong.passed)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: out).sorted(),
      ["answer.json", "background.png", "piece.png"])
  }
}
