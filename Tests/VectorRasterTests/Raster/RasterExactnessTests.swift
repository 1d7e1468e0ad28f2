import Foundation
import RasterReference
import XCTest

@testable import VectorRaster

/// The rasteriser against the exact reference where edges cross: every pixel within one level
/// (1/255) of the exact area, on the crossing corpus and on the fixture's pixels.
final class RasterExactnessTests: XCTestCase {
  /// The reference agrees with `RegionOracle`, which cuts pixels the other way (vertical slabs,
  /// ray-cast windings): two exact methods, one answer. (The oracle does not cut its slabs at
  /// vertical edges, so the families with axis-aligned squares are left out.)
  func testReferenceAgreesWithTheRegionOracle() {
    let families: Set = ["coincident", "degenerate"]
    for entry in CrossingCorpus.entries(seed: 5, count: 32) where !families.contains(entry.family) {
      let contours = (0..<entry.polygons.contourCount).map {
        Array(entry.polygons.points[entry.polygons.contourRange($0)])
      }
      let oracle = RegionOracle.coverage(contours, rule: entry.rule, rect: entry.clip)
      let exact = ExactCoverage.coverage(entry.polygons, rule: entry.rule, over: entry.clip)
      for p in 0..<exact.count where abs(exact[p] - oracle[p]) > 1e-6 {
        XCTFail("\(entry.label): pixel \(p): reference \(exact[p]), oracle \(oracle[p])")
        break
      }
    }
  }

  /// Areas a person can check: a bow-tie's crossing pixel and a square drawn twice.
  func testReferenceGivesHandComputedAreas() {
    // Bow-tie (0,0)-(2,2)-(2,0)-(0,2), crossing at (1,1): each pixel holds half of its square
    // (pixel (0,0) the part of the left triangle below the diagonal), under both rules.
    let bowTie = polygons([[Point(0, 0), Point(2, 2), Point(2, 0), Point(0, 2)]])
    let clip = PixelRect(x: 0, y: 0, width: 2, height: 2)
    for rule in FillRule.allCases {
      let c = ExactCoverage.coverage(bowTie, rule: rule, over: clip)
      for v in c { XCTAssertEqual(v, 0.5, accuracy: 1e-12, "\(rule)") }
    }
    // A unit square at (0.5, 0.5), twice: winding 2, inside under nonzero, outside under even-odd.
    let square = rectangle(0.5, 0.5, 1.5, 1.5)
    let twice = polygons([square, square])
    for v in ExactCoverage.coverage(twice, rule: .nonzero, over: clip) {
      XCTAssertEqual(v, 0.25, accuracy: 1e-12)
    }
    XCTAssertEqual(ExactCoverage.coverage(twice, rule: .evenodd, over: clip), [0, 0, 0, 0])
  }

  /// Every path of a slice of the corpus, every pixel within one level of the exact area.
  func testCrossingCorpusIsStrictlyExact() {
    for entry in CrossingCorpus.entries(seed: 1, count: 96) {
      let mask = Rasterizer.fill(entry.polygons, rule: entry.rule, clip: entry.clip)
      let check = ExactnessCheck(mask, entry.polygons, rule: entry.rule, clip: entry.clip)
      XCTAssertTrue(
        check.isStrictlyExact,
        "\(entry.label): \(check.missedPixels) px off, worst \(check.worstLevels) levels at (\(check.worstX), \(check.worstY))"
      )
    }
  }

  /// Two chains that follow each other around a contour and never cross can still leave three
  /// windings in a cell they share: in the row holding one's far end, the other goes on past it
  /// (two random walks of the corpus; in the first, chains 1 and 26 share cell (2, 2) of the
  /// mask). Unresolved, such a pixel is off by up to 23 levels; resolved, every pixel is within
  /// one level, under both rules.
  func testFollowingChainsPastAFarEndAreExact() {
    let walks = [
      (CrossingCorpus.entries(seed: 7, count: 336).suffix(2), "random-walk #20 "),
      (CrossingCorpus.entries(seed: 13, count: 1552).suffix(2), "random-walk #96 "),
    ]
    for (entries, label) in walks {
      for entry in entries {
        XCTAssertTrue(entry.label.hasPrefix(label), entry.label)
        let mask = Rasterizer.fill(entry.polygons, rule: entry.rule, clip: entry.clip)
        let check = ExactnessCheck(mask, entry.polygons, rule: entry.rule, clip: entry.clip)
        XCTAssertTrue(
          check.isStrictlyExact,
          "\(entry.label): \(check.missedPixels) px off, worst \(check.worstLevels) levels at (\(check.worstX), \(check.worstY))"
        )
      }
    }
  }

  /// The pixels of `Fixtures/shapes/crossings.txt`: where edges cross in one pixel (many of
  /// them, nearly parallel ones), each within one level of its exact value.
  func testFixturePixelsAreExact() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/shapes/crossings.txt")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
    XCTAssertEqual(lines.count, 10)
    for line in lines {
      let f = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      XCTAssertEqual(f.count, 6, "fixture line: \(line.prefix(60))")
      guard f.count == 6, let rule = FillRule(rawValue: f[1]) else { continue }
      let c = f[2].split(separator: " ").compactMap { Int($0) }
      let p = f[3].split(separator: " ").compactMap { Int($0) }
      let exact = try XCTUnwrap(Double(f[4]))
      let clip = PixelRect(x: c[0], y: c[1], width: c[2], height: c[3])
      let path = try SVGPathParser.parse(f[5]).flattened(tolerance: Flattening.defaultTolerance)
      let reference = ExactCoverage.coverage(path, rule: rule, over: clip)
      XCTAssertEqual(
        reference[(p[1] - clip.y) * clip.width + p[0] - clip.x] * 255, exact, accuracy: 0.01,
        "\(f[0]): the reference")
      let got = Double(Rasterizer.fill(path, rule: rule, clip: clip).coverage(atX: p[0], y: p[1]))
      XCTAssertLessThanOrEqual(
        abs(got - exact), 1, "\(f[0]): pixel (\(p[0]), \(p[1])) got \(got), exact \(exact)")
    }
  }
}
