import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport

/// Colours sampled from the board's own picture: the markers' tints come from here, so no marker
/// wears a colour the picture does not have.
struct PatternPalette: Sendable {
  /// How many pixels of the picture are sampled.
  static let size = 24

  var colours: [PatternColor]

  /// `size` pixels of `image` at positions drawn from `rng`.
  static func sample(_ image: RGBAImage, rng: inout Xoshiro256StarStar) -> PatternPalette {
    let colours = (0..<size).map { _ -> PatternColor in
      let x = Int(rng.next(below: UInt64(image.width)))
      let y = Int(rng.next(below: UInt64(image.height)))
      let o = (y * image.width + x) * 4
      return PatternColor(
        r: Double(image.pixels[o]), g: Double(image.pixels[o + 1]), b: Double(image.pixels[o + 2]))
    }
    return PatternPalette(colours: colours)
  }

  /// One of the colours, drawn from `rng`.
  func pick(_ rng: inout Xoshiro256StarStar) -> PatternColor {
    colours[Int(rng.next(below: UInt64(colours.count)))]
  }
}

extension PatternColor {
  /// Rec. 601 luma (0…255).
  var luma: Double { 0.299 * r + 0.587 * g + 0.114 * b }

  /// This colour's hue at luma `target`, its chroma (the channels' offsets from luma) scaled by
  /// `chroma`, or by less where the full scale would leave 0…255.
  func toned(luma target: Double, chroma: Double) -> PatternColor {
    let y = luma
    let offsets = [r - y, g - y, b - y]
    var f = chroma
    for d in offsets where d != 0 {
      let limit = d > 0 ? (255 - target) / d : -target / d
      f = min(f, max(0, limit))
    }
    return PatternColor(r: target + offsets[0] * f, g: target + offsets[1] * f, b: target + offsets[2] * f)
  }
}

/// Per-pixel, per-channel grain in −1…1: a hash of a salt and the pixel, so the same salt gives
/// the same grain on every machine (integer arithmetic only).
struct PatternGrain: Sendable {
  var salt: UInt64

  func value(x: Int, y: Int, channel: Int) -> Double {
    var z = salt &+ UInt64(truncatingIfNeeded: x) &* 0x9E37_79B9_7F4A_7C15
    z ^= UInt64(truncatingIfNeeded: y) &* 0xC2B2_AE3D_27D4_EB4F &+ UInt64(channel) &* 0x1656_67B1_9E37_79F9
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) * 0x1.0p-52 - 1
  }
}

extension PatternGrain {
  /// Adds `amplitude` × the grain to every channel of every pixel of `image` (alpha untouched).
  func apply(to image: inout RGBAImage, amplitude: Double) {
    for y in 0..<image.height {
      for x in 0..<image.width {
        let o = (y * image.width + x) * 4
        for k in 0..<3 {
          let v = Double(image.pixels[o + k]) + amplitude * value(x: x, y: y, channel: k)
          image.pixels[o + k] = UInt8(clamping: Int(v.rounded()))
        }
      }
    }
  }
}
