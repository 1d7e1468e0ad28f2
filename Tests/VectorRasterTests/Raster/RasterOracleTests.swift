import XCTest

@testable import VectorRaster

/// Differential tests against `SampleOracle`, a brute-force 16×16-samples-per-pixel rasteriser.
///
/// The bound held, per pixel: |mask − 255·(inside samples)/256| ≤ 255·S/256 + 1, where S is the
/// number of 1/16-pixel sub-squares the polygon's edges can pass through in that pixel (see
/// `SampleOracle.errorBound`): exact area and sample estimate agree on every sub-square no edge
/// crosses. Pixels whose windings span more than two values are compared with the exact
/// `RegionOracle` instead (`RasterCrossingTests`, and the exact-area tests here). Totals are
/// checked against the shoelace area for simple polygons.
final class RasterOracleTests: XCTestCase {
  /// Compares the rasteriser with the oracle; returns (compared pixels, largest |diff|, mean |diff|).
  @discardableResult
  func compare(_ contours: [[Point]], rule: FillRule, clip: PixelRect, _ label: String)
    -> (Int, Int, Double)
  {
    let mask = Rasterizer.fill(polygons(contours), rule: rule, clip: clip)
    let got = canvas(mask, clip)
    let oracle = SampleOracle(contours, rule: rule, rect: clip)
    let bound = SampleOracle.errorBound(contours, rect: clip)
    var compared = 0
    var worst = 0
    var total = 0
    for p in 0..<got.count where oracle.maxWinding[p] - oracle.minWinding[p] <= 1 {
      let expected = Double(oracle.inside[p]) * 255 / 256
      let diff = abs(Double(got[p]) - expected)
      if diff > bound[p] {
        XCTFail(
          "\(label): pixel \(p % clip.width),\(p / clip.width) got \(got[p]) expected ≈\(expected) bound \(bound[p])"
        )
        return (compared, worst, 0)
      }
      compared += 1
      worst = max(worst, Int(diff.rounded(.up)))
      total += Int(diff.rounded())
    }
    // Outside the mask the oracle must see nothing at all.
    for y in 0..<clip.height {
      for x in 0..<clip.width where !mask.rect.contains(clip.x + x, clip.y + y) {
        XCTAssertEqual(oracle.inside[y * clip.width + x], 0, "\(label): sample outside mask")
      }
    }
    return (compared, worst, Double(total) / Double(max(compared, 1)))
  }

  /// A random polygon star-shaped around `c` (angles increasing, every gap under π), hence simple.
  func simplePolygon(_ rng: inout TestRNG, center c: Point, radius: Double) -> [Point] {
    let n = 4 + Int(rng.next() % 40)
    let step = 2 * Double.pi / Double(n)
    let angles = (0..<n).map { k in (Double(k) + rng.double(0, 0.9)) * step }
    return angles.map { a in
      let r = radius * rng.double(0.2, 1)
      return Point(c.x + r * cos(a), c.y + r * sin(a))
    }
  }

  /// Every pixel against the exact area where the rule holds: within rounding.
  func assertMatchesExactArea(
    _ contours: [[Point]], rule: FillRule, clip: PixelRect, _ label: String
  ) {
    let got = canvas(Rasterizer.fill(polygons(contours), rule: rule, clip: clip), clip)
    let exact = RegionOracle.coverage(contours, rule: rule, rect: clip)
    for p in 0..<got.count {
      let diff = abs(Double(got[p]) - exact[p] * 255)
      if diff > 0.5 + 0.01 {
        XCTFail("\(label): pixel \(p % clip.width),\(p / clip.width) got \(got[p]) exact \(exact[p] * 255)")
        return
      }
    }
  }

  func testRandomPolygonsMatchExactAreaWithinRounding() {
    var rng = TestRNG(seed: 0x5EED_0004)
    let clip = PixelRect(x: -4, y: -4, width: 36, height: 36)
    for i in 0..<40 {
      let n = 3 + Int(rng.next() % 15)
      var contours = [(0..<n).map { _ in Point(rng.double(-10, 38), rng.double(-10, 38)) }]
      if i % 2 == 0 {
        contours.append(simplePolygon(&rng, center: Point(16, 16), radius: rng.double(1, 14)))
      }
      for rule in FillRule.allCases {
        assertMatchesExactArea(contours, rule: rule, clip: clip, "random \(i) \(rule)")
      }
    }
    for i in 0..<40 {
      let poly = simplePolygon(
        &rng, center: Point(rng.double(1, 7), rng.double(1, 7)), radius: rng.double(0.05, 2))
      for rule in FillRule.allCases {
        assertMatchesExactArea(
          [poly], rule: rule, clip: PixelRect(x: 0, y: 0, width: 8, height: 8), "tiny \(i) \(rule)")
      }
    }
  }

