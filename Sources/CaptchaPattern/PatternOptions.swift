public import CaptchaImaging
public import CaptchaKindCore
import CaptchaSupport

/// What shapes a pattern captcha besides the background and the seed.
public struct PatternOptions: Sendable {
  /// The sequence lengths `--length` accepts.
  public static let lengths = 3...9
  public static let defaultLength = 4
  /// The board's size when `--size` is not given (the picture is fitted to it).
  public static let defaultSize = PixelSize(width: 240, height: 240)
  /// The shortest board side that still fits nine legible markers.
  public static let minimumSide = 120

  /// How many dots the client must connect.
  public var length: Int
  /// How the background is prepared (size, fit, pixel limit, variation); without a size the board
  /// is `defaultSize`.
  public var backgroundStage: BackgroundStage
  public var format: OutputFormat = .png
  public var quality = OutputFormat.defaultQuality
  /// Whether files are fsynced before they get their names (`--no-fsync` turns it off).
  public var durableWrites = true

  public init(
    length: Int = PatternOptions.defaultLength, backgroundStage: BackgroundStage = BackgroundStage()
  ) {
    self.length = length
    self.backgroundStage = backgroundStage
  }

  /// The board's size.
  public var size: PixelSize { backgroundStage.size ?? Self.defaultSize }

  /// `OptionError` for a length outside 3…9, a board too small for nine markers, or a background
  /// stage or quality out of range.
  public func validate() throws {
    guard Self.lengths.contains(length) else {
      throw OptionError("\(CaptchaOption.length) \(length) must be between 3 and 9 (the dots to connect)")
    }
    guard min(size.width, size.height) >= Self.minimumSide else {
      throw OptionError(
        "\(CaptchaOption.size) \(size.width)x\(size.height) is too small for a pattern board; both sides need "
          + "at least \(Self.minimumSide) pixels")
    }
    try backgroundStage.validate()
    if !OutputFormat.qualities.contains(quality) {
      throw OptionError("\(CaptchaOption.quality) \(quality) is outside 1…100")
    }
  }
}
