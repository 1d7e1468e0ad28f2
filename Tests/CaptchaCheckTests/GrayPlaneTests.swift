import XCTest

@testable import CaptchaCheck
@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

final class GrayPlaneTests: XCTestCase {
  func testPaddingBorders() {
    let row = GrayPlane(width: 3, height: 1, values: [1, 2, 3])
    XCTAssertEqual(row.padded(by: 2, border: .zero).values[14..<21], [0, 0, 1, 2, 3, 0, 0])
    XCTAssertEqual(row.padded(by: 2, border: .replicate).values[14..<21], [1, 1, 1, 2, 3, 3, 3])
    XCTAssertEqual(row.padded(by: 2, border: .reflect).values[14..<21], [2, 1, 1, 2, 3, 3, 2])
  }

  func testGaussianBlurOfAnImpulseIsTheNormalisedKernel() {
    var plane = GrayPlane(width: 21, height: 21)
    plane[10, 10] = 1
    let blurred = plane.gaussianBlurred(sigma: 1)
    // 9 taps of exp(−x²/2), normalised: the centre tap is 1/2.5066… (the truncated tails are tiny).
    XCTAssertEqual(Double(blurred[10, 10]), 0.3989 * 0.3989, accuracy: 1e-4)
    XCTAssertEqual(Double(blurred[14, 10]), 0.3989 * 0.000134, accuracy: 1e-5)
    XCTAssertEqual(blurred[15, 10], 0, "σ = 1 reaches 4 px, no further")
    XCTAssertEqual(Double(blurred.values.reduce(0, +)), 1, accuracy: 1e-5)
    let constant = GrayPlane(width: 12, height: 7, fill: 42).gaussianBlurred(sigma: 1.5)
    for v in constant.values { XCTAssertEqual(v, 42, accuracy: 1e-4) }
  }

  func testBorderPairsOfASquarePieceStepAcrossItsEdge() {
    let piece = RGBAImage(width: 20, height: 20, fill: (200, 100, 50, 255))
    let pairs = BorderPairs(piece: piece, inside: 2.5, outside: 1.5, sigma: 1)
    // Roughly one pair per edge pixel of each side (corners have diagonal normals and may drop out).
    XCTAssertGreaterThan(pairs.colours.count, 60)
    XCTAssertLessThanOrEqual(pairs.colours.count, 80)
    for (dy, dx) in pairs.offsets {
      let outside = dx < 0 || dy < 0 || dx >= 20 || dy >= 20
      XCTAssertTrue(outside, "outer point \(dx), \(dy) must be off the piece")
      XCTAssertTrue((-2...21).contains(dx) && (-2...21).contains(dy), "outer point \(dx), \(dy) too far out")
    }
    // Inner colours are the piece's (the alpha-weighted blur does not darken them).
    for c in pairs.colours {
      XCTAssertEqual(c[0], 200, accuracy: 0.5)
      XCTAssertEqual(c[1], 100, accuracy: 0.5)
    }
  }
}
