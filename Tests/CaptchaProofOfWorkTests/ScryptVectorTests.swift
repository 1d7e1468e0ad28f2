import CaptchaProofOfWork
import XCTest

/// scrypt against RFC 7914 section 12's test vectors (the last, N = 2^20, needs 1 GiB and is left out).
final class ScryptVectorTests: XCTestCase {
  func testRFC7914Vectors() throws {
    let vectors: [(password: String, salt: String, n: UInt64, r: UInt32, p: UInt32, hex: String)] = [
      (
        "", "", 16, 1, 1,
        "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
          + "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"
      ),
      (
        "password", "NaCl", 1024, 8, 16,
        "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
          + "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"
      ),
      (
        "pleaseletmein", "SodiumChloride", 16384, 8, 1,
        "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
          + "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"
      ),
    ]
    for v in vectors {
      let out = try Scrypt.derive(
        password: Array(v.password.utf8), salt: Array(v.salt.utf8), n: v.n, r: v.r, p: v.p, length: 64)
      XCTAssertEqual(hex(out), v.hex, "scrypt N=\(v.n) r=\(v.r) p=\(v.p)")
    }
  }

  func testParametersOutOfRangeThrow() {
    XCTAssertThrowsError(try Scrypt.derive(password: [], salt: [], n: 1000, r: 1, p: 1, length: 32))
    XCTAssertThrowsError(try Scrypt.derive(password: [], salt: [], n: 16, r: 0, p: 1, length: 32))
  }

  private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }
}
