import XCTest

@testable import VectorRaster

/// Degenerate and hostile geometry: no crash, no hang, sensible output.
///
/// The hang guards read the process's CPU time, not the wall clock: a machine busy with other
/// work slows the wall clock, not the work done here.
final class RasterHostileTests: XCTestCase {
  let clip = PixelRect(x: 0, y: 0, width: 32, height: 32)

  func testEmptyPathGivesEmptyMask() {
    for rule in FillRule.allCases {
      let m = Rasterizer.fill(FlattenedPath(), rule: rule, clip: clip)
      XCTAssertEqual(m.width, 0)
      XCTAssertEqual(m.height, 0)
      XCTAssertTrue(m.data.isEmpty)
    }
  }

  func testSinglePointAndTwoPointContoursCoverNothing() {
    let m = Rasterizer.fill(polygons([[Point(3.5, 3.5)]]), rule: .nonzero, clip: clip)
    XCTAssertEqual(m.width, 0)
    let two = Rasterizer.fill(polygons([[Point(1, 1), Point(9, 7)]]), rule: .nonzero, clip: clip)
    XCTAssertEqual(two.width, 0)
  }

  func testZeroAreaPolygonsAreAllZero() {
    // Collinear points, and a contour that doubles back on itself.
    let line = [Point(1, 1), Point(5, 5), Point(9, 9)]
    let back = [Point(2, 2), Point(10, 3), Point(2, 2), Point(10, 3)]
    for contour in [line, back] {
      for rule in FillRule.allCases {
        let m = Rasterizer.fill(polygons([contour]), rule: rule, clip: clip)
        XCTAssertGreaterThan(m.data.count, 0)
        XCTAssertEqual(m.data.max(), 0, "\(contour) \(rule)")
      }
    }
  }

  func testHugeCoordinatesAreClippedSafely() {
    // A rectangle far larger than the clip covers it entirely.
    let big = rectangle(-1e30, -1e30, 1e30, 1e30)
    let m = Rasterizer.fill(polygons([big]), rule: .nonzero, clip: clip)
    XCTAssertEqual(m.rect, clip)
    XCTAssertEqual(Set(m.data), [255])
    // The largest finite doubles: differences overflow, the clipper must not.
    let g = Double.greatestFiniteMagnitude
    let tri = [Point(-g, -g), Point(g, -g), Point(-g, g)]
    let t = Rasterizer.fill(polygons([tri]), rule: .evenodd, clip: clip)
    XCTAssertEqual(t.rect, clip)
    // Its hypotenuse is x + y = 0, through the clip's corner: the clip (x, y ≥ 0) is outside.
    XCTAssertEqual(t.data.max(), 0)
    let square = rectangle(-g, -g, g, g, reversed: true)
    XCTAssertEqual(Set(Rasterizer.fill(polygons([square]), rule: .evenodd, clip: clip).data), [255])
    // A thin triangle from x = −1e30 to 1e30 crosses the clip as the band 13 < y < 18.
    let band = [Point(-1e30, 15.5), Point(1e30, 10.5), Point(1e30, 20.5)]
    let b = Rasterizer.fill(polygons([band]), rule: .nonzero, clip: clip)
    XCTAssertEqual(b.rect, PixelRect(x: 0, y: 10, width: 32, height: 11))
    XCTAssertEqual(b.coverage(atX: 16, y: 12), 0)
    XCTAssertEqual(b.coverage(atX: 0, y: 13), 255)
    XCTAssertEqual(b.coverage(atX: 31, y: 17), 255)
    XCTAssertEqual(b.coverage(atX: 5, y: 18), 0)
  }

  func testNonFiniteContourIsSkippedOthersDrawn() {
    let bad = [Point(0, 0), Point(.nan, 4), Point(8, 8)]
    let inf = [Point(0, 0), Point(.infinity, 4), Point(8, 8)]
    let good = rectangle(4, 4, 8, 8)
    let m = Rasterizer.fill(polygons([bad, good, inf]), rule: .nonzero, clip: clip)
    XCTAssertEqual(m.rect, PixelRect(x: 4, y: 4, width: 4, height: 4))
    XCTAssertEqual(Set(m.data), [255])
  }

  func testSlivers() {
    // 1/8 px wide vertical sliver: 0.125 × 255 = 31.9 → 32.
    let m = Rasterizer.fill(
      polygons([rectangle(3.5, 0, 3.625, 10)]), rule: .nonzero, clip: clip)
    XCTAssertEqual(m.rect, PixelRect(x: 3, y: 0, width: 1, height: 10))
    XCTAssertEqual(Set(m.data), [32])
    // A long diagonal sliver 0.01 px thick keeps its area.
    let d = [Point(0, 0), Point(30, 30), Point(30.01, 30), Point(0.01, 0)]
    let dm = Rasterizer.fill(polygons([d]), rule: .evenodd, clip: clip)
    let area = dm.data.reduce(0.0) { $0 + Double($1) } / 255
    XCTAssertEqual(area, 0.3, accuracy: Double(dm.data.filter { $0 > 0 }.count) * 0.5 / 255)
  }

