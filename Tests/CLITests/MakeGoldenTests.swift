import CaptchaKit
import Foundation
import XCTest

/// Golden captchas in Fixtures/golden, made by the tool itself from the built-in background with
/// fixed seeds, one per shape and mode.
///
/// The comparison is on DECODED pixels (with `ImageCompare`), so a libpng or zlib update that
/// changes compressed bytes does not break it. Tolerance: every channel of every pixel within ±2
/// of the golden, fully transparent pixels equal whatever their colour (room for
/// last-bit floating-point differences between machines; a moved or reshaped piece changes
/// hundreds of pixels by far more), image sizes equal, and answer.json byte-identical.
///
/// To regenerate after an intended change of the output: `CAPTCHA_REGENERATE_GOLDENS=1 swift test
/// --filter MakeGoldenTests` (the older `CAPTCHA_GEN_UPDATE_GOLDENS=1` works too), then look at the
/// new pictures before committing them.
final class MakeGoldenTests: XCTestCase {
  typealias S = MakeTestSupport

  static let channelTolerance = 2

  static let cases: [(name: String, args: [String])] = [
    ("classic-horizontal", ["--seed", "1", "--size", "240x120", "--difficulty", "classic"]),
    (
      "circle-free",
      ["--seed", "2", "--size", "200x120", "--shape", "circle", "--mode", "free", "--difficulty", "classic"]
    ),
    (
      "square-vertical",
      [
        "--seed", "3", "--size", "120x200", "--shape", "square", "--mode", "vertical", "--difficulty",
        "classic",
      ]
    ),
    // The command line's default look (`--difficulty normal`).
    ("default-horizontal", ["--seed", "4", "--size", "240x120"]),
    // Stepped slide answers and the rotate kind (plain and stepped).
    ("steps-horizontal", ["--seed", "5", "--size", "240x120", "--steps", "6"]),
    ("rotate", ["--kind", "rotate", "--seed", "6", "--size", "240x120"]),
    ("rotate-steps", ["--kind", "rotate", "--seed", "7", "--size", "240x120", "--steps", "12"]),
  ]

  static var goldenRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/golden")
  }

  func testOutputsMatchGoldens() throws {
    for (name, args) in Self.cases {
      try GoldenCaptchas.check(name, args: args, golden: Self.goldenRoot.appendingPathComponent(name))
    }
  }

  func testComparisonCatchesAMovedPiece() throws {
    // The tolerance is loose enough for rounding, not for a different captcha.
    let golden = Self.goldenRoot.appendingPathComponent("classic-horizontal")
    let want = try S.decode(golden.appendingPathComponent("background.png"))
    let out = try CLI.tempDir("golden-neg")
    XCTAssertEqual(try CLI.run(["make", "--out", out.path, "--seed", "2", "--size", "240x120"]).status, 0)
    XCTAssertNotNil(Self.compare(try S.decode(out.appendingPathComponent("background.png")), want))
  }

  /// nil when the images match within `channelTolerance` (the project's `ImageCompare`, which also
  /// treats fully transparent pixels as equal whatever their colour), else its summary.
  static func compare(_ actual: RGBAImage, _ expected: RGBAImage) -> String? {
    let thresholds = CompareThresholds(maxChannelDifference: channelTolerance, allowedPixels: .count(0))
    let result = ImageCompare.compare(expected: expected, actual: actual, thresholds: thresholds)
    return result.isMatch ? nil : result.summary
  }
}