  func testEveryStrategyAndScaleMatchesExactArea() {
    // Random clips and polygons from a few pixels up to ±1e6 px (mostly clipped away), under
    // one-row bands, odd band sizes and a single band, sparse and dense sweeps.
    var rng = TestRNG(seed: 0x5EED_0005)
    for i in 0..<80 {
      let clip = PixelRect(
        x: Int(rng.next() % 20) - 10, y: Int(rng.next() % 20) - 10, width: 1 + Int(rng.next() % 30),
        height: 1 + Int(rng.next() % 30))
      let scale = [1.0, 10, 1000, 1e6][i % 4]
      let poly = (0..<(3 + Int(rng.next() % 20))).map { _ in
        Point(rng.double(-scale, scale) + 10, rng.double(-scale, scale) + 10)
      }
      let exact = FillRule.allCases.map { RegionOracle.coverage([poly], rule: $0, rect: clip) }
      for (r, rule) in FillRule.allCases.enumerated() {
        for (budget, sparse) in [(1, true), (37, false), (1 << 20, true)] {
          let m = Rasterizer.fill(
            polygons([poly]), rule: rule, clip: clip, bandCellBudget: budget, sparse: sparse)
          let got = canvas(m, clip)
          for p in 0..<got.count where abs(Double(got[p]) - exact[r][p] * 255) > 0.51 {
            XCTFail("case \(i) \(rule) budget \(budget): pixel \(p) got \(got[p]) exact \(exact[r][p] * 255)")
            return
          }
        }
      }
    }
  }

  func testRandomSimplePolygonsMatchOracleAndShoelaceArea() {
    var rng = TestRNG(seed: 0x5EED_0001)
    let clip = PixelRect(x: 0, y: 0, width: 40, height: 40)
    var worstSeen = 0
    for i in 0..<40 {
      let c = Point(rng.double(10, 30), rng.double(10, 30))
      var poly = simplePolygon(&rng, center: c, radius: rng.double(3, 20))
      if i % 2 == 1 { poly.reverse() }
      for rule in FillRule.allCases {
        let (compared, worst, mean) = compare([poly], rule: rule, clip: clip, "simple \(i) \(rule)")
        XCTAssertEqual(compared, clip.width * clip.height, "simple polygons: every pixel compared")
        XCTAssertLessThan(mean, 2.0, "simple \(i): mean |diff| in levels")
        worstSeen = max(worstSeen, worst)
      }
      // Clip the polygon to the canvas is a no-op here (radius keeps most inside); compare the
      // area only when it lies entirely inside.
      if poly.allSatisfy({ $0.x >= 0 && $0.x <= 40 && $0.y >= 0 && $0.y <= 40 }) {
        let m = Rasterizer.fill(polygons([poly]), rule: .nonzero, clip: clip)
        let area = m.data.reduce(0.0) { $0 + Double($1) } / 255
        let exact = abs(shoelace(poly))
        XCTAssertEqual(area, exact, accuracy: max(0.005 * exact, 0.05), "simple \(i) area")
      }
    }
    print("sample oracle, simple polygons: largest per-pixel difference \(worstSeen) levels")
    XCTAssertLessThanOrEqual(worstSeen, 16, "largest per-pixel difference seen")
  }

  func testRandomSelfIntersectingPolygonsMatchOracle() {
    var rng = TestRNG(seed: 0x5EED_0002)
    let clip = PixelRect(x: -4, y: -4, width: 36, height: 36)
    for i in 0..<30 {
      let n = 3 + Int(rng.next() % 12)
      let poly = (0..<n).map { _ in Point(rng.double(-8, 36), rng.double(-8, 36)) }
      var contours = [poly]
      if i % 3 == 0 {
        contours.append((0..<4).map { _ in Point(rng.double(0, 30), rng.double(0, 30)) })
      }
      for rule in FillRule.allCases {
        let (compared, _, mean) = compare(contours, rule: rule, clip: clip, "random \(i) \(rule)")
        XCTAssertGreaterThan(compared, clip.width * clip.height / 2)
        XCTAssertLessThan(mean, 2.0)
      }
    }
  }

  func testSubPixelShapesMatchOracle() {
    var rng = TestRNG(seed: 0x5EED_0003)
    let clip = PixelRect(x: 0, y: 0, width: 8, height: 8)
    for i in 0..<60 {
      let c = Point(rng.double(1, 7), rng.double(1, 7))
      let poly = simplePolygon(&rng, center: c, radius: rng.double(0.1, 1.5))
      for rule in FillRule.allCases {
        compare([poly], rule: rule, clip: clip, "tiny \(i) \(rule)")
      }
      let m = Rasterizer.fill(polygons([poly]), rule: .nonzero, clip: clip)
      let area = m.data.reduce(0.0) { $0 + Double($1) } / 255
      // Rounding: at most half a level on each of the few pixels involved.
      XCTAssertEqual(area, abs(shoelace(poly)), accuracy: Double(m.data.count) * 0.5 / 255 + 1e-4)
    }
  }
}

extension PixelRect {
  fileprivate func contains(_ px: Int, _ py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }
}
