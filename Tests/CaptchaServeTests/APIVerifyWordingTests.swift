import CaptchaKit
import CaptchaService
import XCTest

@testable import CaptchaServe

/// The HTTP API's sentence for every refusal of a response: the fields as a verify body's members.
final class APIVerifyWordingTests: XCTestCase {
  func testEachRefusalIsOneSentenceInFieldNames() {
    let cases: [(VerifyError, String)] = [
      (
        .missing(kind: "slide", answeredWith: [.x, .step]),
        #"a slide challenge is answered with "x" (or "step")"#
      ),
      (
        .notFor(kind: "slide", field: .angle, answeredWith: [.x, .step]),
        #"a slide challenge is answered with "x" (or "step"), not "angle""#
      ),
      (.bothGiven(.x, .step), #"give either "x" or "step", not both"#),
      (.notFinite(.x), #""x" must be a finite number"#),
      (.notPositive(.displayWidth), #""display_width" must be a positive number"#),
      (.requiredInMode(.y, mode: "free"), #"this challenge is in free mode, so "y" is required"#),
      (.noSteps(answerWith: .angle), #"this challenge has no steps; answer it with "angle""#),
      (.notAStop(step: 9, count: 4), #""step" 9 is not a stop of this challenge; its stops are 0…3"#),
    ]
    for (error, sentence) in cases {
      XCTAssertEqual(APIWording.text(error), sentence, "\(error.code)")
      XCTAssertEqual(APIWording.text(ChallengeServiceError.responseDoesNotFit(error)), sentence)
    }
  }
}
