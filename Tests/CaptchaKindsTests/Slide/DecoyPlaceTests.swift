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

/// The real hole must not give itself away by its place among the holes ("pick the rightmost
/// hole" must do no better than chance): over many seeds the target takes each place among the
/// holes on its row equally often.
final class DecoyPlaceTests: XCTestCase {
  func testTargetTakesEachPlaceAmongTheHolesEquallyOften() throws {
    for mode in [DragMode.horizontal, .vertical] {
      var places: [Int: [Int]] = [:]  // number of holes → how often the target had each place
      for seed: UInt64 in 0..<1500 {
        var rng = Xoshiro256StarStar(seed: seed, stream: SlideMaker.Stream.placement)
        let (w, h) = mode == .horizontal ? (320, 160) : (160, 320)
        let placement = Placement.draw(width: w, height: h, pieceSize: 60, mode: mode, rng: &rng)
        let spots = DecoyStage.positions(
          settings: DecoySettings(count: 2), width: w, height: h, placement: placement, pieceSize: 60,
          mode: mode, seed: seed)
        let along = { (q: PiecePosition) in mode == .horizontal ? q.x : q.y }
        let sorted = (spots + [placement.target]).map(along).sorted()
        let place = try XCTUnwrap(sorted.firstIndex(of: along(placement.target)))
        places[sorted.count, default: Array(repeating: 0, count: sorted.count)][place] += 1
      }
      let three = try XCTUnwrap(places[3])
      let n = three.reduce(0, +)
      XCTAssertGreaterThan(n, 1000, "\(mode): three holes should be the usual case")
      for c in three {
        // 1/3 each; five binomial standard deviations at this n are about ±0.07.
        XCTAssertEqual(Double(c) / Double(n), 1.0 / 3.0, accuracy: 0.07, "\(mode) places: \(three)")
      }
    }
  }
}
