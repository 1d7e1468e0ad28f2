import CaptchaArguments
import CaptchaKit
import XCTest

/// The command line's words for the library's errors: `verify`'s sentence for every refusal of a
/// response (the fields as its options) and the sysexits code of every error category.
final class CommandLineWordingTests: XCTestCase {
  func testEachRefusalIsOneSentenceInFlags() {
    let cases: [(VerifyError, String)] = [
      (
        .missing(kind: "slide", answeredWith: [.x, .step]),
        "the answer is a slide captcha; answer it with --x (or --step)"
      ),
      (
        .notFor(kind: "slide", field: .angle, answeredWith: [.x, .step]),
        "the answer is a slide captcha; answer it with --x (or --step), not --angle"
      ),
      (.bothGiven(.x, .step), "give either --x or --step, not both"),
      (.notFinite(.x), "--x must be a finite number"),
      (.notPositive(.displayWidth), "--display-width must be a positive number"),
      (.requiredInMode(.y, mode: "free"), "the answer is in free mode, so --y is required"),
      (
        .noSteps(answerWith: .angle), "the answer has no steps (made without --steps); answer it with --angle"
      ),
      (.notAStop(step: 9, count: 4), "--step 9 is not a stop of the answer; its stops are 0…3"),
    ]
    for (error, sentence) in cases {
      XCTAssertEqual(CommandLineWording.text(error), sentence, "\(error.code)")
      XCTAssertEqual(CommandLineWording.report(error)?.message, sentence)
      XCTAssertEqual(CommandLineWording.report(error)?.exitCode, 64)
    }
  }

  func testTheCodeAndValuesAreReadWithoutSwitchingOnTheError() {
    let error = VerifyError.notFor(kind: "rotate", field: .x, answeredWith: [.angle, .step])
    XCTAssertEqual(error.code, .notFor)
    XCTAssertNotEqual(error.code, .missing)
    XCTAssertEqual(error.kind, "rotate")
    XCTAssertEqual(error.fields, [.x])
    XCTAssertEqual(error.answeredWith, [.angle, .step])
    XCTAssertEqual(error, .notFor(kind: "rotate", field: .x, answeredWith: [.angle, .step]))
    XCTAssertNotEqual(error, .notFor(kind: "rotate", field: .y, answeredWith: [.angle, .step]))
    XCTAssertEqual(VerifyError.notAStop(step: 5, count: 3).stop?.count, 3)
    XCTAssertEqual("\(VerifyError.notPositive(.displayWidth))", "display-width must be a positive number")
  }

  func testEachErrorCategoryHasItsSysexitsCode() {
    let kinds: [CaptchaError.Kind] = [.usage, .badData, .missingInput, .cannotCreate, .io]
    XCTAssertEqual(kinds.map(\.exitCode), [64, 65, 66, 73, 74])
    let report = CommandLineWording.report(CaptchaError(.missingInput, "no such file"))
    XCTAssertEqual(report?.message, "no such file")
    XCTAssertEqual(report?.exitCode, 66)
  }
}
