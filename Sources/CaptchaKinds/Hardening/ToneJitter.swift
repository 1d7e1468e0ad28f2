import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// The colour part of a background variation, applied in place: a per-channel curve
/// (gamma, then gain, then brightness offset) through 256-entry tables, a saturation change about
/// each pixel's luma, then fine noise. Integer arithmetic per pixel; alpha is left unchanged.
struct ToneJitter: Equatable {
  /// Per-channel gains (R, G, B).
  var gain: [Double] = [1, 1, 1]
  /// Offset in levels, added after gain.
  var brightness: Int = 0
  /// Exponent applied to values in 0…1 (1 = none).
  var gamma: Double = 1
  /// 1 = unchanged, 0 = grey, above 1 more colourful.
  var saturation: Double = 1
  /// Noise amplitude in levels (0 = none).
  var noise: Int = 0
  /// Seeds the per-pixel noise hash.
  var noiseSeed: UInt64 = 0

  var isIdentity: Bool {
    gain == [1, 1, 1] && brightness == 0 && gamma == 1 && saturation == 1 && noise == 0
  }

  /// The three channel curves.
  func tables() -> [[UInt8]] {
    let curve: [Double] = (0..<256).map { i in
      gamma == 1 ? Double(i) : 255 * PortableMath.pow(Double(i) / 255, gamma)
    }
    return gain.map { g in
      curve.map { v in UInt8(clamping: Int((v * g + Double(brightness)).rounded())) }
    }
  }

  /// A 64-bit hash of (seed, pixel index): SplitMix64's finaliser.
  @inline(__always) static func hash(_ seed: UInt64, _ i: UInt64) -> UInt64 {
    var z = seed &+ i &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  func apply(to image: inout RGBAImage) {
    guard !isIdentity else { return }
    let lut = tables()
    let sat = Int((saturation * 256).rounded())
    let amp = UInt64(noise)
    let span = amp + 1
    let seed = noiseSeed
    let count = image.width * image.height
    lut[0].withUnsafeBufferPointer { lr in
      lut[1].withUnsafeBufferPointer { lg in
        lut[2].withUnsafeBufferPointer { lb in
          image.pixels.withUnsafeMutableBufferPointer { px in
            for i in 0..<count {
              let p = i * 4
              var r = Int(lr[Int(px[p])])
              var g = Int(lg[Int(px[p + 1])])
              var b = Int(lb[Int(px[p + 2])])
              if sat != 256 {
                let l = (77 * r + 150 * g + 29 * b + 128) >> 8
                r = l + (sat * (r - l) + 128) >> 8
                g = l + (sat * (g - l) + 128) >> 8
                b = l + (sat * (b - l) + 128) >> 8
              }
              if amp > 0 {
                // Six 10-bit fields: two uniforms per channel, summed (triangular in ±amp).
                let hv = Self.hash(seed, UInt64(i))
                r += Int((hv & 1023) % span + ((hv >> 10) & 1023) % span) - Int(amp)
                g += Int(((hv >> 20) & 1023) % span + ((hv >> 30) & 1023) % span) - Int(amp)
                b += Int(((hv >> 40) & 1023) % span + ((hv >> 50) & 1023) % span) - Int(amp)
              }
              px[p] = UInt8(clamping: r)
              px[p + 1] = UInt8(clamping: g)
              px[p + 2] = UInt8(clamping: b)
            }
          }
        }
      }
    }
  }
}
