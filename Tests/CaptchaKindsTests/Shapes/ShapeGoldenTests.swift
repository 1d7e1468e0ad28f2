import Foundation
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

/// Golden masks in Fixtures/shapes: every built-in shape (and a custom ring and a turned shape) at
/// 40, 62 and 100 px, seed 7, as 8-bit grey PNGs made by our own rasteriser.
///
/// Goldens are compared on decoded pixels, never on file bytes, so a libpng or zlib update does
/// not break them. Tolerance: every pixel within `maxPixelDifference` (1 of 255) of the golden,
/// which absorbs last-bit rounding changes in flattening or accumulation but not any visible
/// change of outline. To regenerate after an intended change, run
/// `CAPTCHA_REGENERATE_GOLDENS=1 swift test --filter ShapeGoldenTests` and review the images.
final class ShapeGoldenTests: XCTestCase {
  static let seed: UInt64 = 7
  static let maxPixelDifference = 1

  /// The shapes with goldens, by file-name stem.
  static func cases() throws -> [(String, any PieceShape)] {
    var out: [(String, any PieceShape)] = ShapeCatalog.all.map { ($0.name, $0) }
    let ring = "M50 0 A50 50 0 1 1 50 100 A50 50 0 1 1 50 0 Z M50 25 A25 25 0 1 1 50 75 A25 25 0 1 1 50 25 Z"
    out.append(("custom-ring-evenodd", try CustomShape(pathData: ring, fillRule: .evenodd)))
    out.append(("tabs-turned-30", RotatedShape(base: TabsShape(), degrees: 30)))
    return out
  }

  func testMasksMatchGoldens() throws {
    let regenerate = ProcessInfo.processInfo.environment["CAPTCHA_REGENERATE_GOLDENS"] == "1"
    let dir = ShapeTestSupport.fixturesDir
    if regenerate { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
    for (stem, shape) in try Self.cases() {
      for size in ShapeTestSupport.sizes {
        let name = "\(stem)-\(size).png"
        let path = dir.appendingPathComponent(name).path
        let mask = try shape.coverageMask(size: size, seed: Self.seed)
        if regenerate {
          try AtomicFile.write(
            try ImageCodec.encodeGrayPNG(width: size, height: size, pixels: mask.data), to: path)
          continue
        }
        guard FileManager.default.fileExists(atPath: path) else {
          XCTFail("missing golden \(name); run with CAPTCHA_REGENERATE_GOLDENS=1 to create it")
          continue
        }
        let golden = try ImageCodec.decodeFile(path: path).image
        XCTAssertEqual(golden.width, size, name)
        XCTAssertEqual(golden.height, size, name)
        guard golden.width == size, golden.height == size else { continue }
        var worst = 0
        var differing = 0
        for i in 0..<(size * size) {
          let d = abs(Int(golden.pixels[i * 4]) - Int(mask.data[i]))
          worst = max(worst, d)
          if d > 0 { differing += 1 }
        }
        XCTAssertLessThanOrEqual(
          worst, Self.maxPixelDifference, "\(name): \(differing) pixels differ, the worst by \(worst)")
      }
    }
  }

  func testComparisonCatchesAOnePixelShift() throws {
    // The tolerance is tight enough that moving an outline by one pixel fails.
    let a = try BuiltinShape.classic.coverageMask(size: 62, seed: Self.seed)
    let shifted = a.shifted(dx: 1, dy: 0).cropped(to: a.rect)
    let worst = zip(a.data, shifted.data).map { abs(Int($0) - Int($1)) }.max() ?? 0
    XCTAssertGreaterThan(worst, Self.maxPixelDifference)
  }
}
