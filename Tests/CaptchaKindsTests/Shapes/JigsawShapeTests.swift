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

final class JigsawShapeTests: XCTestCase {
  func testNeverAllFlatOverManySeeds() {
    for seed: UInt64 in 0..<200 {
      let edges = JigsawShape.edges(seed: seed)
      XCTAssertEqual(edges.count, 4)
      let shaped = edges.filter { $0 != .flat }.count
      XCTAssertGreaterThanOrEqual(shaped, 2, "seed \(seed): \(edges)")
    }
  }

  func testEveryKindOfSideOccursOnEverySide() {
    var seen = Array(repeating: Set<String>(), count: 4)
    for seed: UInt64 in 0..<200 {
      for (i, e) in JigsawShape.edges(seed: seed).enumerated() {
        switch e {
        case .flat: seen[i].insert("flat")
        case .knob: seen[i].insert("knob")
        case .notch: seen[i].insert("notch")
        }
      }
    }
    for s in seen { XCTAssertEqual(s, ["flat", "knob", "notch"]) }
  }

  func testPiecesDifferAcrossSeeds() throws {
    var masks = Set<[UInt8]>()
    for seed: UInt64 in 0..<40 {
      masks.insert(try JigsawShape().coverageMask(size: 62, seed: seed).data)
    }
    // Jittered knob size and position make nearly every piece unique.
    XCTAssertGreaterThanOrEqual(masks.count, 39)
  }

  func testKnobsStayInTheirSideAndNeverMeet() {
    for seed: UInt64 in 0..<200 {
      for e in JigsawShape.edges(seed: seed) {
        guard case .knob(let k) = e else { continue }
        XCTAssertLessThan(k.neckHalfWidth, k.headRadius)
        XCTAssertLessThanOrEqual(k.depth, 0.3 + 1e-12)
        XCTAssertGreaterThan(k.center - k.headRadius, 0.29)
        XCTAssertLessThan(k.center + k.headRadius, 0.71)
      }
    }
  }

  func testAllSeedsRasteriseInsideTheBoxWithOneConnectedOutline() throws {
    for seed: UInt64 in 0..<200 {
      let size = [40, 62, 100][Int(seed % 3)]
      try ShapeTestSupport.assertInsideBox(JigsawShape(), size: size, seed: seed, "jigsaw seed \(seed)")
      let a = ShapeTestSupport.areaFraction(try JigsawShape().coverageMask(size: size, seed: seed))
      XCTAssert((0.38...0.92).contains(a), "seed \(seed): area \(a)")
    }
  }

  func testOutlineNeverCrossesItself() throws {
    // A self-overlapping outline (a notch meeting a neighbouring notch, say) would fill
    // differently under the even-odd rule than under nonzero.
    for seed: UInt64 in 0..<200 {
      let polygons = try JigsawShape().path(size: 100, seed: seed).flattened(
        tolerance: PieceOutline.flatteningTolerance)
      let box = PixelRect(x: 0, y: 0, width: 100, height: 100)
      let nonzero = Rasterizer.fill(polygons, rule: .nonzero, clip: box)
      let evenodd = Rasterizer.fill(polygons, rule: .evenodd, clip: box)
      XCTAssertEqual(nonzero, evenodd, "seed \(seed)")
    }
  }

  func testNotchesCutIntoTheBodyAndKnobsStickOut() throws {
    // Find a seed with a notch on top and one with a knob on top and check the top-centre column.
    let size = 100
    var checkedNotch = false
    var checkedKnob = false
    for seed: UInt64 in 0..<50 {
      let edges = JigsawShape.edges(seed: seed)
      let path = JigsawShape().path(size: Double(size), seed: seed)
      let b = try XCTUnwrap(path.bounds)
      let m = try JigsawShape().coverageMask(size: size, seed: seed)
      switch edges[0] {
      case .notch(let k) where !checkedNotch:
        let scale = Self.scale(edges, size: Double(size))
        let x = Int(b.minX + (edges[3].knobDepth + k.center) * scale)
        XCTAssertEqual(m.coverage(atX: x, y: Int(b.minY) + 2), 0, "seed \(seed): notch should be empty")
        checkedNotch = true
      case .knob(let k) where !checkedKnob:
        let scale = Self.scale(edges, size: Double(size))
        let x = Int(b.minX + (edges[3].knobDepth + k.center) * scale)
        XCTAssertEqual(m.coverage(atX: x, y: Int(b.minY) + 2), 255, "seed \(seed): knob head should be full")
        checkedKnob = true
      default: break
      }
    }
    XCTAssertTrue(checkedNotch && checkedKnob)
  }

  /// Pixels per body unit: the outline (body plus knobs sticking out) is fitted to the box.
  static func scale(_ edges: [JigsawShape.Edge], size: Double) -> Double {
    let w = 1 + edges[1].knobDepth + edges[3].knobDepth
    let h = 1 + edges[0].knobDepth + edges[2].knobDepth
    return size / max(w, h)
  }
}

extension JigsawShape.Edge {
  /// How far this side sticks out of the body (0 for flat sides and notches).
  fileprivate var knobDepth: Double {
    if case .knob(let k) = self { return k.depth }
    return 0
  }
}
