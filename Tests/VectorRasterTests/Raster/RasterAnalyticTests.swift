import XCTest

@testable import VectorRaster

/// Shapes whose exact coverage is known in closed form.
final class RasterAnalyticTests: XCTestCase {
  let clip = PixelRect(x: 0, y: 0, width: 64, height: 64)

  func testQuarterPixelRectangleHasExactEdgeValues() {
    // x 2.75…7.25, y 1.25…4.75: column coverage .25/1/.25, row coverage .75/1/.75.
    for reversed in [false, true] {
      for rule in FillRule.allCases {
        let m = Rasterizer.fill(
          polygons([rectangle(2.75, 1.25, 7.25, 4.75, reversed: reversed)]), rule: rule, clip: clip)
        XCTAssertEqual(m.rect, PixelRect(x: 2, y: 1, width: 6, height: 4))
        let corner: UInt8 = 48  // .25 × .75 × 255 = 47.81
        let side: UInt8 = 64  // .25 × 255 = 63.75
        let topBottom: UInt8 = 191  // .75 × 255 = 191.25
        let expected: [UInt8] = [
          corner, topBottom, topBottom, topBottom, topBottom, corner,
          side, 255, 255, 255, 255, side,
          side, 255, 255, 255, 255, side,
          corner, topBottom, topBottom, topBottom, topBottom, corner,
        ]
        XCTAssertEqual(m.data, expected, "reversed \(reversed) rule \(rule)")
      }
    }
  }

  func testThreeQuarterEdgeRoundsToNearest() {
    // x from 2.25: pixel 2 is 3/4 covered → 191.25 → 191; y whole pixels.
    let m = Rasterizer.fill(polygons([rectangle(2.25, 0, 5, 2)]), rule: .nonzero, clip: clip)
    XCTAssertEqual(m.rect, PixelRect(x: 2, y: 0, width: 3, height: 2))
    XCTAssertEqual(m.data, [191, 255, 255, 191, 255, 255])
  }

  func testFrameWithInnerContour() {
    let outer = rectangle(0, 0, 10, 10)
    let sameDirection = rectangle(3, 3, 7, 7)
    let opposite = rectangle(3, 3, 7, 7, reversed: true)
    let evenOdd = Rasterizer.fill(polygons([outer, sameDirection]), rule: .evenodd, clip: clip)
    let nonzeroSame = Rasterizer.fill(
      polygons([outer, sameDirection]), rule: .nonzero, clip: clip)
    let nonzeroOpposite = Rasterizer.fill(polygons([outer, opposite]), rule: .nonzero, clip: clip)
    for m in [evenOdd, nonzeroSame, nonzeroOpposite] {
      XCTAssertEqual(m.rect, PixelRect(x: 0, y: 0, width: 10, height: 10))
      XCTAssertEqual(m.coverage(atX: 1, y: 1), 255)
      XCTAssertEqual(m.coverage(atX: 8, y: 5), 255)
    }
    XCTAssertEqual(evenOdd.coverage(atX: 5, y: 5), 0)
    XCTAssertEqual(nonzeroSame.coverage(atX: 5, y: 5), 255)
    XCTAssertEqual(nonzeroOpposite.coverage(atX: 5, y: 5), 0)
    XCTAssertEqual(evenOdd.data.filter { $0 == 255 }.count, 100 - 16)
    XCTAssertEqual(nonzeroSame.data.filter { $0 == 255 }.count, 100)
    XCTAssertEqual(nonzeroOpposite, evenOdd)
  }

  func testWindingsAboveOneFoldUnderEvenOddAndSaturateUnderNonzero() {
    // Nested squares in the same direction: windings 1, 2, 3 from the outside in; the second
    // set runs the other way (windings −1, −2, −3).
    for reversed in [false, true] {
      let nested = [
        rectangle(0, 0, 12, 12, reversed: reversed), rectangle(2, 2, 10, 10, reversed: reversed),
        rectangle(4.5, 4.5, 7.5, 7.5, reversed: reversed),
      ]
      let evenOdd = Rasterizer.fill(polygons(nested), rule: .evenodd, clip: clip)
      let nonzero = Rasterizer.fill(polygons(nested), rule: .nonzero, clip: clip)
      XCTAssertEqual(evenOdd.coverage(atX: 1, y: 1), 255)  // 1
      XCTAssertEqual(evenOdd.coverage(atX: 3, y: 3), 0)  // 2
      XCTAssertEqual(evenOdd.coverage(atX: 5, y: 5), 255)  // 3
      // Half of pixel (4, 5) has winding 2, half winding 3: folded 0.5 → 127.5 → 128.
      XCTAssertEqual(evenOdd.coverage(atX: 4, y: 5), 128)
      XCTAssertEqual(Set(nonzero.data), [255])
    }
  }

