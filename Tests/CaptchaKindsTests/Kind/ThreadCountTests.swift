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

/// `make` shares one captcha's heavy stages among threads (`SlideOptions.threads`); the files must
/// not depend on how many. The pictures here are large enough for every split to happen: the
/// in-place turn's two passes, the tone's bands, the textured hole's parts and row bands, the
/// piece's rim beside the hole, and the two encoders.
final class ThreadCountTests: XCTestCase {
  /// A 1200×900 photo-like picture: the piece box is 337 px (above the hole's threading size) and
  /// the picture above the tone's.
  let picture = ProceduralBackground.make(width: 1200, height: 900, seed: 5)

  func files(kind: String, threads: Int, seed: UInt64, format: OutputFormat = .png) throws -> [String:
    [UInt8]]
  {
    var options = SlideOptions(difficulty: .normal)
    options.threads = threads
    options.format = format
    let made: MadeCaptcha
    switch kind {
    case RotateKind.name:
      var rotateOptions = RotateOptions(backgroundStage: options.backgroundStage)
      rotateOptions.format = options.format
      let rotate = RotateKind(options: rotateOptions)
      let stage = rotate.backgroundStage
      made = try rotate.make(
        stage.prepare(SourceBackground(image: picture, source: nil), seed: seed), seed: seed)
    default:
      let slide = SlideKind(options: options)
      let stage = slide.backgroundStage
      made = try slide.make(
        stage.prepare(SourceBackground(image: picture, source: nil), seed: seed), seed: seed)
    }
    return Dictionary(uniqueKeysWithValues: made.files.files.map { ($0.name, $0.bytes) })
  }

  func testSlideFilesAreTheSameOnOneThreadAndOnSeveral() throws {
    for seed: UInt64 in [1, 2, 3] {
      let one = try files(kind: SlideKind.name, threads: 1, seed: seed)
      for threads in [2, 3] {
        XCTAssertEqual(
          try files(kind: SlideKind.name, threads: threads, seed: seed), one,
          "seed \(seed), \(threads) threads")
      }
    }
  }

  func testJPEGBackgroundIsTheSameOnOneThreadAndOnTwo() throws {
    let one = try files(kind: SlideKind.name, threads: 1, seed: 4, format: .jpeg)
    XCTAssertEqual(try files(kind: SlideKind.name, threads: 2, seed: 4, format: .jpeg), one)
  }

  func testRotateFilesAreTheSameOnOneThreadAndOnTwo() throws {
    let one = try files(kind: RotateKind.name, threads: 1, seed: 9)
    XCTAssertEqual(try files(kind: RotateKind.name, threads: 2, seed: 9), one)
  }

  /// The split really happens for this picture: the variation turns it in place (the path whose
  /// passes run at once) and the piece box is above the hole's threading size.
  func testThePictureIsLargeEnoughToSplit() throws {
    var image = picture
    let options = SlideOptions(difficulty: .normal)
    let record = options.variation.apply(to: &image, size: nil, fit: .cover, seed: 1, threads: 2)
    XCTAssertNotEqual(record.rotation, 0)
    XCTAssertEqual(image.width, picture.width)
    let side = options.resolvedPieceSize(width: 1200, height: 900)
    XCTAssertGreaterThanOrEqual(side * side, TexturedHole.pixelsPerThread)
    XCTAssertGreaterThanOrEqual(1200 * 900, ToneJitter.pixelsPerThread)
  }
}
