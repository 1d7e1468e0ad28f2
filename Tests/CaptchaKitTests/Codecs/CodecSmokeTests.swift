import XCTest

@testable import CaptchaKit

final class CodecSmokeTests: XCTestCase {
  func testPNGRoundTrip() throws {
    let image = CodecTestSupport.randomRGBA(width: 3, height: 7, seed: 1)
    let png = try ImageCodec.encodePNG(image, keepAlpha: true)
    XCTAssertEqual(ImageFormat.sniff(png), .png)
    XCTAssertEqual(try ImageCodec.decode(png, name: "a.png"), image)
  }

  func testJPEGRoundTrip() throws {
    let image = CodecTestSupport.smoothImage(width: 64, height: 48)
    let jpeg = try ImageCodec.encodeJPEG(image, quality: 90)
    let back = try ImageCodec.decode(jpeg, name: "a.jpg")
    XCTAssertGreaterThan(CodecTestSupport.psnr(image, back), 35)
  }
}
