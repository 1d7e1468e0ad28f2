import CaptchaKit
import XCTest

@testable import CaptchaService

/// The piece beside a WebP background: WebP too, lossless (exact) beside a lossless background and
/// lossy beside a lossy one, its alpha exact; beside PNG or JPEG it stays the PNG it was made as.
final class ServedPieceTests: XCTestCase {
  func made(_ format: OutputFormat, kind: String = "rotate") throws -> ReadyChallenge {
    var options = CaptchaOptions()
    options.format = format
    let kinds = try KindCatalog.kinds(
      named: [kind], options: options, building: KindBuilding(withInputImages: false))
    return try ChallengeFactory(kind: kinds[0], backgrounds: .builtIn).make()
  }

  func testThePieceFollowsAWebPBackgroundAndStaysPNGOtherwise() throws {
    for format in [OutputFormat.png, .jpeg] {
      let ready = try made(format)
      XCTAssertEqual(ready.piece.mediaType, "image/png", "\(format)")
      XCTAssertEqual(ImageFormat.sniff(ready.piece.bytes), .png)
    }
    let lossy = try made(.webp)
    XCTAssertEqual(lossy.piece.mediaType, "image/webp")
    XCTAssertFalse(ServedPiece.isLossless(lossy.piece.bytes))
    XCTAssertFalse(ServedPiece.isLossless(lossy.background.bytes))
    let lossless = try made(.webpLossless)
    XCTAssertTrue(ServedPiece.isLossless(lossless.piece.bytes))
    XCTAssertTrue(ServedPiece.isLossless(lossless.background.bytes))
  }

  /// Lossless keeps every pixel of the PNG; lossy keeps the disc's alpha exactly and is a fraction of
  /// the PNG's bytes.
  func testLosslessIsExactAndLossyKeepsAlphaInAFractionOfTheBytes() throws {
    let png = try made(.png).piece
    let pixels = try ImageCodec.decode(png.bytes, name: "piece.png")
    let webp = StoredPicture(bytes: try ImageCodec.encodeWebP(pixels, quality: nil), mediaType: "image/webp")
    let losslessBeside = try ServedPiece.picture(piece: png, beside: webp)
    XCTAssertEqual(try ImageCodec.decode(losslessBeside.bytes, name: "exact.webp"), pixels)
    let lossyBackground = StoredPicture(
      bytes: try ImageCodec.encodeWebP(pixels, quality: 80), mediaType: "image/webp")
    let lossy = try ServedPiece.picture(piece: png, beside: lossyBackground)
    let back = try ImageCodec.decode(lossy.bytes, name: "lossy.webp")
    XCTAssertEqual(
      stride(from: 3, to: back.pixels.count, by: 4).map { back.pixels[$0] },
      stride(from: 3, to: pixels.pixels.count, by: 4).map { pixels.pixels[$0] })
    XCTAssertLessThan(lossy.bytes.count * 3, png.bytes.count)
  }
}
