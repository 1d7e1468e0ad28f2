import CaptchaProofOfWork
import XCTest

/// scrypt against RFC 7914 section 12's test vectors in Fixtures/pow-vectors.json (the last, N = 2^20,
/// needs 1 GiB and is left out).
final class ScryptVectorTests: XCTestCase {
  func testRFC7914Vectors() throws {
    let vectors = try PowVectors.load().scrypt
    XCTAssertEqual(vectors.count, 3)
    for v in vectors {
      let out = try Scrypt.derive(
        password: Array(v.password.utf8), salt: Array(v.salt.utf8), n: v.n, r: v.r, p: v.p,
        length: v.hex.count / 2)
      XCTAssertEqual(PowVectors.hex(out), v.hex, v.source)
    }
  }

  func testParametersOutOfRangeThrow() {
    XCTAssertThrowsError(try Scrypt.derive(password: [], salt: [], n: 1000, r: 1, p: 1, length: 32)) {
      let error = $0 as? PowError
      XCTAssertEqual(error?.code, .scryptParameters)
      XCTAssertEqual(
        error?.description,
        "scrypt cannot run with N=1000, r=1, p=1: N must be a power of two above 1 and the memory available")
    }
    XCTAssertThrowsError(try Scrypt.derive(password: [], salt: [], n: 16, r: 0, p: 1, length: 32)) {
      XCTAssertEqual(($0 as? PowError)?.code, .scryptParameters)
    }
  }

  func testSettingsOutOfRangeSayWhichInOneSentence() {
    XCTAssertThrowsError(try PowSettings.validated(steps: 4)) {
      XCTAssertEqual($0 as? PowError, .setting("steps must be in 8...4096"))
      XCTAssertEqual(($0 as? PowError)?.code, .setting)
      XCTAssertEqual("\($0)", "steps must be in 8...4096")
    }
  }
}
