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
