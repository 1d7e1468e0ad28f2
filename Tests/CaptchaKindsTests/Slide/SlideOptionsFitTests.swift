import XCTest

@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport

/// The piece-versus-background rules checked from the options alone (what `batch` checks once,
/// before any item), and that they say what `make` says for the same background.
final class SlideOptionsFitTests: XCTestCase {
  func usageMessage(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let e as OptionError {
      return e.description
    } catch {
      XCTFail("unexpected \(error)")
      return nil
    }
  }

  func testBuiltInBackgroundTooSmallForThePieceIsRefusedWithoutRendering() throws {
    var o = SlideOptions()
    o.pieceSize = 200
    let upFront = try XCTUnwrap(usageMessage { try o.validate(withInputImages: false) })
    XCTAssertTrue(upFront.hasPrefix("built-in background: a 200×200 piece"), upFront)
    // make says the same for the same built-in background.
    let made = try XCTUnwrap(usageMessage { _ = try SlideMaker.make(imagePath: nil, options: o, seed: 1) })
    XCTAssertEqual(made, upFront)
    o.pieceSize = 80
    o.mode = .vertical
    let vertical = try XCTUnwrap(usageMessage { try o.validate(withInputImages: false) })
    XCTAssertTrue(vertical.contains("too small for a 80 px piece in vertical mode"), vertical)
  }

  func testWithInputImagesOnlyAGivenSizeIsChecked() throws {
    var o = SlideOptions()
    o.pieceSize = 200
    // Each input's own size is unknown before it is read: nothing to refuse yet.
    XCTAssertNil(usageMessage { try o.validate(withInputImages: true) })
    o.size = PixelSize(width: 320, height: 160)
    let sized = try XCTUnwrap(usageMessage { try o.validate(withInputImages: true) })
    XCTAssertTrue(sized.hasPrefix("size 320x160: a 200×200 piece is larger"), sized)
    o.pieceSize = 60
    XCTAssertNil(usageMessage { try o.validate(withInputImages: true) })
    XCTAssertNil(usageMessage { try o.validate(withInputImages: false) })
  }

  func testTheValueChecksComeFirst() throws {
    var o = SlideOptions()
    o.quality = 0
    let m = try XCTUnwrap(usageMessage { try o.validate(withInputImages: false) })
    XCTAssertTrue(m.contains("quality"), m)
  }

  func testBuiltInBackgroundSizeIsTheGivenSizeOrTheDefault() {
    var o = SlideOptions()
    XCTAssertEqual(o.builtInBackgroundSize, PixelSize(width: 320, height: 160))
    o.size = PixelSize(width: 100, height: 90)
    XCTAssertEqual(o.builtInBackgroundSize, PixelSize(width: 100, height: 90))
  }
}
