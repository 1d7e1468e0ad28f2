import CaptchaSupport
import VectorRaster

/// An image container format captcha-gen reads and writes, recognised by its magic bytes
/// (never by a file name).
public enum ImageFormat: String, Sendable, CaseIterable {
  case png
  case jpeg
  case webp

  /// The format whose signature starts `bytes`, or nil when it is none of PNG, JPEG and WebP.
  public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
    let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    if bytes.count >= pngSignature.count && bytes.prefix(pngSignature.count).elementsEqual(pngSignature) {
      return .png
    }
    if bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF {
      return .jpeg
    }
    // RIFF <size> WEBP
    if bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8)
      && bytes[8..<12].elementsEqual("WEBP".utf8)
    {
      return .webp
    }
    return nil
  }

  /// The name used in messages: "PNG", "JPEG" or "WebP".
  public var displayName: String {
    switch self {
    case .png: return "PNG"
    case .jpeg: return "JPEG"
    case .webp: return "WebP"
    }
  }

  /// The media type: "image/png", "image/jpeg" or "image/webp".
  public var mediaType: String {
    switch self {
    case .png: return "image/png"
    case .jpeg: return "image/jpeg"
    case .webp: return "image/webp"
    }
  }

  /// The usual file extension, without the dot.
  public var fileExtension: String {
    switch self {
    case .png: return "png"
    case .jpeg: return "jpg"
    case .webp: return "webp"
    }
  }
}
