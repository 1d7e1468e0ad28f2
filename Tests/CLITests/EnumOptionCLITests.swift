import CaptchaKit
import Foundation
import XCTest

/// Every enum-like option refuses a value it does not know with a usage error (exit 64) that
/// names the option and lists every valid value, on each command that has it, and writes nothing.
final class EnumOptionCLITests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try CLI.tempDir("enum-options") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  /// The enum-like options `make` and `batch` share, with the values each accepts.
  static let captchaOptions: [(option: String, values: [String])] = [
    ("--fit", Fit.allCases.map(\.rawValue)),
    ("--mode", DragMode.allCases.map(\.rawValue)),
    ("--format", OutputFormat.allCases.map(\.rawValue)),
    ("--difficulty", Difficulty.allCases.map(\.rawValue)),
    ("--shape", BuiltinShapeName.allCases.map(\.rawValue)),
    ("--fill-rule", FillRule.allCases.map(\.rawValue)),
    ("--hole-style", HoleStyleName.allCases.map(\.rawValue)),
    ("--piece-layout", PieceLayout.allCases.map(\.rawValue)),
    ("--vary", VariationPreset.allCases.map(\.rawValue)),
  ]

  /// Runs `args`, which give `option` the value `bogus`, and checks the refusal.
  private func expectRefusal(
    _ args: [String], option: String, values: [String], out: URL, file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> CLIResult {
    let r = try CLI.run(args)
    XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)", file: file, line: line)
    XCTAssertTrue(
      r.stderr.hasPrefix("Error: The value 'bogus' is invalid for '\(option) <"), r.stderr, file: file,
      line: line)
    for value in values {
      // Up to five values are listed inline ('a', 'b' or 'c'), more as a bulleted list.
      XCTAssertTrue(
        r.stderr.contains("'\(value)'") || r.stderr.contains("  - \(value)\n"),
        "\(option) lists \(value): \(r.stderr)", file: file, line: line)
    }
    XCTAssertEqual(r.stdout, "", file: file, line: line)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: out.path), "nothing written", file: file, line: line)
    return r
  }

  func testMakeListsTheValidValuesOfEveryEnumOption() throws {
    XCTAssertEqual(Self.captchaOptions.count, 9)
    for (option, values) in Self.captchaOptions {
      let out = dir.appendingPathComponent("make" + option)
      _ = try expectRefusal(
        ["make", "--out", out.path, "--seed", "1", option, "bogus"], option: option, values: values, out: out)
    }
  }

  func testBatchListsTheValidValuesOfEveryEnumOption() throws {
    for (option, values) in Self.captchaOptions {
      let out = dir.appendingPathComponent("batch" + option)
      _ = try expectRefusal(
        ["batch", "--count", "2", "--out", out.path, "--seed", "1", option, "bogus"], option: option,
        values: values, out: out)
    }
  }

  func testFillRuleIsReadOnceWithOneMessageInMakeBatchAndRaster() throws {
    let values = FillRule.allCases.map(\.rawValue)
    let make = dir.appendingPathComponent("m")
    let batch = dir.appendingPathComponent("b")
    let raster = dir.appendingPathComponent("r.png")
    let firstLines = try [
      expectRefusal(
        ["make", "--out", make.path, "--shape-path", "M0 0H9V9Z", "--fill-rule", "bogus"],
        option: "--fill-rule", values: values, out: make),
      expectRefusal(
        ["batch", "--count", "1", "--out", batch.path, "--shape-path", "M0 0H9V9Z", "--fill-rule", "bogus"],
        option: "--fill-rule", values: values, out: batch),
      expectRefusal(
        [
          "raster", "--path", "M0 0H9V9Z", "--fill-rule", "bogus", "--width", "9", "--height", "9", "--out",
          raster.path,
        ], option: "--fill-rule", values: values, out: raster),
    ].map { $0.stderr.split(separator: "\n").first.map(String.init) ?? "" }
    XCTAssertEqual(
      firstLines,
      Array(
        repeating: "Error: The value 'bogus' is invalid for '--fill-rule <rule>'. "
          + "Please provide one of 'nonzero' and 'evenodd'.", count: 3))
  }

  func testHelpListsTheValuesOfEveryEnumOption() throws {
    let help = try CLI.run(["make", "--help"]).stdout
    let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for (option, values) in Self.captchaOptions {
      XCTAssertTrue(flat.contains("(values: \(values.joined(separator: ", "))"), "\(option): \(help)")
    }
  }
}
