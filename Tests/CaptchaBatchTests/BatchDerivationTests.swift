import Foundation
import XCTest

@testable import CaptchaBatch
@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

final class BatchDerivationTests: XCTestCase {
  /// Vigna's reference splitmix64.c, written out independently of the library.
  func splitmix(_ seed: UInt64) -> UInt64 {
    var z = seed &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  func testItemSeedFollowsTheDocumentedFormula() {
    for base: UInt64 in [0, 42, .max] {
      for i in [0, 1, 2, 999, 123_456] {
        let expected = splitmix(base ^ splitmix(UInt64(i))) & ((1 << 53) - 1)
        XCTAssertEqual(BatchDerivation.itemSeed(base: base, index: i), expected, "base \(base) item \(i)")
      }
    }
  }

  func testItemSeedsAreDistinctAndFitInAJSONNumber() {
    let seeds = (0..<10_000).map { BatchDerivation.itemSeed(base: 7, index: $0) }
    XCTAssertEqual(Set(seeds).count, seeds.count)
    XCTAssertTrue(seeds.allSatisfy { $0 < (1 << 53) })
    XCTAssertNotEqual(
      BatchDerivation.itemSeed(base: 7, index: 3), BatchDerivation.itemSeed(base: 8, index: 3))
  }

  func testBackgroundsAreUsedRoundRobin() {
    XCTAssertEqual(
      (0..<7).map { BatchDerivation.backgroundIndex(index: $0, inputCount: 3) }, [0, 1, 2, 0, 1, 2, 0])
  }

  func testFolderNamesArePaddedToSixDigitsOrMore() {
    XCTAssertEqual(BatchDerivation.folderName(index: 42, count: 100), "000042")
    XCTAssertEqual(BatchDerivation.folderName(index: 42, count: 1), "000042")
    XCTAssertEqual(BatchDerivation.folderName(index: 42, count: 2_000_000), "0000042")
  }
}
