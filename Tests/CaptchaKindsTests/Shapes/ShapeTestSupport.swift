import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import Foundation
import VectorRaster
import XCTest

/// Helpers shared by the shape tests.
enum ShapeTestSupport {
  /// Piece sizes every shape is checked at.
  static let sizes = [40, 62, 100]

  /// Covered area of `m` as a fraction of its box.
  static func areaFraction(_ m: CoverageMask) -> Double {
    let total = m.data.reduce(0) { $0 + Int($1) }
    return Double(total) / 255 / Double(m.width * m.height)
  }

  /// The shape rasterised without clipping to its box (clip = a canvas 4× larger around it), so
  /// coverage leaking outside the box would show.
  static func unclippedMask(_ shape: any PieceShape, size: Int, seed: UInt64) throws -> CoverageMask {
    let polygons = try shape.path(size: Double(size), seed: seed).flattened(
      tolerance: PieceOutline.flatteningTolerance)
    return Rasterizer.fill(
      polygons, rule: shape.fillRule,
      clip: PixelRect(x: -2 * size, y: -2 * size, width: 5 * size, height: 5 * size))
  }

  /// Asserts the path's exact bounds lie in [0, size]² (to rounding) and its raster has no
  /// coverage outside the box.
  static func assertInsideBox(
    _ shape: any PieceShape, size: Int, seed: UInt64, _ context: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let eps = 1e-9 * Double(size)
    let b = try XCTUnwrap(shape.path(size: Double(size), seed: seed).bounds, context, file: file, line: line)
    XCTAssert(
      b.minX >= -eps && b.minY >= -eps && b.maxX <= Double(size) + eps && b.maxY <= Double(size) + eps,
      "\(context): bounds \(b) leave the \(size)px box", file: file, line: line)
    let m = try unclippedMask(shape, size: size, seed: seed)
    var leaked = 0
    for y in m.originY..<(m.originY + m.height) {
      for x in m.originX..<(m.originX + m.width) where x < 0 || y < 0 || x >= size || y >= size {
        leaked += Int(m.coverage(atX: x, y: y))
      }
    }
    XCTAssertEqual(leaked, 0, "\(context): coverage outside the box", file: file, line: line)
  }

  /// The repository's Fixtures/shapes folder.
  static var fixturesDir: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/shapes")
  }

  /// A fresh temporary folder.
  static func tempDir() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shapes-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Asserts `body` throws a `CaptchaError` of `kind` whose message contains every of `words`.
  static func assertThrows(
    _ kind: CaptchaError.Kind, mentioning words: [String], file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> Void
  ) {
    do {
      try body()
      XCTFail("expected a \(kind) error", file: file, line: line)
    } catch let e as CaptchaError {
      XCTAssertEqual(e.kind, kind, e.message, file: file, line: line)
      for w in words {
        XCTAssert(e.message.contains(w), "'\(e.message)' should mention '\(w)'", file: file, line: line)
      }
    } catch {
      XCTFail("unexpected error \(error)", file: file, line: line)
    }
  }
}
