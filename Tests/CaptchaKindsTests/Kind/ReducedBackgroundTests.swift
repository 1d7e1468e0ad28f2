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

/// `BackgroundStage` decodes a picture much larger than `--size` at a reduced scale: the
/// reduction never makes a window smaller than the output, the answer still describes the full
/// picture (its size, the crop in its pixels), and the result stays close to the full-size path.
final class ReducedBackgroundTests: XCTestCase {
  let output = PixelSize(width: 320, height: 160)

  func stage(_ difficulty: Difficulty, fit: Fit = .cover) -> BackgroundStage {
    var options = SlideOptions(difficulty: difficulty)
    options.size = output
    options.fit = fit
    return options.backgroundStage
  }

  /// A large file's SHA-256 is worked out beside its decode when a thread is spare (issue 13): the
  /// record and the picture are those of one thread.
  func testLoadingWithASpareThreadGivesTheSameRecordAndPicture() throws {
    var rng = Xoshiro256StarStar(seed: 9, stream: 2)
    var noise = RGBAImage(width: 1400, height: 1000)
    for i in noise.pixels.indices {
      noise.pixels[i] = i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: rng.next())
    }
    let jpeg = try ImageCodec.encodeJPEG(noise, quality: 95)
    XCTAssertGreaterThanOrEqual(jpeg.count, BackgroundStage.bytesToHashBeside, "large enough to hash beside")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hash-beside-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("noise.jpg").path
    try Data(jpeg).write(to: URL(fileURLWithPath: path))
    var one = stage(.normal)
    one.threads = 1
    var two = stage(.normal)
    two.threads = 2
    let (a, b) = (try one.load(path: path), try two.load(path: path))
    XCTAssertEqual(b.source?.sha256, SHA256.hexDigest(jpeg))
    XCTAssertEqual(b.source, a.source)
    XCTAssertEqual(b.image, a.image)
    XCTAssertEqual(b.size, a.size)
  }

  func testReductionKeepsEveryWindowAtLeastTheOutputSize() {
    // 12 MP → 320×160: the plain fit and the variation both decode at 1/8 (the smallest window
    // of the strong variation, 70 % turned by 5°, is 2686×1344 px, 336×168 at 1/8).
    let photo = PixelSize(width: 4000, height: 3000)
    XCTAssertEqual(stage(.classic).reduction(for: photo), 8)
    XCTAssertEqual(stage(.normal).reduction(for: photo), 8)
    XCTAssertEqual(stage(.classic).reduction(for: PixelSize(width: 640, height: 320)), 2)
    XCTAssertEqual(stage(.classic).reduction(for: PixelSize(width: 639, height: 320)), 1)
    XCTAssertEqual(stage(.classic, fit: .contain).reduction(for: PixelSize(width: 1280, height: 300)), 4)
    var noSize = SlideOptions(difficulty: .normal)
    noSize.size = nil
    XCTAssertEqual(noSize.backgroundStage.reduction(for: photo), 1)
    // Whatever the picture, every window the variation draws stays ≥ the output at the reduction.
    for variation in [BackgroundVariation.light, .strong] {
      for (w, h) in [(4000, 3000), (1482, 1000), (800, 800), (3000, 700), (1850, 1613)] {
        let source = PixelSize(width: w, height: h)
        let r = variation.reduction(
          source: source, size: output, fit: .cover, factors: ImageCodec.jpegReductions)
        for seed: UInt64 in 1...200 {
          let degrees = variation.drawRotation(seed: seed)
          let window = variation.drawWindow(
            sourceWidth: w, sourceHeight: h, aspect: 2, degrees: degrees, seed: seed)
          XCTAssertGreaterThanOrEqual(window.width / r, output.width, "\(w)×\(h) seed \(seed) at 1/\(r)")
          XCTAssertGreaterThanOrEqual(window.height / r, output.height, "\(w)×\(h) seed \(seed) at 1/\(r)")
        }
      }
    }
  }

  /// A 1600×1000 photo-like picture written as PNG and JPEG.
  func writePictures() throws -> (png: String, jpeg: String) {
    let picture = ProceduralBackground.make(width: 1600, height: 1000, seed: 21)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reduced-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let png = dir.appendingPathComponent("photo.png").path
    let jpeg = dir.appendingPathComponent("photo.jpg").path
    try Data(ImageCodec.encodePNG(picture, keepAlpha: false)).write(to: URL(fileURLWithPath: png))
    try Data(ImageCodec.encodeJPEG(picture, quality: 92)).write(to: URL(fileURLWithPath: jpeg))
    return (png, jpeg)
  }

  func testReducedPictureStandsForTheFullOneAndStaysClose() throws {
    let (png, jpeg) = try writePictures()
    for path in [png, jpeg] {
      // classic fits the whole picture (1/4 still covers 320×160); normal's smallest window,
      // 70 % of 1538×769 turned by 5°, leaves 1/2.
      for (difficulty, reduction) in [(Difficulty.classic, 4), (.normal, 2)] {
        let stage = stage(difficulty)
        let loaded = try stage.load(path: path)
        XCTAssertEqual(loaded.size, PixelSize(width: 1600, height: 1000), path)
        XCTAssertEqual(
          loaded.image.width, 1600 / reduction, "\(path) \(difficulty): decoded at 1/\(reduction)")
        XCTAssertEqual(loaded.image.height, 1000 / reduction)
        XCTAssertEqual(loaded.source?.width, 1600, "answer.json keeps the file's size")
        XCTAssertEqual(loaded.source?.height, 1000)
        let reduced = try stage.prepare(loaded, seed: 5)
        // The same stage on the full-size decode.
        let full = try ImageCodec.decodeFile(path: path).image
        let whole = try stage.prepare(
          SourceBackground(image: full, source: loaded.source), seed: 5)
        XCTAssertEqual(reduced.variation, whole.variation, "the crop is drawn in the full picture's pixels")
        XCTAssertEqual(reduced.image.width, 320)
        XCTAssertEqual(reduced.image.height, 160)
        XCTAssertGreaterThan(
          psnr(reduced.image, whole.image), 30, "\(path) \(difficulty): close to resampling the full picture")
      }
    }
  }

  func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    var sum = 0.0
    for i in 0..<a.pixels.count where i % 4 != 3 {
      let d = Double(a.pixels[i]) - Double(b.pixels[i])
      sum += d * d
    }
    let mse = sum / Double(a.width * a.height * 3)
    return 10 * log10(255 * 255 / max(mse, 1e-9))
  }
}
