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

/// Twin decoys (issue 12): the piece's own outline, exactly on the piece's row, packed as tightly
/// as the outlines allow without touching the target or each other.
final class TwinDecoyTests: XCTestCase {
  func testTwinsShareThePiecesOutlineAndRowAndNeverOverlap() throws {
    var o = SlideOptions(difficulty: .hard)
    o.size = PixelSize(width: 320, height: 160)
    o.variation = .none
    var placedCounts: [Int] = []
    for seed in UInt64(1)...12 {
      let bg = ProceduralBackground.make(width: 320, height: 160, seed: seed)
      let c = try SlideMaker.make(background: bg, source: nil, options: o, seed: seed)
      let decoys = try XCTUnwrap(c.answer.decoys)
      placedCounts.append(decoys.count)
      XCTAssertTrue(decoys.allSatisfy { $0.variant == "twin" && $0.shape == "jigsaw" })
      XCTAssertTrue(decoys.allSatisfy { $0.y == c.answer.target.y }, "seed \(seed): a twin off the row")
      // The piece's coverage placed at every hole: no pixel is covered twice.
      let p = c.piece.width
      var covered = [Bool](repeating: false, count: 320 * 160)
      for x0 in [c.answer.target.x] + decoys.map(\.x) {
        for y in 0..<p {
          for x in 0..<p where c.piece.pixels[(y * p + x) * 4 + 3] > 0 {
            let i = (c.answer.target.y + y) * 320 + x0 + x
            XCTAssertFalse(covered[i], "seed \(seed): holes overlap at x \(x0 + x)")
            covered[i] = true
          }
        }
      }
    }
    XCTAssertGreaterThanOrEqual(placedCounts.min() ?? 0, 2, "at least two twins fit at 320×160")
  }

  func testTwinSpacingIsTheClosestClearDistance() throws {
    let shapes = try DecoyShapes(shape: JigsawShape(), shapeSeed: 77, size: 60)
    let d = shapes.twinSpacing(gap: 6, alongX: true)
    XCTAssertLessThanOrEqual(d, 66)
    XCTAssertGreaterThan(d, 30)
    // One pixel closer, two copies come within the gap somewhere.
    XCTAssertEqual(shapes.twinSpacing(gap: 6, alongX: true), d)
  }
}
