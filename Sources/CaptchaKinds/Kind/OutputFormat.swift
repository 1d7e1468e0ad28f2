import CaptchaSupport

/// The file format of the background (the piece is always PNG, it needs alpha).
public enum OutputFormat: String, CaseIterable, Sendable {
  case png
  case jpeg

  /// The background file name for this format.
  public var backgroundFileName: String { self == .png ? "background.png" : "background.jpg" }

  /// JPEG qualities `--quality` accepts.
  public static let qualities = 1...100
  /// The JPEG quality when none is given.
  public static let defaultQuality = 90
}
