import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Draws the board: each marker filled in its own tint over a halo of the opposite brightness
/// (dark icons get a light halo on light ground and the other way round), turned and scaled per
/// marker.
enum PatternBoard {
  /// A marker's size range: half its unit box, as a fraction of the shorter cell side.
  static let scales = 0.27...0.35
  /// The halo's width in pixels beyond the icon.
  static let halo = 2.5

  static func draw(
    _ icons: [PatternIcon], layout: PatternLayout, into image: inout RGBAImage, rng: inout Xoshiro256StarStar
  ) throws {
    let cell = PatternLayout.cellSide(width: layout.width, height: layout.height)
    let clip = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    for (icon, centre) in zip(icons, layout.dots) {
      let scale = rng.nextDouble(in: scales.lowerBound, scales.upperBound) * cell
      let angle = rng.nextDouble(in: 0, 360)
      let hue = rng.nextDouble(in: 0, 360)
      let saturation = rng.nextDouble(in: 0.55, 0.95)
      let r = Int(scale.rounded(.up)) + 3
      let under = PatternPaint.meanLuma(
        image, in: PixelRect(x: Int(centre.x) - r, y: Int(centre.y) - r, width: 2 * r, height: 2 * r))
      let lightIcon = under < 128
      let tint = PatternColor.hsv(
        hue, saturation, lightIcon ? rng.nextDouble(in: 0.85, 1) : rng.nextDouble(in: 0.3, 0.5))
      let haloColor = lightIcon ? PatternColor(r: 20, g: 20, b: 24) : PatternColor(r: 250, g: 250, b: 246)
      let haloMask = try icon.path.fill(
        rule: icon.rule, clip: clip,
        transform: PatternPaint.placement(center: centre, scale: scale + halo, degrees: angle))
      PatternPaint.paint(haloMask, haloColor, opacity: 0.8, into: &image)
      let mask = try icon.path.fill(
        rule: icon.rule, clip: clip,
        transform: PatternPaint.placement(center: centre, scale: scale, degrees: angle))
      PatternPaint.paint(mask, tint, into: &image)
    }
  }
}
