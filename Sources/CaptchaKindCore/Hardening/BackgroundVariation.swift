import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Per-captcha background variation: before the piece is placed, the captcha's background
/// is derived from the decoded source with a random crop window (scale and position), a small
/// rotation, colour jitter and fine noise, all drawn from the captcha's seed. Two captchas made from
/// one photo then share no pixels, so a per-pixel median over them no longer rebuilds the photo.
///
/// Each knob at its neutral value turns its part off; `none` (the default) leaves the background
/// exactly as before. `light` and `strong` are presets; knobs may be set on top of a preset.
public struct BackgroundVariation: Equatable, Sendable {
  /// Smallest crop window, as a fraction of the largest window of the output's aspect ratio that
  /// fits the source (0.5…1). Each captcha draws its scale from [minCropScale, 1] and a random
  /// position; 1 keeps the centred full window (no crop jitter).
  public var minCropScale: Double
  /// Largest rotation in degrees (0…10); each captcha draws an angle in ±maxRotation, whole
  /// tenths. The window shrinks so the turned picture leaves no empty corners.
  public var maxRotation: Double
  /// Strength of the colour jitter, 0…1: per-channel gain ±8 %, brightness ±16 levels, gamma
  /// 1 ± 0.25 and saturation ±25 %, each times this strength.
  public var color: Double
  /// Amplitude of the fine noise in levels (0…16): each channel of each pixel gets a
  /// deterministic value in ±noise (triangular distribution).
  public var noise: Int

  public init(minCropScale: Double = 1, maxRotation: Double = 0, color: Double = 0, noise: Int = 0) {
    self.minCropScale = minCropScale
    self.maxRotation = maxRotation
    self.color = color
    self.noise = noise
  }

  /// No variation: the background is the source fitted as before.
  public static let none = BackgroundVariation()
  /// Window 85–100 %, ±2°, colour 0.4, noise ±2.
  public static let light = BackgroundVariation(minCropScale: 0.85, maxRotation: 2, color: 0.4, noise: 2)
  /// Window 70–100 %, ±5°, colour 0.8, noise ±4.
  public static let strong = BackgroundVariation(minCropScale: 0.7, maxRotation: 5, color: 0.8, noise: 4)

  /// Largest accepted `maxRotation`.
  public static let rotationLimit = 10.0
  /// Largest accepted `noise`.
  public static let noiseLimit = 16

  /// True when any part is on (the background then differs from the plain fit).
  public var isActive: Bool { minCropScale < 1 || maxRotation > 0 || color > 0 || noise > 0 }

  /// True when the crop window or the rotation varies (the picture is resampled from a window).
  var movesGeometry: Bool { minCropScale < 1 || maxRotation > 0 }

  /// Rejects out-of-range knobs with an `OptionError` naming the option.
  public func validate() throws {
    guard minCropScale >= 0.5, minCropScale <= 1 else {
      throw OptionError("\(CaptchaOption.varyCrop) \(minCropScale) must be between 0.5 and 1")
    }
    guard maxRotation >= 0, maxRotation <= Self.rotationLimit else {
      throw OptionError(
        "\(CaptchaOption.varyRotation) \(maxRotation) must be between 0 and \(Int(Self.rotationLimit)) degrees"
      )
    }
    guard color >= 0, color <= 1 else {
      throw OptionError("\(CaptchaOption.varyColor) \(color) must be between 0 and 1")
    }
    guard noise >= 0, noise <= Self.noiseLimit else {
      throw OptionError("\(CaptchaOption.varyNoise) \(noise) must be between 0 and \(Self.noiseLimit) levels")
    }
  }
}