  func testTwoHundredThousandSegments() {
    var rng = TestRNG(seed: 99)
    let n = 200_000
    let poly = (0..<n).map { _ in Point(rng.double(0, 32), rng.double(0, 32)) }
    let start = CPUClock.seconds()
    for rule in FillRule.allCases {
      let m = Rasterizer.fill(polygons([poly]), rule: rule, clip: clip)
      XCTAssertEqual(m.rect.width, 32)
      XCTAssertEqual(m.rect.height, 32)
    }
    // A zig-zag whose windings cancel pairwise in every pixel it crosses at most once each way.
    let zig = (0..<n).map { i in Point(Double(i % 2) * 30 + 1, 1 + 30 * Double(i) / Double(n)) }
    let z = Rasterizer.fill(polygons([zig + [Point(1, 31)]]), rule: .nonzero, clip: clip)
    XCTAssertFalse(z.data.isEmpty)
    let seconds = CPUClock.seconds() - start
    // A hang guard, not a speed target (speed is measured by `make raster-compare`), on the
    // process's CPU time so that a loaded machine does not trip it: an unbounded resolver would
    // take hours.
    XCTAssertLessThan(seconds, 180, "200 000-segment fills must not hang")
  }

  func testPolygonsOutsideClipAreEmptyAndFast() {
    var rng = TestRNG(seed: 5)
    let far = (0..<200_000).map { _ in Point(rng.double(1e6, 2e6), rng.double(-1e6, 1e6)) }
    let start = CPUClock.seconds()
    let m = Rasterizer.fill(polygons([far]), rule: .nonzero, clip: clip)
    XCTAssertEqual(m.width, 0)
    // Left of the clip: the contour's edges become vertical edges at the clip's left side, and
    // those cancel: a closed contour entirely to the left winds zero everywhere to its right.
    let left = (0..<200_000).map { _ in Point(rng.double(-2e6, -1e6), rng.double(-1e6, 1e6)) }
    let l = Rasterizer.fill(polygons([left]), rule: .nonzero, clip: clip)
    XCTAssertEqual(l.width, 0)
    let seconds = CPUClock.seconds() - start
    XCTAssertLessThan(seconds, 10)
  }

  func testManyEdgesLeftOfClipCostLittle() {
    // 200 000 edges left of a tall clip, plus one vertex inside: every left edge spans hundreds
    // of rows, yet each costs O(1) (they only add winding to column 0).
    var rng = TestRNG(seed: 11)
    var poly = (0..<200_000).map { _ in Point(rng.double(-1e6, -1), rng.double(0, 2000)) }
    poly.append(Point(50, 1000))
    let clip = PixelRect(x: 0, y: 0, width: 100, height: 2000)
    let start = CPUClock.seconds()
    let m = Rasterizer.fill(polygons([poly]), rule: .nonzero, clip: clip)
    let seconds = CPUClock.seconds() - start
    XCTAssertEqual(m.rect, PixelRect(x: 0, y: 0, width: 50, height: 2000))
    XCTAssertLessThan(seconds, 5)
    // The same kind of path, small enough for the exact per-pixel oracle.
    var small = (0..<2000).map { _ in Point(rng.double(-1e6, -1), rng.double(0, 40)) }
    small += [Point(-10, 5.5), Point(19.5, 20.25), Point(-10, 35.75)]
    let smallClip = PixelRect(x: 0, y: 0, width: 20, height: 40)
    for rule in FillRule.allCases {
      let got = canvas(Rasterizer.fill(polygons([small]), rule: rule, clip: smallClip), smallClip)
      let exact = ExactAreaOracle.coverage([small], rule: rule, rect: smallClip)
      for p in 0..<got.count {
        XCTAssertEqual(Double(got[p]), exact[p] * 255, accuracy: 0.51, "pixel \(p) \(rule)")
      }
    }
  }

  func testPolygonStraddlingLeftOfClipCancelsToZeroWhereItDoesNotReach() {
    // A closed contour mostly left of the clip, poking 2 px in: pixels right of x = 2 are 0.
    let c = [Point(-100, 0), Point(2.5, 4), Point(2.5, 6), Point(-100, 10)]
    let m = Rasterizer.fill(polygons([c]), rule: .nonzero, clip: clip)
    XCTAssertEqual(m.rect, PixelRect(x: 0, y: 0, width: 3, height: 10))
    XCTAssertEqual(m.coverage(atX: 1, y: 5), 255)
    XCTAssertEqual(m.coverage(atX: 2, y: 5), 128)
    XCTAssertEqual(m.coverage(atX: 0, y: 5), 255)
    XCTAssertEqual(m.coverage(atX: 0, y: 0), 0)
  }
}

/// The CPU time this process has used, in seconds.
private enum CPUClock {
  static func seconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }
}
