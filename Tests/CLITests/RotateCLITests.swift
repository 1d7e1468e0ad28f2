import CaptchaKit
import Foundation
import XCTest

/// `make --kind rotate`, `verify --angle`, and the usage errors of a response meant for the other
/// kind.
final class RotateCLITests: XCTestCase {
  func makeRotate(_ extra: [String] = [], seed: Int = 7) throws -> (dir: URL, answer: RotateAnswer) {
    let dir = try CLI.tempDir("rotate")
    let r = try CLI.run(["make", "--kind", "rotate", "--out", dir.path, "--seed", "\(seed)"] + extra)
    XCTAssertEqual(r.status, 0, r.stderr)
    let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("answer.json")))
    return (dir, try RotateAnswer.parse(bytes, name: "answer.json"))
  }

  func verify(_ dir: URL, _ args: [String]) throws -> CLIResult {
    try CLI.run(["verify", "--answer", dir.appendingPathComponent("answer.json").path] + args)
  }

  func testMakeWritesTheRotateFilesAndAnswer() throws {
    let (dir, a) = try makeRotate()
    XCTAssertEqual(MakeTestSupport.files(in: dir), ["answer.json", "background.png", "piece.png"])
    let text = try String(contentsOf: dir.appendingPathComponent("answer.json"), encoding: .utf8)
    XCTAssertTrue(text.hasPrefix("{\n  \"schema\": 1,\n  \"kind\": \"rotate\","), text)
    XCTAssertTrue((30...330).contains(a.angle))
    XCTAssertEqual(a.tolerance, RotateOptions.defaultTolerance)
    XCTAssertEqual(a.center, .init(x: 160, y: 80))
    let piece = try MakeTestSupport.decode(dir.appendingPathComponent("piece.png"))
    XCTAssertEqual(piece.width, a.piece.width)
    XCTAssertEqual(piece.pixels[3], 0, "the piece is transparent outside the circle")
    XCTAssertEqual(piece.pixels[((piece.height / 2) * piece.width + piece.width / 2) * 4 + 3], 255)
  }

  func testVerifyAngleWithinToleranceAroundTheCircle() throws {
    let (dir, a) = try makeRotate(["--tolerance", "6"])
    func status(_ angle: Double) throws -> Int32 { try verify(dir, ["--angle", "\(angle)"]).status }
    XCTAssertEqual(try status(a.angle), 0)
    XCTAssertEqual(try status(a.angle + 6), 0)
    XCTAssertEqual(try status(a.angle - 6), 0)
    XCTAssertEqual(try status(a.angle + 6.5), 1)
    XCTAssertEqual(try status(a.angle + 360), 0, "a full extra turn is the same angle")
    XCTAssertEqual(try status(a.angle - 720), 0)
    XCTAssertEqual(try status(a.angle + 180), 1)
    XCTAssertEqual(try verify(dir, ["--angle", "\(a.angle)"]).stdout, "pass\n")
  }

  func testResponsesForTheOtherKindAreUsageErrorsNamingTheKind() throws {
    let (dir, _) = try makeRotate()
    let x = try verify(dir, ["--x", "10"])
    XCTAssertEqual(x.status, 64)
    XCTAssertTrue(x.stderr.contains("rotate captcha") && x.stderr.contains("--angle"), x.stderr)
    let dw = try verify(dir, ["--angle", "90", "--display-width", "200"])
    XCTAssertEqual(dw.status, 64)
    XCTAssertTrue(dw.stderr.contains("--display-width"), dw.stderr)
    let none = try verify(dir, [])
    XCTAssertEqual(none.status, 64)

    let slide = try CLI.tempDir("rotate-slide")
    XCTAssertEqual(try CLI.run(["make", "--out", slide.path, "--seed", "3"]).status, 0)
    let angle = try verify(slide, ["--angle", "90"])
    XCTAssertEqual(angle.status, 64)
    XCTAssertTrue(angle.stderr.contains("slide captcha") && angle.stderr.contains("--x"), angle.stderr)
  }

  func testAngleThatIsNotANumberIsAUsageError() throws {
    let (dir, _) = try makeRotate()
    for bad in ["abc", "nan", "inf", ""] {
      XCTAssertEqual(try verify(dir, ["--angle", bad]).status, 64, bad)
    }
  }

  func testKindOptionListsTheCatalogAndRefusesUnknownKinds() throws {
    let r = try CLI.run(["make", "--kind", "spin", "--out", try CLI.tempDir("kind").path])
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(r.stderr.contains("slide") && r.stderr.contains("rotate"), r.stderr)
    let help = try CLI.run(["make", "--help"])
    XCTAssertTrue(help.stdout.contains("--kind"), help.stdout)
  }

  func testSlideOnlyOptionsAndImpossibleRotateOptionsAreRefused() throws {
    let out = try CLI.tempDir("rotate-bad").path
    for (args, needle) in [
      (["--shape", "star"], "--shape"), (["--mode", "free"], "--mode"), (["--decoys", "2"], "--decoys"),
      (["--tolerance", "90"], "--tolerance"), (["--piece-size", "400"], "too small"),
    ] {
      let r = try CLI.run(["make", "--kind", "rotate", "--out", out, "--seed", "1"] + args)
      XCTAssertEqual(r.status, 64, "\(args)")
      XCTAssertTrue(r.stderr.contains(needle), "\(args): \(r.stderr)")
    }
  }

  func testSameSeedSameBytesAndCheckRunsRimMatching() throws {
    let (a, _) = try makeRotate(seed: 11)
    let (b, _) = try makeRotate(seed: 11)
    for f in ["answer.json", "background.png", "piece.png"] {
      XCTAssertEqual(
        try Data(contentsOf: a.appendingPathComponent(f)), try Data(contentsOf: b.appendingPathComponent(f)),
        f)
    }
    let out = try CLI.tempDir("rotate-check")
    let r = try CLI.run(["make", "--kind", "rotate", "--out", out.path, "--seed", "11", "--check", "--json"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.contains("check: rim-match rank"), r.stderr)
    XCTAssertTrue(r.stdout.contains("\"name\": \"rim-match\""), r.stdout)
  }

  func testBatchMakesRotateItemsWithTheirAngleInTheManifest() throws {
    let out = try CLI.tempDir("rotate-batch")
    let r = try CLI.run([
      "batch", "--kind", "rotate", "--count", "3", "--out", out.path, "--seed", "5", "--quiet", "--check",
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    let manifest = try String(contentsOf: out.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
    let lines = manifest.split(separator: "\n")
    XCTAssertEqual(lines.count, 3)
    XCTAssertTrue(lines.allSatisfy { $0.contains("\"angle\":") }, manifest)
    XCTAssertTrue(r.stderr.contains("rim-match"), r.stderr)
    // Item 1 is reproduced by `make` with its seed.
    let answer = try RotateAnswer.parse(
      [UInt8](try Data(contentsOf: out.appendingPathComponent("000001/answer.json"))), name: "answer.json")
    let again = try CLI.tempDir("rotate-batch-make")
    XCTAssertEqual(
      try CLI.run(["make", "--kind", "rotate", "--out", again.path, "--seed", "\(answer.seed)"]).status, 0)
    XCTAssertEqual(
      try Data(contentsOf: again.appendingPathComponent("piece.png")),
      try Data(contentsOf: out.appendingPathComponent("000001/piece.png")))
  }
}

/// `shapes --rotate-preview` shows the rotate kind: two panels, as shown and solved.
final class RotatePreviewCLITests: XCTestCase {
  func testRotatePreviewWritesTwoPanels() throws {
    let out = try CLI.tempDir("rotate-preview").appendingPathComponent("rotate.png")
    let r = try CLI.run(["shapes", "--rotate-preview", out.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let image = try MakeTestSupport.decode(out)
    XCTAssertEqual(image.width, 2 * 320 + 8)
    XCTAssertEqual(image.height, 160)
    let bad = try CLI.run(["shapes", "--rotate-preview", "/nonexistent-dir/x/rotate.png"])
    XCTAssertNotEqual(bad.status, 0)
  }
}
