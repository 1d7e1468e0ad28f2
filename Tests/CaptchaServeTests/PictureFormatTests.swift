import CaptchaKit
import CaptchaServe
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CaptchaServe

/// `serve --format webp`: a client whose `Accept` names WebP gets the stored WebP; any other gets
/// a PNG of the same pixels; a PNG server sends PNG whatever the client accepts.
final class PictureFormatTests: XCTestCase {
  static let chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
  static let oldSafari = "image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5"

  func testAcceptNamesWebPOnlyExplicitlyAndWithAQualityAboveZero() {
    XCTAssertTrue(PictureNegotiation.accepts(Self.chrome, "image/webp"))
    XCTAssertTrue(PictureNegotiation.accepts("image/WebP ; q=0.5", "image/webp"))
    XCTAssertFalse(PictureNegotiation.accepts(Self.oldSafari, "image/webp"))
    XCTAssertFalse(PictureNegotiation.accepts("image/webp;q=0", "image/webp"))
    XCTAssertFalse(PictureNegotiation.accepts("*/*", "image/webp"))
    XCTAssertFalse(PictureNegotiation.accepts(nil, "image/webp"))
  }

  func testWebPGoesToClientsThatAskAndTheSamePixelsAsPNGToOthers() async throws {
    for kind in ["slide", "rotate", "pattern"] {
      try await ServeHarness.withServer(kinds: [kind], format: .webp) { client, _ in
        let challenge = try await client.post("/v1/challenges").json
        for name in ["background", "piece"] {
          let uri = try XCTUnwrap(challenge[name] as? String)
          let asked = try await client.get(uri, headers: [.accept: Self.chrome])
          let other = try await client.get(uri, headers: [.accept: Self.oldSafari])
          XCTAssertEqual(asked.headers[.vary], "Accept")
          let askedBytes = [UInt8](asked.body.readableBytesView)
          let otherBytes = [UInt8](other.body.readableBytesView)
          XCTAssertEqual(other.headers[.contentType], "image/png", "\(kind) \(name)")
          XCTAssertEqual(ImageFormat.sniff(otherBytes), .png)
          if name == "background" {
            XCTAssertEqual(asked.headers[.contentType], "image/webp", kind)
            XCTAssertEqual(ImageFormat.sniff(askedBytes), .webp)
            XCTAssertLessThan(askedBytes.count, otherBytes.count, kind)
          } else {
            XCTAssertEqual(askedBytes, otherBytes, "the piece is always PNG (\(kind))")
          }
          XCTAssertEqual(
            try ImageCodec.decode(askedBytes, name: "asked"), try ImageCodec.decode(otherBytes, name: "other")
          )
        }
      }
    }
  }

  func testInlineImagesFollowThePostsAcceptHeader() async throws {
    try await ServeHarness.withServer(format: .webp) { client, _ in
      let body = #"{"inline_images": true}"#
      let plain = try await client.post("/v1/challenges", body).json
      XCTAssertTrue((plain["background"] as? String ?? "").hasPrefix("data:image/png;base64,"))
      let asked = try await client.post(
        "/v1/challenges", body, headers: [.accept: "application/json, image/webp"]
      ).json
      XCTAssertTrue((asked["background"] as? String ?? "").hasPrefix("data:image/webp;base64,"))
    }
  }

  func testAPNGServerSendsPNGWhateverTheClientAccepts() async throws {
    try await ServeHarness.withServer { client, _ in
      let challenge = try await client.post("/v1/challenges").json
      let uri = try XCTUnwrap(challenge["background"] as? String)
      let response = try await client.get(uri, headers: [.accept: Self.chrome])
      XCTAssertEqual(response.headers[.contentType], "image/png")
    }
  }
}
