import CaptchaKit
import CaptchaService
import XCTest

/// A kind's name read once into what it stands for, and written back unchanged.
final class ChallengeChoiceTests: XCTestCase {
  func testNamesReadIntoChoicesAndBack() {
    XCTAssertEqual(ChallengeChoice(name: "pow"), .noPuzzle)
    XCTAssertEqual(ChallengeChoice(name: "rotate"), .puzzle("rotate"))
    XCTAssertEqual(ChallengeChoice(name: "Pow"), .puzzle("Pow"), "names are exact, as on the wire")
    for name in ["slide", "rotate", "pattern", "pow"] {
      XCTAssertEqual(ChallengeChoice(name: name).name, name)
    }
    XCTAssertNil(ChallengeChoice.noPuzzle.puzzleKind)
    XCTAssertEqual(ChallengeChoice.puzzle("slide").puzzleKind, "slide")
  }

  func testTheNoPuzzleOfferComesFirstOrLast() {
    XCTAssertEqual(
      NoPuzzleOffer(isDefault: true).adding(to: ["slide", "rotate"]),
      [.noPuzzle, .puzzle("slide"), .puzzle("rotate")])
    XCTAssertEqual(NoPuzzleOffer().adding(to: ["slide"]), [.puzzle("slide"), .noPuzzle])
  }
}

/// The service's refusals can grow without breaking code that reads them: a code to compare, the
/// response's own error for a front end to word, the sentence unchanged.
final class ChallengeServiceErrorTests: XCTestCase {
  func testCodesAndTheResponsesErrorAreReadable() {
    let wrongField = VerifyError.notFinite(.x)
    let error = ChallengeServiceError.responseDoesNotFit(wrongField)
    XCTAssertEqual(error.code, .responseDoesNotFit)
    XCTAssertEqual(error.responseError, wrongField)
    XCTAssertNil(ChallengeServiceError.secretAsSitekey.responseError)
    XCTAssertEqual(
      ChallengeServiceError.hostnameNotAllowed("evil.example", sitekey: "shop").code, .hostnameNotAllowed)
    XCTAssertNotEqual(ChallengeServiceError.unknownSitekey("a"), .unknownSitekey("b"))
    XCTAssertEqual(
      ChallengeServiceError.kindNotAllowed("slide", sitekey: "blog", allowed: ["rotate"]).description,
      "site key \"blog\" does not allow kind \"slide\"; it allows rotate")
  }
}
