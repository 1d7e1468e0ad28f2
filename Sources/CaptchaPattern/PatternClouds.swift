import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport

/// Clouds of the picture's own tints laid over the parts of the picture that are flat (a night
/// sky, a plain wall), before the markers are painted. Over a flat ground a marker is one smooth
/// region bounded by its rim, and its light half with the rim around its dark half (or the other
/// way round on a light ground) is one closed band of brightness: a median filter and a threshold
/// cut it out whole. Over clouds, light and dark patches of the ground meet the marker's halves
/// and its rim, so no band of brightness and no smooth region ends exactly at its outline, and the
/// patches' crisp edges stand beside the marker's own outline for a program that matches edges.
/// Where the picture has texture of its own (most photos), the clouds fade out and it stays as it
/// was.
enum PatternClouds {
  /// The radius of the square over which the picture's texture is measured, as a fraction of a cell.
  static let window = 0.2
  /// The local standard deviation of luma (levels) at or below which the ground is flat (full
  /// clouds), and at or above which it has texture enough of its own (no clouds).
  static let flatness = 3.0...16.0
  /// The clouds' feature size, as a fraction of a cell.
  static let size = 0.3
  /// How much of the cloud colour covers a fully flat picture.
  static let opacity = 0.8
  /// The luma of the clouds' light and dark tints.
  static let lightLuma = 150.0...190.0
  static let darkLuma = 25.0...50.0
  /// Where, in the clouds' noise (0…1), the dark tint turns into the light one: a narrow band, so
  /// the patches have edges a few pixels wide, as crisp as a marker's.
  static let edge = 0.46...0.54

  static func apply(
    to image: inout RGBAImage, palette: PatternPalette, cell: Double, rng: inout Xoshiro256StarStar
  ) {
    let flat = flatnessMap(image, radius: max(1, Int((window * cell).rounded())))
    func tint(_ range: ClosedRange<Double>) -> PatternColor {
      palette.pick(&rng).toned(luma: rng.nextDouble(in: range.lowerBound, range.upperBound), chroma: 1)
    }
    let light = tint(lightLuma)
    let dark = tint(darkLuma)
    let seed = rng.next()
    let scale = 1 / (size * cell)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let weight = opacity * flat[y * image.width + x]
        guard weight > 0 else { continue }
        let n = fbm2(Double(x) * scale, Double(y) * scale, seed: seed, octaves: 3)
        let colour = PatternMarker.mix(dark, light, smoothstep(edge.lowerBound, edge.upperBound, n))
        let o = (y * image.width + x) * 4
        for (k, v) in [colour.r, colour.g, colour.b].enumerated() {
          let old = Double(image.pixels[o + k])
          image.pixels[o + k] = UInt8(clamping: Int((old + (v - old) * weight).rounded()))
        }
      }
    }
  }

  /// Per pixel, how flat the picture is around it: 1 where the standard deviation of the median
  /// filtered luma over the square of `radius` is at most `flatness.lowerBound`, 0 from
  /// `flatness.upperBound` on, linear in between; then averaged twice over the same square, so the
  /// clouds fade in and out softly.
  static func flatnessMap(_ image: RGBAImage, radius: Int) -> [Double] {
    let w = image.width
    let h = image.height
    let luma = medianLuma(image)
    let mean = boxBlur(luma, width: w, height: h, radius: radius)
    let meanSquare = boxBlur(luma.map { $0 * $0 }, width: w, height: h, radius: radius)
    let span = flatness.upperBound - flatness.lowerBound
    let flat = (0..<(w * h)).map { i in
      let deviation = max(0, meanSquare[i] - mean[i] * mean[i]).squareRoot()
      return min(1, max(0, (flatness.upperBound - deviation) / span))
    }
    let soft = boxBlur(flat, width: w, height: h, radius: radius)
    return boxBlur(soft, width: w, height: h, radius: radius)
  }

  /// The picture's luma, each pixel the median of the 5×5 square around it (clamped at the
  /// edges): stars, specks and grain gone, as they are for a program that filters them out first.
  static func medianLuma(_ image: RGBAImage) -> [Double] {
    let w = image.width
    let h = image.height
    let luma = (0..<(w * h)).map { i -> Double in
      let c = PatternColor(
        r: Double(image.pixels[i * 4]), g: Double(image.pixels[i * 4 + 1]), b: Double(image.pixels[i * 4 + 2])
      )
      return c.luma
    }
    var out = luma
    var square = [Double](repeating: 0, count: 25)
    for y in 0..<h {
      for x in 0..<w {
        var k = 0
        for dy in -2...2 {
          let yy = min(h - 1, max(0, y + dy))
          for dx in -2...2 {
            square[k] = luma[yy * w + min(w - 1, max(0, x + dx))]
            k += 1
          }
        }
        square.sort()
        out[y * w + x] = square[12]
      }
    }
    return out
  }

  /// `values` (width × height) averaged over the square of `radius` around each pixel.
  static func boxBlur(_ values: [Double], width w: Int, height h: Int, radius: Int) -> [Double] {
    var sum = [Double](repeating: 0, count: (w + 1) * (h + 1))
    for y in 0..<h {
      var row = 0.0
      for x in 0..<w {
        row += values[y * w + x]
        sum[(y + 1) * (w + 1) + x + 1] = sum[y * (w + 1) + x + 1] + row
      }
    }
    var out = [Double](repeating: 0, count: w * h)
    for y in 0..<h {
      let y0 = max(0, y - radius)
      let y1 = min(h, y + radius + 1)
      for x in 0..<w {
        let x0 = max(0, x - radius)
        let x1 = min(w, x + radius + 1)
        let total =
          sum[y1 * (w + 1) + x1] - sum[y0 * (w + 1) + x1] - sum[y1 * (w + 1) + x0] + sum[y0 * (w + 1) + x0]
        out[y * w + x] = total / Double((x1 - x0) * (y1 - y0))
      }
    }
    return out
  }
}
