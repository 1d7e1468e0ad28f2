public import CaptchaImaging
import CaptchaSupport

/// The file format of the background (the piece is always PNG, it needs alpha): PNG, JPEG, lossy
/// WebP (both at `quality`) or lossless WebP.
public enum OutputFormat: String, CaseIterable, Sendable {
  case png
  case jpeg
  case webp
  case webpLossless = "webp-lossless"

  /// The background file name for this format.
  public var backgroundFileName: String {
    switch self {
    case .png: return "background.png"
    case .jpeg: return "background.jpg"
    case .webp, .webpLossless: return "background.webp"
    }
  }

  /// Whether the format stores transparency (JPEG does not).
  public var keepsAlpha: Bool { self != .jpeg }

  /// Whether `quality` shapes the file (JPEG and lossy WebP).
  public var usesQuality: Bool { self == .jpeg || self == .webp }

  /// The background's bytes in this format: a picture that is not fully opaque keeps its alpha
  /// where the format can store it, and is composited over white otherwise.
  public func encode(_ picture: RGBAImage, quality: Int) throws -> [UInt8] {
    switch self {
    case .png: return try ImageCodec.encodePNG(picture, keepAlpha: !picture.isOpaque)
    case .jpeg: return try ImageCodec.encodeJPEG(picture, quality: quality)
    case .webp: return try ImageCodec.encodeWebP(picture, quality: quality, keepAlpha: !picture.isOpaque)
    case .webpLossless: return try ImageCodec.encodeWebP(picture, quality: nil, keepAlpha: !picture.isOpaque)
    }
  }

  /// `encode(_:quality:)` (the same bytes) for a picture not used afterwards: a JPEG encoder gives
  /// its rows back as it reads them.
  public func encode(releasing picture: consuming RGBAImage, quality: Int) throws -> [UInt8] {
    if self == .jpeg { return try ImageCodec.encodeJPEG(releasing: picture, quality: quality) }
    return try encode(picture, quality: quality)
  }

  /// Qualities `--quality` accepts (JPEG and lossy WebP).
  public static let qualities = 1...100
  /// The quality when none is given.
  public static let defaultQuality = 90
}
