import CaptchaKit
import Foundation
import XCTest

/// `make` with the shape options: --shape, --shape-path, --shape-file, --fill-rule, --piece-rotation.
final class ShapesMakeTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try CLI.tempDir("shapes-make") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  private func make(_ args: [String], into name: String = "out") throws -> (CLIResult, URL) {
    let out = dir.appendingPathComponent(name)
    return (try CLI.run(["make", "--out", out.path, "--seed", "5"] + args), out)
  }

  private func pieceAlpha(_ out: URL) throws -> (width: Int, alpha: [UInt8]) {
    let piece = try ImageCodec.decodeFile(path: out.appendingPathComponent("piece.png").path).image
    return (piece.width, stride(from: 3, to: piece.pixels.count, by: 4).map { piece.pixels[$0] })
  }

  func testEveryBuiltinShapeMakesACaptchaNamedInTheAnswer() throws {
    for name in ShapeCatalog.names {
      let (r, out) = try make(["--shape", name], into: name)
      XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
      let answer = try String(contentsOf: out.appendingPathComponent("answer.json"), encoding: .utf8)
      XCTAssert(answer.contains("\"shape\": \"\(name)\""), answer)
    }
  }

  func testUnknownShapeListsTheChoices() throws {
    let (r, _) = try make(["--shape", "heart"])
    XCTAssertEqual(r.status, 64)
    XCTAssert(
      r.stderr.contains("'heart'") && r.stderr.contains("jigsaw") && r.stderr.contains("shield"), r.stderr)
  }

  func testCustomRingWithEvenOddHasAHole() throws {
    let ring = "M0 0H10V10H0Z M3 3H7V7H3Z"
    let (r, out) = try make(["--shape-path", ring, "--fill-rule", "evenodd", "--piece-size", "60"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let (w, alpha) = try pieceAlpha(out)
    XCTAssertEqual(w, 60)
    XCTAssertEqual(alpha[30 * w + 30], 0, "centre of the ring")
    XCTAssertEqual(alpha[5 * w + 30], 255, "the ring band")
    let (r2, out2) = try make(["--shape-path", ring, "--piece-size", "60"], into: "nonzero")
    XCTAssertEqual(r2.status, 0, r2.stderr)
    XCTAssertEqual(try pieceAlpha(out2).alpha[30 * w + 30], 255, "nonzero fills the middle")
  }

  func testShapeFileFromSVG() throws {
    let svg = dir.appendingPathComponent("drop.svg")
    try #"<svg viewBox="0 0 10 10"><path id='p' d='M5 0 C 9 5 9 10 5 10 C 1 10 1 5 5 0 Z'/></svg>"#
      .write(to: svg, atomically: true, encoding: .utf8)
    let (r, out) = try make(["--shape-file", svg.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let answer = try String(contentsOf: out.appendingPathComponent("answer.json"), encoding: .utf8)
    XCTAssert(answer.contains("\"shape\": \"custom\""), answer)
    let (w, alpha) = try pieceAlpha(out)
    XCTAssertEqual(alpha[(w / 2) * w + w / 2], 255)
    XCTAssertEqual(alpha[0], 0)
  }

  func testShapeErrorsUseSysexitsAndNameTheCulprit() throws {
    let missing = dir.appendingPathComponent("missing.svg").path
    var (r, out) = try make(["--shape-file", missing])
    XCTAssertEqual(r.status, 66)
    XCTAssert(r.stderr.contains(missing), r.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("piece.png").path))

    let noPath = dir.appendingPathComponent("nopath.svg")
    try "<svg><rect width='4' height='4'/></svg>".write(to: noPath, atomically: true, encoding: .utf8)
    (r, _) = try make(["--shape-file", noPath.path])
    XCTAssertEqual(r.status, 65)
    XCTAssert(r.stderr.contains(noPath.path), r.stderr)

    (r, _) = try make(["--shape-path", "M0 0 L10 zz"])
    XCTAssertEqual(r.status, 65)
    XCTAssert(r.stderr.contains("the custom outline"), r.stderr)

    (r, _) = try make(["--shape-path", "M0 0 L10 0"])
    XCTAssertEqual(r.status, 65)
    XCTAssert(r.stderr.contains("zero width or height"), r.stderr)

    (r, out) = try make(["--shape-path", "M 0 0 L 10 10"], into: "line")
    XCTAssertEqual(r.status, 65)
    XCTAssert(r.stderr.contains("the custom outline: the outline encloses no area"), r.stderr)
    XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("piece.png").path))

    (r, _) = try make(["--shape", "star", "--shape-path", "M0 0H1V1Z"])
    XCTAssertEqual(r.status, 64)
    (r, _) = try make(["--fill-rule", "evenodd"])
    XCTAssertEqual(r.status, 64)
    (r, _) = try make(["--shape-path", "M0 0H1V1Z", "--fill-rule", "odd"])
    XCTAssertEqual(r.status, 64)
    XCTAssert(r.stderr.contains("--fill-rule <rule>") && r.stderr.contains("'evenodd'"), r.stderr)
    (r, _) = try make(["--piece-rotation", "20:10"])
    XCTAssertEqual(r.status, 64)
    XCTAssert(r.stderr.contains("--piece-rotation"), r.stderr)
    XCTAssert(r.stderr.contains("the range's first angle must not exceed the second"), r.stderr)
  }

  func testPieceRotationIsDeterministicPerSeedAndVariesAcrossSeeds() throws {
    let (a, outA) = try make(["--shape", "tabs", "--piece-rotation", "-30:30"], into: "a")
    let (b, outB) = try make(["--shape", "tabs", "--piece-rotation", "-30:30"], into: "b")
    XCTAssertEqual(a.status, 0, a.stderr)
    XCTAssertEqual(b.status, 0, b.stderr)
    let pieceA = try ImageCodec.readFile(path: outA.appendingPathComponent("piece.png").path)
    XCTAssertEqual(pieceA, try ImageCodec.readFile(path: outB.appendingPathComponent("piece.png").path))
    let plain = try make(["--shape", "tabs"], into: "plain").1
    XCTAssertNotEqual(try pieceAlpha(outA).alpha, try pieceAlpha(plain).alpha)
    var alphas = Set<[UInt8]>()
    for seed in 1...4 {
      let out = dir.appendingPathComponent("s\(seed)")
      let r = try CLI.run([
        "make", "--out", out.path, "--seed", "\(seed)", "--shape", "square", "--piece-rotation", "0:90",
        "--piece-size", "50",
      ])
      XCTAssertEqual(r.status, 0, r.stderr)
      alphas.insert(try pieceAlpha(out).alpha)
    }
    XCTAssertEqual(alphas.count, 4)
  }

  func testMakeHelpDocumentsTheShapeOptions() throws {
    let r = try CLI.run(["make", "--help"])
    for option in ["--shape <name>", "--shape-path", "--shape-file", "--fill-rule", "--piece-rotation"] {
      XCTAssert(r.stdout.contains(option), "help lacks \(option)")
    }
    XCTAssert(r.stdout.contains("shield"))
  }
}
