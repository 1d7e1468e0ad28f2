import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// How one board marker is painted over the picture: shaded across its whole length from a light
/// palette tint to a dark one, with a rim that runs the other way (dark beside the light end,
/// light beside the dark end), both translucent so the picture's texture shows through. The rim
/// keeps the outline visible against any ground, while no colour and no brightness band of the
/// marker holds its whole shape. (The grain that leaves no two neighbours equal is the board's,
/// laid over markers and picture alike, so it tells nothing about where a marker is.)
struct PatternMarker: Sendable {
  /// How much of the tint covers the picture inside the icon, and of the rim colour in the rim.
  static let fillOpacity = 0.74
  static let rimOpacity = 0.8
  /// The luma ranges of the light and the dark end of the shading.
  static let lightLuma = 196.0...228.0
  static let darkLuma = 30.0...60.0

  var lightTint: PatternColor
  var darkTint: PatternColor
  var lightRim: PatternColor
  var darkRim: PatternColor
  /// The unit direction along which the shading runs from `lightTint` to `darkTint`.
  var direction: Point
  var centre: Point
  /// Half the shading's length in pixels (the marker's size).
  var reach: Double

  /// A marker's colours: four palette colours toned to the two ends of the shading.
  static func draw(
    palette: PatternPalette, centre: Point, reach: Double, rng: inout Xoshiro256StarStar
  ) -> PatternMarker {
    func tone(_ range: ClosedRange<Double>, chroma: Double, _ rng: inout Xoshiro256StarStar) -> PatternColor {
      palette.pick(&rng).toned(luma: rng.nextDouble(in: range.lowerBound, range.upperBound), chroma: chroma)
    }
    let lightTint = tone(lightLuma, chroma: 1.6, &rng)
    let darkTint = tone(darkLuma, chroma: 1.6, &rng)
    let lightRim = tone(lightLuma, chroma: 0.8, &rng)
    let darkRim = tone(darkLuma, chroma: 0.8, &rng)
    let (s, c) = PortableMath.sinCos(degrees: rng.nextDouble(in: 0, 360))
    return PatternMarker(
      lightTint: lightTint, darkTint: darkTint, lightRim: lightRim, darkRim: darkRim, direction: Point(c, s),
      centre: centre, reach: reach)
  }

  /// Where pixel (x, y) lies along the shading: 0 at the light end, 1 at the dark end.
  func shade(x: Int, y: Int) -> Double {
    let along =
      ((Double(x) + 0.5 - centre.x) * direction.x + (Double(y) + 0.5 - centre.y) * direction.y) / reach
    return min(1, max(0, 0.5 + 0.5 * along))
  }

  /// Paints the rim (the `halo` coverage outside `icon`) and then the icon into `image`, at
  /// `strength` times the full opacities (look-alikes are fainter).
  func paint(icon: CoverageMask, halo: CoverageMask, strength: Double = 1, into image: inout RGBAImage) {
    for (y, x, cov) in Self.pixels(of: halo, in: image) {
      let ring = max(0, cov - Double(icon.coverage(atX: x, y: y)) / 255)
      guard ring > 0 else { continue }
      let rim = Self.mix(darkRim, lightRim, shade(x: x, y: y))
      blend(x: x, y: y, colour: rim, weight: ring * Self.rimOpacity * strength, into: &image)
    }
    for (y, x, cov) in Self.pixels(of: icon, in: image) {
      let tint = Self.mix(lightTint, darkTint, shade(x: x, y: y))
      blend(x: x, y: y, colour: tint, weight: cov * Self.fillOpacity * strength, into: &image)
    }
  }

  static func mix(_ a: PatternColor, _ b: PatternColor, _ t: Double) -> PatternColor {
    PatternColor(r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t)
  }

  /// The pixels of `mask` inside `image` with non-zero coverage: (y, x, coverage 0…1).
  static func pixels(of mask: CoverageMask, in image: RGBAImage) -> [(Int, Int, Double)] {
    var out: [(Int, Int, Double)] = []
    for my in 0..<mask.height {
      let y = mask.originY + my
      guard y >= 0, y < image.height else { continue }
      for mx in 0..<mask.width {
        let x = mask.originX + mx
        let cov = mask.data[my * mask.width + mx]
        guard x >= 0, x < image.width, cov > 0 else { continue }
        out.append((y, x, Double(cov) / 255))
      }
    }
    return out
  }

  private func blend(x: Int, y: Int, colour: PatternColor, weight: Double, into image: inout RGBAImage) {
    let o = (y * image.width + x) * 4
    for (k, v) in [colour.r, colour.g, colour.b].enumerated() {
      let old = Double(image.pixels[o + k])
      image.pixels[o + k] = UInt8(clamping: Int((old + (v - old) * weight).rounded()))
    }
  }
}
