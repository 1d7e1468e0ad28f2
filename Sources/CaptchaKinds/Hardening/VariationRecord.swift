import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// What a background variation applied to one captcha, written to answer.json as `variation`
/// (after the other keys, only when variation is on).
///
/// `crop` is the window in source pixels (`{x, y, width, height}`, before `--size`), turned by
/// `rotation` degrees (clockwise on screen) about its centre and resampled to the output size;
/// then each channel c becomes `255·(v/255)^gamma · gain[c] + brightness`, saturation scales the
/// distance from luma, and noise of ±`noise` levels is added.
public struct VariationRecord: Equatable, Sendable {
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

  /// The `variation` object of answer.json.
  public var json: JSONValue {
    .object([
      (
        "crop",
        .object([
          ("x", .int(Int64(crop.x))), ("y", .int(Int64(crop.y))), ("width", .int(Int64(crop.width))),
          ("height", .int(Int64(crop.height))),
        ])
      ),
      ("rotation", .double(rotation)),
      ("gain", .object([("r", .double(gain[0])), ("g", .double(gain[1])), ("b", .double(gain[2]))])),
      ("brightness", .int(Int64(brightness))),
      ("gamma", .double(gamma)),
      ("saturation", .double(saturation)),
      ("noise", .int(Int64(noise))),
    ])
  }
}
