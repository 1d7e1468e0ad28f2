import ArgumentParser
import CaptchaArguments
import CaptchaKit
import XCTest

/// Every row of the library's option table is a flag of `make`, `batch` and `serve` that reads its
/// value the way the row does, so adding an option is one row plus its flag, and forgetting either
/// half fails here.
final class OptionTableFlagTests: XCTestCase {
  func testEveryOptionHasOneRowInOrderBesidesTheCommandsOwn() {
    let expected = CaptchaOption.allCases.filter { !OptionTable.commandsOwn.contains($0) }
    XCTAssertEqual(OptionTable.rows.map(\.option), expected)
  }

  func testEveryRowAppliesToAKind() {
    for row in OptionTable.rows {
      XCTAssertFalse(row.kinds.isEmpty, "\(row.option) would be refused for every kind")
    }
    XCTAssertEqual(OptionTable.row(.length).kinds, ["pattern"])
    XCTAssertEqual(OptionTable.row(.steps).kinds, ["slide", "rotate"])
  }

  func testEachFlagGivesWhatItsRowReadsAndNothingElse() throws {
    for row in OptionTable.rows {
      let flag = CommandLineWording.flag(row.option)
      let arguments = row.isSwitch ? [flag] : [flag, row.example]
      let parsed = try MakeOptionGroup.parse(arguments).captchaOptions()
      var expected = CaptchaOptions()
      try row.set(row.isSwitch ? .bool(true) : .text(row.example), in: &expected)
      expected.fallbackStyleKey = parsed.fallbackStyleKey
      XCTAssertEqual(parsed, expected, "\(arguments)")
      XCTAssertEqual(parsed.given, [row.option], "\(arguments)")
    }
  }

  func testEachFlagsHelpIsItsRowsHelpWithOptionsAsFlags() {
    let help = MakeOptionGroup.helpMessage(columns: 10_000)
    for row in OptionTable.rows {
      let text = CommandLineWording.text(row.help)
      XCTAssertTrue(help.contains(text), "\(row.option): \(text)")
    }
    XCTAssertTrue(help.contains("implies --piece-shadow"), "other options are named as flags")
  }

  func testAValueTheRowCannotReadIsAUsageErrorWithTheRowsReason() {
    XCTAssertThrowsError(try MakeOptionGroup.parse(["--size", "wide"])) { error in
      let message = MakeOptionGroup.message(for: error)
      XCTAssertEqual(
        message,
        "The value 'wide' is invalid for '--size <WxH>': expected WIDTHxHEIGHT in positive whole pixels, e.g. 320x160"
      )
      XCTAssertEqual(MakeOptionGroup.exitCode(for: error), .validationFailure)
    }
  }
}
