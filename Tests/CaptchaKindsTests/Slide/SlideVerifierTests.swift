import XCTest

@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

/// A sample answer like DESIGN.md's.
func sampleAnswer(mode: DragMode, tolerance: Int = 5) -> SlideAnswer {
  SlideAnswer(
    seed: 42, mode: mode, tolerance: tolerance,
    background: .init(file: "background.png", width: 320, height: 160),
    piece: .init(file: "piece.png", width: 62, height: 62), shape: "classic",
    start: PiecePosition(x: 0, y: 51), target: PiecePosition(x: 197, y: 51))
}

final class SlideVerifierTests: XCTestCase {
  func answer(mode: DragMode, tolerance: Int = 5) -> SlideAnswer {
    sampleAnswer(mode: mode, tolerance: tolerance)
  }

  func testHorizontalChecksOnlyXInclusiveTolerance() {
    let a = answer(mode: .horizontal)
    XCTAssertTrue(SlideVerifier.verify(answer: a, x: 197, y: nil))
    XCTAssertTrue(SlideVerifier.verify(answer: a, x: 192, y: nil))
    XCTAssertTrue(SlideVerifier.verify(answer: a, x: 202, y: 999))
    XCTAssertFalse(SlideVerifier.verify(answer: a, x: 191.9, y: nil))
    XCTAssertFalse(SlideVerifier.verify(answer: a, x: 202.1, y: nil))
    XCTAssertFalse(SlideVerifier.verify(answer: a, x: .nan, y: nil))
  }

  func testFreeAndVerticalCheckY() {
    for mode in [DragMode.free, .vertical] {
      let a = answer(mode: mode)
      XCTAssertTrue(SlideVerifier.verify(answer: a, x: 197, y: 46))
      XCTAssertTrue(SlideVerifier.verify(answer: a, x: 202, y: 56))
      XCTAssertFalse(SlideVerifier.verify(answer: a, x: 197, y: 45.5))
      XCTAssertFalse(SlideVerifier.verify(answer: a, x: 197, y: 56.5))
      XCTAssertFalse(SlideVerifier.verify(answer: a, x: 197, y: nil))
    }
  }

  func testDisplayWidthScalesBothAxes() {
    let a = answer(mode: .free, tolerance: 3)
    // Shown at 640 wide (2×): target at (394, 102) ± 6 display pixels.
    XCTAssertTrue(SlideVerifier.verify(answer: a, x: 394, y: 102, displayWidth: 640))
    XCTAssertTrue(SlideVerifier.verify(answer: a, x: 400, y: 96, displayWidth: 640))
    XCTAssertFalse(SlideVerifier.verify(answer: a, x: 401, y: 102, displayWidth: 640))
    XCTAssertFalse(SlideVerifier.verify(answer: a, x: 394, y: 109, displayWidth: 640))
    // Shown at 160 wide (½): 98.5 ≈ 197.
    XCTAssertTrue(SlideVerifier.verify(answer: a, x: 98.5, y: 25.5, displayWidth: 160))
    XCTAssertFalse(SlideVerifier.verify(answer: a, x: 96.4, y: 25.5, displayWidth: 160))
    XCTAssertFalse(SlideVerifier.verify(answer: a, x: 197, y: 51, displayWidth: 0))
  }
}

final class AnswerTests: XCTestCase {
  func testJSONKeyOrderMatchesDesignAndRoundTrips() throws {
    var a = sampleAnswer(mode: .horizontal)
    let text = String(decoding: a.jsonBytes, as: UTF8.self)
    XCTAssertEqual(
      text,
      """
      {
        "schema": 1,
        "kind": "slide",
        "generator": "captcha-gen 0.1.0",
        "seed": 42,
        "mode": "horizontal",
        "tolerance": 5,
        "background": { "file": "background.png", "width": 320, "height": 160 },
        "piece": { "file": "piece.png", "width": 62, "height": 62, "shape": "classic" },
        "start": { "x": 0, "y": 51 },
        "target": { "x": 197, "y": 51 }
      }

      """)
    a.seed = UInt64.max
    a.source = SourceInfo(
      file: "photo.jpg", width: 4000, height: 3000, sha256: String(repeating: "a", count: 64))
    a.resize = ResizeInfo(fit: .cover, width: 320, height: 160)
    XCTAssertEqual(try SlideAnswer.parse(a.jsonBytes, name: "answer.json"), a)
  }

  func testBadAnswersAreBadDataNamingTheFile() {
    let cases: [String] = [
      "not json", "{}", #"{"schema": 2}"#,
      String(decoding: sampleAnswer(mode: .free).jsonBytes, as: UTF8.self)
        .replacingOccurrences(of: "\"free\"", with: "\"diagonal\""),
      String(decoding: sampleAnswer(mode: .free).jsonBytes, as: UTF8.self)
        .replacingOccurrences(of: "\"schema\": 1", with: "\"schema\": 2"),
    ]
    for text in cases {
      XCTAssertThrowsError(try SlideAnswer.parse(Array(text.utf8), name: "a.json")) { e in
        let err = e as? CaptchaError
        XCTAssertEqual(err?.kind, .badData, text)
        XCTAssertTrue(err?.message.contains("a.json") ?? false)
      }
    }
    XCTAssertThrowsError(try SlideAnswer.read(path: "/nonexistent/answer.json")) { e in
      XCTAssertEqual((e as? CaptchaError)?.kind, .missingInput)
    }
  }
}
