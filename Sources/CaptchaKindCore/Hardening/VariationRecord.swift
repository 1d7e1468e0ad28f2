import CaptchaImaging
import CaptchaSupport
public import VectorRaster

/// What a background variation applied to one captcha, written to answer.json as `variation`
/// (after the other keys, only when variation is on).
///
/// `crop` is the window in source pixels (`{x, y, width, height}`, before `--size`), turned by
/// `rotation` degrees (clockwise on screen) about its centre and resampled to the output size;
/// then each channel c becomes `255·(v/255)^gamma · gain[c] + brightness`, saturation scales the
/// distance from luma, and noise of ±`noise` levels is added.
public struct VariationRecord: Equatable, Codable, Sendable {
  public var crop: PixelRect
  public var rotation: Double
  public var gain: [Double]
  public var brightness: Int
  public var gamma: Double
  public var saturation: Double
  public var noise: Int

  public init(
    crop: PixelRect, rotation: Double, gain: [Double], brightness: Int, gamma: Double, saturation: Double,
    noise: Int
  ) {
    self.crop = crop
    self.rotation = rotation
    self.gain = gain
    self.brightness = brightness
    self.gamma = gamma
    self.saturation = saturation
    self.noise = noise
  }

  private enum CodingKeys: String, CodingKey {
    case crop, rotation, gain, brightness, gamma, saturation, noise
  }
  /// Per-channel gains are written as `{r, g, b}`.
  private struct Gain: Codable {
    var r: Double
    var g: Double
    var b: Double
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let gain = try c.decode(Gain.self, forKey: .gain)
    self.init(
      crop: try c.decode(PixelRect.self, forKey: .crop),
      rotation: try c.decode(Double.self, forKey: .rotation),
      gain: [gain.r, gain.g, gain.b], brightness: try c.decode(Int.self, forKey: .brightness),
      gamma: try c.decode(Double.self, forKey: .gamma),
      saturation: try c.decode(Double.self, forKey: .saturation),
      noise: try c.decode(Int.self, forKey: .noise))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(crop, forKey: .crop)
    try c.encode(rotation, forKey: .rotation)
    try c.encode(Gain(r: gain[0], g: gain[1], b: gain[2]), forKey: .gain)
    try c.encode(brightness, forKey: .brightness)
    try c.encode(gamma, forKey: .gamma)
    try c.encode(saturation, forKey: .saturation)
    try c.encode(noise, forKey: .noise)
  }
}
