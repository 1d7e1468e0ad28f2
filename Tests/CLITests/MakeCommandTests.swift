import CaptchaKit
import Foundation
import XCTest

/// Helpers shared by the make/verify CLI tests.
enum MakeTestSupport {
  static func files(in dir: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
  }

  static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

  static func decode(_ url: URL) throws -> RGBAImage {
    try ImageCodec.decode(bytes(url), name: url.path)
  }

  static func answer(_ dir: URL) throws -> SlideAnswer {
    try SlideAnswer.read(path: dir.appendingPathComponent("answer.json").path)
  }

  /// A PNG whose header claims `width`×`height` (valid signature, IHDR with a correct CRC), then
  /// an empty IDAT and IEND: enough for a decoder to read the size.
  static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] {
      [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let td = Array(type.utf8) + data
      return be(UInt32(data.count)) + td + be(crc32(td))
    }
    let ihdr = be(width) + be(height) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
      + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
      c ^= UInt32(b)
      for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return c ^ 0xFFFF_FFFF
  }
}

final class MakeCommandTests: XCTestCase {
  typealias S = MakeTestSupport

  func testBuiltInBackgroundWritesThreeConsistentFiles() throws {
    let dir = try CLI.tempDir("make")
    let r = try CLI.run(["make", "--out", dir.path, "--seed", "42", "--json"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(S.files(in: dir), ["answer.json", "background.png", "piece.png"])
    // --json prints exactly answer.json.
    XCTAssertEqual(Array(r.stdout.utf8), try S.bytes(dir.appendingPathComponent("answer.json")))
    let a = try S.answer(dir)
    XCTAssertEqual(a.seed, 42)
    XCTAssertEqual(a.mode, .horizontal)
    XCTAssertEqual(a.tolerance, 5)
    XCTAssertEqual(a.shape, "jigsaw", "the default (--difficulty normal) piece is the procedural jigsaw")
    XCTAssertNil(a.source)
    let bg = try S.decode(dir.appendingPathComponent("background.png"))
    let piece = try S.decode(dir.appendingPathComponent("piece.png"))
    XCTAssertEqual([bg.width, bg.height], [320, 160])
    XCTAssertEqual([a.background.width, a.background.height], [320, 160])
    XCTAssertEqual([piece.width, piece.height], [a.piece.width, a.piece.height])
    XCTAssertEqual(a.piece.width, 60)
    // Horizontal: starts at the left edge on the target's row, target clear of the start.
    XCTAssertEqual(a.start.x, 0)
    XCTAssertEqual(a.start.y, a.target.y)
    XCTAssertGreaterThanOrEqual(a.target.x, a.piece.width)
    XCTAssertLessThanOrEqual(a.target.x + a.piece.width, 320)
    // The piece is transparent outside the shape (a jigsaw never fills its whole box) and opaque
    // in its middle.
    let transparent = stride(from: 3, to: piece.pixels.count, by: 4).filter { piece.pixels[$0] == 0 }.count
    XCTAssertGreaterThan(transparent, piece.width * piece.height / 10)
    XCTAssertEqual(piece.pixels[((piece.height / 2) * piece.width + piece.width / 2) * 4 + 3], 255)
  }

  func testOutDefaultsToTheCurrentFolderAndJPEGFormatNamesTheFile() throws {
    let cwd = try CLI.tempDir("cwd")
    let r = try CLI.run(["make", "--seed", "4", "--format", "jpeg", "--quality", "70"], cwd: cwd)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(S.files(in: cwd), ["answer.json", "background.jpg", "piece.png"])
    XCTAssertEqual(try S.answer(cwd).background.file, "background.jpg")
    XCTAssertEqual(Array(try S.bytes(cwd.appendingPathComponent("background.jpg")).prefix(2)), [0xFF, 0xD8])
  }

  func testPieceFitsTheHoleItCameFrom() throws {
    // Classic look: where the piece is opaque and away from its rim, its colours are the ones the
    // hole darkened.
    let dir = try CLI.tempDir("fit")
    let args = ["make", "--out", dir.path, "--seed", "9", "--mode", "free", "--difficulty", "classic"]
    XCTAssertEqual(try CLI.run(args).status, 0)
    let a = try S.answer(dir)
    let bg = try S.decode(dir.appendingPathComponent("background.png"))
    let piece = try S.decode(dir.appendingPathComponent("piece.png"))
    var compared = 0
    for y in 4..<(piece.height - 4) {
      for x in 4..<(piece.width - 4) {
        let p = (y * piece.width + x) * 4
        guard piece.pixels[p + 3] == 255 else { continue }
        let b = ((a.target.y + y) * bg.width + a.target.x + x) * 4
        for c in 0..<3 { XCTAssertLessThan(bg.pixels[b + c], max(piece.pixels[p + c], 1)) }
        compared += 1
      }
    }
    XCTAssertGreaterThan(compared, 1000)
  }

  func testSameSeedGivesIdenticalBytesAndOtherSeedsDiffer() throws {
    for extra in [[], ["--format", "jpeg", "--shape", "circle", "--mode", "free"]] {
      let d1 = try CLI.tempDir("det1")
      let d2 = try CLI.tempDir("det2")
      let d3 = try CLI.tempDir("det3")
      XCTAssertEqual(try CLI.run(["make", "--out", d1.path, "--seed", "123"] + extra).status, 0)
      XCTAssertEqual(try CLI.run(["make", "--out", d2.path, "--seed", "123"] + extra).status, 0)
      XCTAssertEqual(try CLI.run(["make", "--out", d3.path, "--seed", "124"] + extra).status, 0)
      let names = S.files(in: d1)
      XCTAssertEqual(names.count, 3)
      XCTAssertEqual(names, S.files(in: d2))
      for n in names {
        XCTAssertEqual(
          try S.bytes(d1.appendingPathComponent(n)), try S.bytes(d2.appendingPathComponent(n)), n)
        XCTAssertNotEqual(
          try S.bytes(d1.appendingPathComponent(n)), try S.bytes(d3.appendingPathComponent(n)), n)
      }
    }
  }

  func testMissingSeedIsDrawnRecordedAndReproducible() throws {
    let d1 = try CLI.tempDir("seed1")
    let d2 = try CLI.tempDir("seed2")
    XCTAssertEqual(try CLI.run(["make", "--out", d1.path]).status, 0)
    let seed = try S.answer(d1).seed
    XCTAssertLessThanOrEqual(seed, (1 << 53) - 1)
    XCTAssertEqual(try CLI.run(["make", "--out", d2.path, "--seed", String(seed)]).status, 0)
    for n in S.files(in: d1) {
      XCTAssertEqual(try S.bytes(d1.appendingPathComponent(n)), try S.bytes(d2.appendingPathComponent(n)))
    }
  }

  func testImageInputWithResizeRecordsSourceAndIsDeterministic() throws {
    // A 640×480 JPEG made by the tool itself serves as the "photo".
    let src = try CLI.tempDir("src")
    XCTAssertEqual(
      try CLI.run([
        "make", "--out", src.path, "--seed", "5", "--size", "640x480", "--format", "jpeg",
      ]).status, 0)
    let photo = src.appendingPathComponent("background.jpg")
    let d1 = try CLI.tempDir("img1")
    let d2 = try CLI.tempDir("img2")
    let args = ["make", "--image", photo.path, "--size", "300x150", "--fit", "contain", "--seed", "77"]
    XCTAssertEqual(try CLI.run(args + ["--out", d1.path]).status, 0)
    XCTAssertEqual(try CLI.run(args + ["--out", d2.path]).status, 0)
    for n in S.files(in: d1) {
      XCTAssertEqual(try S.bytes(d1.appendingPathComponent(n)), try S.bytes(d2.appendingPathComponent(n)))
    }
    let a = try S.answer(d1)
    let source = try XCTUnwrap(a.source)
    XCTAssertEqual(source.file, "background.jpg")
    XCTAssertEqual([source.width, source.height], [640, 480])
    XCTAssertEqual(source.sha256, SHA256.hexDigest(try S.bytes(photo)))
    XCTAssertEqual(a.resize, ResizeInfo(fit: .contain, width: 300, height: 150))
    XCTAssertEqual([a.background.width, a.background.height], [300, 150])
    XCTAssertEqual(a.piece.width, 56)  // 3/8 of 150
  }

  func testHelpDescribesEveryOption() throws {
    let r = try CLI.run(["make", "--help"])
    XCTAssertEqual(r.status, 0)
    for opt in [
      "--image", "--out", "--seed", "--size", "--fit", "--piece-size", "--shape", "--mode",
      "--tolerance", "--format", "--quality", "--max-pixels", "--json",
    ] {
      XCTAssertTrue(r.stdout.contains(opt), "help lists \(opt)")
    }
    XCTAssertTrue(r.stdout.contains("classic, circle, square"))
  }
}
