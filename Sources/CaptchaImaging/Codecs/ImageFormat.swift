import CaptchaSupport
import VectorRaster

/// An image container format captcha-gen reads and writes, recognised by its magic bytes
/// (never by a file name).
public enum ImageFormat: String, Sendable, CaseIterable {
  case png
  case jpeg

  /// The format whose signature starts `bytes`, or nil when it is neither PNG nor JPEG.
  public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
    let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    if bytes.count >= pngSignature.count && bytes.prefix(pngSignature.count).elementsEqual(pngSignature) {
      return .png
    }
    if bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF {
      return .jpeg
    }
    return nil
  }

  /// The name used in messages: "PNG" or "JPEG".
  public var displayName: String {
    switch self {
    case .png: return "PNG"
    case .jpeg: return "JPEG"
    }
  }

  /// The usual file extension, without the dot.
  public var fileExtension: String {
    switch self {
    case .png: return "png"
    case .jpeg: return "jpg"
    }
  }
}
