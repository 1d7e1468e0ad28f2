import CaptchaKit
import CaptchaService
import Foundation

/// Which format a challenge picture goes out in. A picture is stored in the format serve makes
/// (`--format`); a WebP one goes to a client whose `Accept` header names `image/webp`, and is
/// turned into a PNG of the same decoded pixels for any other. Wildcards do not count: browsers
/// that cannot decode WebP send `*/*` and `image/*` too. Every browser's `<img>` names WebP today
/// (Chrome, Firefox, Safari 14 and later), so the widget's pictures arrive as WebP and only API
/// clients that do not ask for it cost a conversion.
enum PictureNegotiation {
  static let webp = ImageFormat.webp.mediaType

  /// Whether an `Accept` header value names `mediaType` with a quality above zero.
  static func accepts(_ accept: String?, _ mediaType: String) -> Bool {
    guard let accept else { return false }
    for range in accept.split(separator: ",") {
      let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      guard parts.first == mediaType else { continue }
      let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
      if quality > 0 { return true }
    }
    return false
  }

  /// `picture` as the client may have it: unchanged, or a WebP as PNG when `accept` does not name
  /// WebP.
  static func deliverable(_ picture: StoredPicture, accept: String?) throws -> StoredPicture {
    guard picture.mediaType == webp, !accepts(accept, webp) else { return picture }
    let pixels = try ImageCodec.decode(picture.bytes, name: "the stored picture")
    return StoredPicture(
      bytes: try ImageCodec.encodePNG(pixels, keepAlpha: !pixels.isOpaque),
      mediaType: ImageFormat.png.mediaType)
  }
}
