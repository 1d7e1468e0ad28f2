import CaptchaService
import XCTest

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Pass tokens: unguessable, carrying their expiry, and only a well-formed one is read as a token.
final class PassTokenTests: XCTestCase {
  func testATokenHas192RandomBitsAndItsExpiry() throws {
    let expiry = Date(timeIntervalSince1970: 1_800_000_300.7)
    let tokens = (0..<200).map { _ in PassToken.make(expiresAt: expiry) }
    XCTAssertEqual(Set(tokens.map(\.text)).count, 200)
    let token = tokens[0]
    XCTAssertTrue(token.text.hasPrefix("cg1.1800000300."), token.text)
    XCTAssertEqual(token.text.count, "cg1.1800000300.".count + 32)
    XCTAssertEqual(
      PassToken.parse(token.text),
      PassToken(text: token.text, expiresAt: Date(timeIntervalSince1970: 1_800_000_300)))
    XCTAssertEqual(token.digest.count, 64)
    // Every random position takes many values over 200 tokens (a stuck byte would show).
    let random = tokens.map { Array($0.text.utf8.suffix(32)) }
    for i in 0..<31 { XCTAssertGreaterThan(Set(random.map { $0[i] }).count, 30, "position \(i)") }
  }

  func testMadeUpOrDamagedTokensAreNotTokens() {
    let good = PassToken.make(expiresAt: Date(timeIntervalSince1970: 1_800_000_000)).text
    for text in [
      "", "fake-token-123", "cg1.", "cg1.1800000000.", "cg2" + good.dropFirst(3), String(good.dropLast()),
      good + "A", good.replacingOccurrences(of: "cg1.1800000000", with: "cg1.+1800000000"),
      "cg1.1800000000." + String(repeating: "!", count: 32), good + "." + good,
    ] {
      XCTAssertNil(PassToken.parse(text), text)
    }
  }
}
