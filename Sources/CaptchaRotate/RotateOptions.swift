import CaptchaImaging
public import CaptchaKindCore
import CaptchaSupport

/// Everything that shapes a rotate captcha besides the background and the seed.
public struct RotateOptions: Sendable {
  /// Default tolerance in degrees. 7° is about what a person reaches when turning a photo by eye
  /// on a phone (a handle on a ring of ~100 px moves ~6 px per 7°), while a blind guess passes
  /// 15/301 ≈ 5% of the time (the angle is drawn among 301 whole degrees, 30…330).
  public static let defaultTolerance = 7
  /// The loosest tolerance accepted: beyond it a blind guess passes more than a quarter of the time.
  public static let maximumTolerance = 45
  /// The secret angle is drawn at least this far from upright (30…330°).
  public static let minimumTurn = 30
  /// Default width of the socket between the disc and the backdrop, as a fraction of the disc's
  /// radius (4 px for the default 60 px radius): the backdrop has no direction (`RadialBackdrop`),
  /// so no wide gap is needed to keep the disc's rim away from the picture it came from.
  public static let defaultGapFraction = 0.07

  /// How the background is prepared (size, fit, pixel limit, variation).
  public var backgroundStage: BackgroundStage
  public var format: OutputFormat = .png
  public var quality = OutputFormat.defaultQuality
  /// Whether files are fsynced before they get their names (`--no-fsync` turns it off).
  public var durableWrites = true
  /// The disc's diameter in pixels (`--piece-size`); nil: 3/4 of the shorter side.
  public var diameter: Int?
  /// Accepted circular distance from the answer, in degrees.
  public var tolerance: Int = RotateOptions.defaultTolerance
  /// `--steps N`: the angle is one of N stops 360/N apart.
  public var steps: Int?
  /// The socket between the disc and the backdrop (a fraction of the disc radius): neither file
  /// shows the picture's pixels there.
  public var gapFraction = RotateOptions.defaultGapFraction
  /// Tone and noise jitter on the piece, separate from the background's (off only in tests).
  public var pieceJitter = true
  /// Whether a background with no source (the built-in one) is replaced by the rotate kind's own
  /// built-in picture, `ObjectScene` (off only in tests that hand in a picture of their own).
  public var objectScene = true

  public init(backgroundStage: BackgroundStage) {
    self.backgroundStage = backgroundStage
  }

  /// Rejects impossible options with an `OptionError` naming the option.
  public func validate() throws {
    try backgroundStage.validate()
    if let d = diameter, d < 16 {
      throw OptionError(
        "\(CaptchaOption.pieceSize) \(d) is too small for a rotate disc; use at least 16 pixels")
    }
    guard (0...Self.maximumTolerance).contains(tolerance) else {
      throw OptionError(
        "\(CaptchaOption.tolerance) \(tolerance) is outside 0…\(Self.maximumTolerance) degrees for a rotate captcha"
      )
    }
    guard gapFraction.isFinite, (0...1).contains(gapFraction) else {
      throw CaptchaError(.usage, "the rotate gap fraction \(gapFraction) is outside 0…1")
    }
    if let n = steps { try StepStops.validate(count: n) }
    if !OutputFormat.qualities.contains(quality) {
      throw OptionError("\(CaptchaOption.quality) \(quality) is outside 1…100")
    }
  }
}
