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

/// `--style-key`: a secret draws the deployment's family of looks; the same key and seed give the
/// same captcha, other keys other looks, and the secret never reaches answer.json.
final class StyleKeyTests: XCTestCase {
  func keyed(_ secret: String?) throws -> SlideOptions {
    var o = SlideOptions(difficulty: .normal)
    o.size = PixelSize(width: 320, height: 160)
    o.styleKey = try secret.map { try StyleKey(secret: $0) }
    return o
  }

  func make(_ secret: String?, seed: UInt64 = 9) throws -> SlideCaptcha {
    let bg = ProceduralBackground.make(width: 320, height: 160, seed: 4)
    return try SlideMaker.make(background: bg, source: nil, options: try keyed(secret), seed: seed)
  }

  func testSameKeySameFamilyAndDifferentKeysDiffer() throws {
    XCTAssertEqual(try StyleKey(secret: "alpha").family, try StyleKey(secret: "alpha").family)
    let families = try ["alpha", "beta", "gamma", "delta", "epsilon"].map { try StyleKey(secret: $0).family }
    for (i, a) in families.enumerated() {
      for b in families[(i + 1)...] { XCTAssertNotEqual(a, b) }
    }
    XCTAssertGreaterThan(
      Set(families.map(\.lightAngle)).count, 1, "the light's direction varies with the key")
  }

  func testKeyedCaptchaIsReproducibleAndDiffersFromThePublicLook() throws {
    let a = try make("alpha")
    XCTAssertEqual(a, try make("alpha"))
    XCTAssertNotEqual(a.background, try make(nil).background)
    XCTAssertNotEqual(a.background, try make("beta").background)
    // The key restyles the look, not the answer: the same seed puts the piece in the same place.
    XCTAssertEqual(a.answer.target, try make(nil).answer.target)
  }

  func testAnswerRecordsAFingerprintNeverTheSecret() throws {
    let secret = "correct horse battery staple"
    let text = String(decoding: try make(secret).answer.jsonBytes, as: UTF8.self)
    XCTAssertFalse(text.contains(secret))
    XCTAssertFalse(text.contains("horse"))
    let fingerprint = try StyleKey(secret: secret).fingerprint
    XCTAssertEqual(fingerprint.count, 8)
    XCTAssertTrue(text.contains("\"fingerprint\": \"\(fingerprint)\""), text)
    XCTAssertFalse(String(decoding: try make(nil).answer.jsonBytes, as: UTF8.self).contains("fingerprint"))
    // It parses back into the same answer.
    let parsed = try SlideAnswer.parse(try make(secret).answer.jsonBytes, name: "answer.json")
    XCTAssertEqual(parsed.look.styleFingerprint, fingerprint)
  }

  func testEmptySecretIsAUsageError() {
    XCTAssertThrowsError(try StyleKey(secret: "")) { error in
      XCTAssertTrue(error is OptionError, "\(error)")
      XCTAssertTrue("\(error)".contains("style-key"))
    }
  }

  func testKeyLeavesExplicitlyChosenStylesAlone() throws {
    var o = SlideOptions(difficulty: .normal)
    o.holeStyle = StripedHole()
    o.shape = BuiltinShape.classic
    o.styleKey = try StyleKey(secret: "alpha")
    let styled = o.styled()
    XCTAssertEqual(styled.holeStyle as? StripedHole, StripedHole())
    XCTAssertEqual(styled.shape.name, "classic")
  }
}
