import Foundation
import XCTest

/// A seed is the captcha's secret (issue 31): `make` and `batch` with a seed below 2^32 warn on
/// stderr that it is guessable, and still make the captcha; seeds from 2^32 on, and runs without
/// --seed, get no such warning.
final class SeedWarningCLITests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws { dir = try CLI.tempDir("seed-warning") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func path(_ rel: String) -> String { dir.appendingPathComponent(rel).path }

  func testMakeWarnsAboutASmallSeedAndStillMakesTheCaptcha() throws {
    for seed in ["42", "4294967295"] {
      let r = try CLI.run(["make", "--out", path("small-\(seed)"), "--seed", seed])
      XCTAssertEqual(r.status, 0, r.stderr)
      XCTAssertTrue(r.stderr.hasPrefix("make: warning: --seed \(seed) is below 2^32"), r.stderr)
      XCTAssertTrue(FileManager.default.fileExists(atPath: path("small-\(seed)/answer.json")))
    }
  }

  func testMakeIsQuietForALargeSeedOrNone() throws {
    for args in [["--seed", "4294967296"], ["--seed", "18446744073709551615"], []] {
      let r = try CLI.run(["make", "--out", path("large\(args.count)")] + args)
      XCTAssertEqual(r.status, 0, r.stderr)
      XCTAssertEqual(r.stderr, "", "\(args)")
    }
  }

  func testRotateAndPatternWarnToo() throws {
    for kind in ["rotate", "pattern"] {
      let r = try CLI.run(["make", "--kind", kind, "--out", path(kind), "--seed", "7"])
      XCTAssertEqual(r.status, 0, r.stderr)
      XCTAssertTrue(r.stderr.contains("--seed 7 is below 2^32"), r.stderr)
    }
  }

  func testBatchWarnsAboutASmallBaseSeedUnlessQuiet() throws {
    let r = try CLI.run(["batch", "--count", "1", "--out", path("b"), "--seed", "1"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.hasPrefix("batch: warning: --seed 1 is below 2^32"), r.stderr)
    let large = try CLI.run(["batch", "--count", "1", "--out", path("c"), "--seed", "5000000000"])
    XCTAssertEqual(large.status, 0, large.stderr)
    XCTAssertFalse(large.stderr.contains("below 2^32"), large.stderr)
    let quiet = try CLI.run(["batch", "--count", "1", "--out", path("d"), "--seed", "1", "--quiet"])
    XCTAssertEqual(quiet.status, 0, quiet.stderr)
    XCTAssertEqual(quiet.stderr, "")
  }

  func testAnErrorComesAloneWithoutTheWarning() throws {
    // A piece larger than the background (64), a missing image (66), impossible batch options (64).
    let make = try CLI.run(["make", "--out", path("bad"), "--seed", "3", "--piece-size", "200"])
    XCTAssertEqual(make.status, 64, make.stderr)
    XCTAssertFalse(make.stderr.contains("below 2^32"), make.stderr)
    let missing = try CLI.run(["make", "--out", path("bad"), "--seed", "3", "--image", path("nope.png")])
    XCTAssertEqual(missing.status, 66, missing.stderr)
    XCTAssertFalse(missing.stderr.contains("below 2^32"), missing.stderr)
    let batch = try CLI.run(["batch", "--count", "1", "--out", path("b2"), "--seed", "1", "--jobs", "0"])
    XCTAssertEqual(batch.status, 64, batch.stderr)
    XCTAssertFalse(batch.stderr.contains("below 2^32"), batch.stderr)
  }

  func testTheWarningComesAfterTheCheckReport() throws {
    let r = try CLI.run(["make", "--out", path("c"), "--seed", "9", "--check"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let lines = r.stderr.split(separator: "\n")
    XCTAssertEqual(lines.count, 2, r.stderr)
    XCTAssertTrue(lines.first?.hasPrefix("check: ") ?? false, r.stderr)
    XCTAssertTrue(lines.last?.hasPrefix("make: warning: --seed 9 ") ?? false, r.stderr)
  }
}