  func testPentagramCentreDiffersBetweenRules() {
    let c = Point(25, 25)
    let star = (0..<5).map { k -> Point in
      let angle = -Double.pi / 2 + Double(k * 2 % 5) * 2 * Double.pi / 5
      return Point(c.x + 20 * cos(angle), c.y + 20 * sin(angle))
    }
    let nonzero = Rasterizer.fill(polygons([star]), rule: .nonzero, clip: clip)
    let evenOdd = Rasterizer.fill(polygons([star]), rule: .evenodd, clip: clip)
    XCTAssertEqual(nonzero.coverage(atX: 24, y: 24), 255)
    XCTAssertEqual(evenOdd.coverage(atX: 24, y: 24), 0)
    // The points of the star are the same under both rules.
    XCTAssertEqual(nonzero.coverage(atX: 25, y: 9), evenOdd.coverage(atX: 25, y: 9))
    XCTAssertEqual(nonzero.coverage(atX: 25, y: 9), 255)
  }

  func testCircleAreaWithinFlatteningError() {
    let r = 20.0
    let n = 720
    let circle = (0..<n).map { k -> Point in
      let a = Double(k) * 2 * Double.pi / Double(n)
      return Point(32 + r * cos(a), 32 + r * sin(a))
    }
    let m = Rasterizer.fill(polygons([circle]), rule: .nonzero, clip: clip)
    let area = m.data.reduce(0.0) { $0 + Double($1) } / 255
    let polygonArea = Double(n) / 2 * r * r * sin(2 * Double.pi / Double(n))
    // Per-pixel rounding is at most half a level on the ~2·2πr edge pixels.
    let rounding = 2 * 2 * Double.pi * r * 0.5 / 255
    XCTAssertEqual(area, polygonArea, accuracy: rounding)
    // The 720-gon is inside the circle by at most r(1 − cos(π/n)) ≈ 0.0002 px.
    let flattening = 2 * Double.pi * r * r * (1 - cos(Double.pi / Double(n)))
    XCTAssertEqual(area, Double.pi * r * r, accuracy: rounding + flattening)
    XCTAssertEqual(m.coverage(atX: 32, y: 32), 255)
  }

  func testPartsLeftOfClipStillCarryWinding() {
    let clip = PixelRect(x: 0, y: 0, width: 10, height: 4)
    let m = Rasterizer.fill(polygons([rectangle(-5.5, 0, 3.25, 4)]), rule: .nonzero, clip: clip)
    XCTAssertEqual(m.rect, PixelRect(x: 0, y: 0, width: 4, height: 4))
    XCTAssertEqual(Array(m.data[0..<4]), [255, 255, 255, 64])
    // A triangle whose slanted edge leaves the clip on the left: rows below the crossing are
    // carried by the vertical replacement edge at x = 0.
    let tri = [Point(-8, 0), Point(4, 0), Point(-8, 4)]
    let t = Rasterizer.fill(polygons([tri]), rule: .evenodd, clip: clip)
    // The hypotenuse x = 4 − 3y crosses x = 0 at y = 4/3; row 2 and 3 are left of it.
    XCTAssertEqual(t.coverage(atX: 0, y: 0), 255)
    XCTAssertEqual(t.coverage(atX: 0, y: 3), 0)
    // Pixel (0,1): the area left of x = 4 − 3y within [0,1]×[1,2] is ∫ from y=1 to 4/3 of
    // min(1, 4 − 3y) dy = 1/6 → 42.5 → between 42 and 43.
    XCTAssertTrue((42...43).contains(t.coverage(atX: 0, y: 1)))
  }

  func testMaskIsTightToBoundsAndClip() {
    let m = Rasterizer.fill(
      polygons([rectangle(10.5, 20.2, 30.1, 70)]), rule: .nonzero,
      clip: PixelRect(x: 0, y: 0, width: 64, height: 64))
    XCTAssertEqual(m.rect, PixelRect(x: 10, y: 20, width: 21, height: 44))
  }

  func testBandsAndSweepModesAgree() {
    var rng = TestRNG(seed: 7)
    let clip = PixelRect(x: -3, y: -2, width: 300, height: 90)
    for _ in 0..<20 {
      let contour = (0..<(3 + Int(rng.next() % 30))).map { _ in
        Point(rng.double(-40, 330), rng.double(-20, 110))
      }
      let path = polygons([contour])
      for rule in FillRule.allCases {
        let reference = Rasterizer.fill(
          path, rule: rule, clip: clip, bandCellBudget: 1 << 30, sparse: false)
        for budget in [1, 700, 5000] {
          for sparse in [false, true] {
            let m = Rasterizer.fill(
              path, rule: rule, clip: clip, bandCellBudget: budget, sparse: sparse)
            XCTAssertEqual(m.rect, reference.rect)
            let worst = zip(m.data, reference.data).map { abs(Int($0) - Int($1)) }.max() ?? 0
            // Identical arithmetic per row; only the order of float additions may differ.
            XCTAssertLessThanOrEqual(worst, 1, "budget \(budget) sparse \(sparse)")
          }
        }
        XCTAssertEqual(Rasterizer.fill(path, rule: rule, clip: clip).rect, reference.rect)
      }
    }
  }
}
