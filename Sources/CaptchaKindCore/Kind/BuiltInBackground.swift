public import CaptchaImaging

/// The picture a kind draws when no photo is given, at the captcha's output size: the pixels, and
/// whether the background stage's per-captcha variation applies to them (the landscape is varied
/// like a photo; a scene drawn for its kind is not).
public struct BuiltInBackground: Sendable {
  public var image: RGBAImage
  public var varies: Bool

  public init(image: RGBAImage, varies: Bool) {
    self.image = image
    self.varies = varies
  }

  /// The landscape every kind draws unless it says otherwise (`ProceduralBackground`).
  public static func landscape(size: PixelSize, seed: UInt64) -> BuiltInBackground {
    BuiltInBackground(
      image: ProceduralBackground.make(width: size.width, height: size.height, seed: seed), varies: true)
  }
}
