import Dispatch
import XCTest

@testable import VectorRaster

/// Fills reuse their working memory (`RasterScratch`): a mask must not depend on what was
/// filled before it, nor on fills running at the same time on other threads.
final class RasterScratchTests: XCTestCase {
  /// Random shapes of many sizes and both rules: crossing polygons in small and wide masks
  /// (one band and several, dense and sparse sweeps), some with thousands of edges.
  private func shapes() -> [(FlattenedPath, FillRule, PixelRect)] {
    var rng = TestRNG(seed: 0x5EED_5C7A)
    var out: [(FlattenedPath, FillRule, PixelRect)] = []
    for i in 0..<24 {
      let size = [8.0, 40, 130, 300][i % 4]
      let n = [5, 30, 200, 400][(i / 4) % 4]
      let poly = (0..<n).map { _ in Point(rng.double(-4, size + 4), rng.double(-4, size / 3)) }
      let clip = PixelRect(x: 0, y: 0, width: Int(size), height: Int(size / 3) + 1)
      out.append((polygons([poly]), i % 2 == 0 ? .evenodd : .nonzero, clip))
    }
    return out
  }

  func testAMaskDoesNotDependOnTheFillsBeforeIt() {
    let cases = shapes()
    let alone = cases.map { Rasterizer.fill($0.0, rule: $0.1, clip: $0.2) }
    // Every case again, each right after a different (larger or smaller) one.
    for (k, c) in cases.enumerated().reversed() {
      _ = Rasterizer.fill(
        cases[(k + 7) % cases.count].0, rule: .nonzero, clip: cases[(k + 7) % cases.count].2)
      XCTAssertEqual(Rasterizer.fill(c.0, rule: c.1, clip: c.2), alone[k], "case \(k)")
    }
  }

  func testConcurrentFillsGiveTheSerialMasks() {
    let cases = shapes()
    let serial = cases.map { Rasterizer.fill($0.0, rule: $0.1, clip: $0.2) }
    let results = UnsafeMutableBufferPointer<CoverageMask?>.allocate(capacity: cases.count * 4)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    DispatchQueue.concurrentPerform(iterations: results.count) { i in
      let c = cases[i % cases.count]
      results[i] = Rasterizer.fill(c.0, rule: c.1, clip: c.2)
    }
    for i in 0..<results.count {
      XCTAssertEqual(results[i], serial[i % cases.count], "fill \(i)")
    }
  }
}
