import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// Draws the board: each marker turned and scaled at random and painted as a `PatternMarker`
/// (translucent, shaded from light to dark between tints sampled from the picture itself,
/// with a rim shaded the other way), so its shape stands out to the eye while no colour or
/// brightness band of it holds the whole shape. Under the markers, fainter look-alikes of other
/// families (`PatternLookAlikes`); over everything, a grain.
enum PatternBoard {
  /// A marker's size range: half its unit box, as a fraction of the shorter cell side.
  static let scales = 0.27...0.35
  /// The rim's width in pixels around every edge of the icon (holes included).
  static let halo = 2.5
  /// The grain laid over the whole board at the end, in levels (±) per channel: no two
  /// neighbouring pixels of a marker are equal, and the picture around it carries the same noise.
  static let grain = 14.0

  static func draw(
    _ icons: [PatternIcon], layout: PatternLayout, into image: inout RGBAImage, rng: inout Xoshiro256StarStar
  ) throws {
    let cell = PatternLayout.cellSide(width: layout.width, height: layout.height)
    let clip = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    let palette = PatternPalette.sample(image, rng: &rng)
    PatternClouds.apply(to: &image, palette: palette, cell: cell, rng: &rng)
    try PatternLookAlikes.draw(avoiding: icons, layout: layout, palette: palette, into: &image, rng: &rng)
    for (icon, centre) in zip(icons, layout.dots) {
      try paintMarker(
        icon, at: centre, size: scales, cell: cell, halo: halo,
        palette: palette, clip: clip, into: &image, rng: &rng)
    }
    PatternGrain(salt: rng.next()).apply(to: &image, amplitude: grain)
  }

  /// Paints one marker of `icon` at `centre`, as the board and its look-alikes both do: a size
  /// drawn from `size` (a fraction of `cell`), a random turn, its paint from `palette`, then the
  /// icon with a rim `halo` pixels wide at `strength` times the full opacities.
  static func paintMarker(
    _ icon: PatternIcon, at centre: Point, size: ClosedRange<Double>, cell: Double, halo: Double,
    strength: Double = 1, palette: PatternPalette, clip: PixelRect, into image: inout RGBAImage,
    rng: inout Xoshiro256StarStar
  ) throws {
    let scale = rng.nextDouble(in: size.lowerBound, size.upperBound) * cell
    let angle = rng.nextDouble(in: 0, 360)
    let marker = PatternMarker.draw(palette: palette, centre: centre, reach: scale, rng: &rng)
    let mask = try icon.path.fill(
      rule: icon.rule, clip: clip,
      transform: PatternPaint.placement(center: centre, scale: scale, degrees: angle))
    marker.paint(
      icon: mask, halo: PatternOutline.dilated(mask, by: halo), strength: strength, into: &image)
  }
}
