import CaptchaKit
import Foundation
import XCTest

/// `captcha-gen raster`: output pixels, timing line and error exit codes.
final class RasterCommandTests: XCTestCase {
  func gray(_ url: URL) throws -> (width: Int, height: Int, pixels: [UInt8]) {
    let bytes = [UInt8](try Data(contentsOf: url))
    let image = try ImageCodec.decode(bytes, name: url.path)
    // Gray expands to equal R, G, B; keep one channel.
    let pixels = stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    return (image.width, image.height, pixels)
  }

  func testWritesExactCoverageOfQuarterPixelRectangle() throws {
    let dir = try CLI.tempDir("raster")
    let out = dir.appendingPathComponent("mask.png")
    let r = try CLI.run([
      "raster", "--path", "M2.75 1.25H7.25V4.75H2.75Z", "--fill-rule", "nonzero", "--width", "10",
      "--height", "6", "--out", out.path,
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    let g = try gray(out)
    XCTAssertEqual(g.width, 10)
    XCTAssertEqual(g.height, 6)
    XCTAssertEqual(Array(g.pixels[10..<20]), [0, 0, 48, 191, 191, 191, 191, 48, 0, 0])
    XCTAssertEqual(Array(g.pixels[20..<30]), [0, 0, 64, 255, 255, 255, 255, 64, 0, 0])
    XCTAssertEqual(Array(g.pixels[0..<10]), [UInt8](repeating: 0, count: 10))
  }

  func testEvenOddHoleTransformAndRepeatLine() throws {
    let dir = try CLI.tempDir("raster")
    let out = dir.appendingPathComponent("ring.png")
    // Two squares (outer 0…4, inner 1…3), doubled by the transform and shifted by 1.
    let r = try CLI.run([
      "raster", "--path", "M0 0h4v4h-4z M1 1h2v2h-2z", "--fill-rule", "evenodd", "--width", "10",
      "--height", "10", "--transform", "2 0 0 2 1 1", "--repeat", "7", "--out", out.path,
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    let line = r.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertNotNil(
      line.range(of: #"^raster: 7 fills, median [0-9.]+ us, min [0-9.]+ us$"#, options: .regularExpression),
      line)
    let g = try gray(out)
    XCTAssertEqual(g.pixels[1 * 10 + 1], 255)  // frame
    XCTAssertEqual(g.pixels[4 * 10 + 4], 0)  // hole (3…7 after the transform)
    XCTAssertEqual(g.pixels[0], 0)
    XCTAssertEqual(g.pixels[9 * 10 + 9], 0)  // outside (1…9)
    XCTAssertEqual(g.pixels[8 * 10 + 8], 255)
  }

  func testCurvesAndArcsFillTheirArea() throws {
    let dir = try CLI.tempDir("raster")
    let out = dir.appendingPathComponent("circle.png")
    let r = try CLI.run([
      "raster", "--path", "M30 10a20 20 0 1 1 0 40a20 20 0 1 1 0-40z", "--fill-rule", "nonzero",
      "--width", "60", "--height", "60", "--out", out.path,
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    let area = try gray(out).pixels.reduce(0.0) { $0 + Double($1) } / 255
    XCTAssertEqual(area, Double.pi * 400, accuracy: 2 * Double.pi * 20 * 0.1)
  }

  func testErrorsMapToSysexits() throws {
    let dir = try CLI.tempDir("raster")
    let out = dir.appendingPathComponent("x.png").path
    let base = ["raster", "--fill-rule", "nonzero", "--width", "8", "--height", "8"]
    let bad = try CLI.run(base + ["--path", "M0 0L10", "--out", out])
    XCTAssertEqual(bad.status, 65)
    XCTAssertTrue(bad.stderr.hasPrefix("captcha-gen: "), bad.stderr)
    XCTAssertTrue(bad.stderr.contains("offset"), bad.stderr)
    let rule = try CLI.run([
      "raster", "--path", "M0 0h1v1z", "--fill-rule", "winding", "--width", "8", "--height", "8",
      "--out", out,
    ])
    XCTAssertEqual(rule.status, 64)
    let size = try CLI.run([
      "raster", "--path", "M0 0h1v1z", "--fill-rule", "nonzero", "--width", "0", "--height", "8",
      "--out", out,
    ])
    XCTAssertEqual(size.status, 64)
    let huge = try CLI.run([
      "raster", "--path", "M0 0h1v1z", "--fill-rule", "nonzero", "--width", "100000", "--height",
      "100000", "--out", out,
    ])
    XCTAssertEqual(huge.status, 64)
    let transform = try CLI.run(base + ["--path", "M0 0h1v1z", "--transform", "1 0 0 1 0", "--out", out])
    XCTAssertEqual(transform.status, 64)
    XCTAssertTrue(transform.stderr.contains("--transform"), transform.stderr)
    let repeatCount = try CLI.run(base + ["--path", "M0 0h1v1z", "--repeat", "0", "--out", out])
    XCTAssertEqual(repeatCount.status, 64)
    let unwritable = try CLI.run(
      base + ["--path", "M0 0h1v1z", "--out", dir.appendingPathComponent("no/such/dir.png").path])
    XCTAssertEqual(unwritable.status, 73)
    XCTAssertTrue(unwritable.stderr.contains("no/such/dir.png"), unwritable.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no output after errors")
  }

  func testHugeCoordinatesAndEmptyPathGiveValidImages() throws {
    let dir = try CLI.tempDir("raster")
    let out = dir.appendingPathComponent("big.png")
    let r = try CLI.run([
      "raster", "--path", "M-1e30-1e30H1e30V1e30H-1e30Z", "--fill-rule", "nonzero", "--width", "5",
      "--height", "4", "--out", out.path,
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(Set(try gray(out).pixels), [255])
    let empty = try CLI.run([
      "raster", "--path", "", "--fill-rule", "evenodd", "--width", "3", "--height", "2", "--out",
      out.path,
    ])
    XCTAssertEqual(empty.status, 0, empty.stderr)
    XCTAssertEqual(try gray(out).pixels, [0, 0, 0, 0, 0, 0])
  }
}
