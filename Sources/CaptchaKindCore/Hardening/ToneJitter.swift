package import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// The colour part of a background variation, applied in place: a per-channel curve
/// (gamma, then gain, then brightness offset) through 256-entry tables, a saturation change about
/// each pixel's luma, then fine noise. Integer arithmetic per pixel; alpha is left unchanged.
package struct ToneJitter: Equatable {
  /// Per-channel gains (R, G, B).
  package var gain: [Double] = [1, 1, 1]
  /// Offset in levels, added after gain.
  package var brightness: Int = 0
  /// Exponent applied to values in 0…1 (1 = none).
  package var gamma: Double = 1
  /// 1 = unchanged, 0 = grey, above 1 more colourful.
  package var saturation: Double = 1
  /// Noise amplitude in levels (0 = none).
  package var noise: Int = 0
  /// Seeds the per-pixel noise hash.
  package var noiseSeed: UInt64 = 0

  package init(
    gain: [Double] = [1, 1, 1], brightness: Int = 0, gamma: Double = 1, saturation: Double = 1,
    noise: Int = 0,
    noiseSeed: UInt64 = 0
  ) {
    self.gain = gain
    self.brightness = brightness
    self.gamma = gamma
    self.saturation = saturation
    self.noise = noise
    self.noiseSeed = noiseSeed
  }

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

  /// Applies the tone to the whole picture, in row bands on up to `threads` threads (the same
  /// pixels for any count: each pixel's noise depends only on its index).
  package func apply(to image: inout RGBAImage, threads: Int = 1) {
    guard !isIdentity else { return }
    let rows = Rows(self)
    let width = image.width
    let bands = ForkJoin.bands(
      image.height, parts: image.width * image.height >= Self.pixelsPerThread ? threads : 1)
    image.pixels.withUnsafeMutableBufferPointer { px in
      ForkJoin.run(parts: bands.count, threads: threads) { part in
        for y in bands[part] {
          rows.apply(
            to: UnsafeMutableBufferPointer(rebasing: px[y * width * 4..<(y + 1) * width * 4]), row: y)
        }
      }
    }
  }

  /// Pictures smaller than this many pixels are toned on one thread (a thread costs more).
  static let pixelsPerThread = 1 << 18

  /// The tone made ready to apply row by row: the curves and the noise's remainder table.
  struct Rows {
    /// The tone changes nothing (worked out once, not per row).
    let isIdentity: Bool
    let noiseSeed: UInt64
    let lut: [[UInt8]]
    let sat: Int
    let amp: Int
    /// `remainder[v]` = v % (amp + 1) for every 10-bit v: the noise's two uniforms per channel
    /// without a division per pixel.
    let remainder: [UInt16]

    init(_ tone: ToneJitter) {
      isIdentity = tone.isIdentity
      noiseSeed = tone.noiseSeed
      lut = tone.tables()
      sat = Int((tone.saturation * 256).rounded())
      amp = tone.noise
      let span = tone.noise + 1
      remainder = (0..<1024).map { UInt16($0 % span) }
    }

    /// `v` clamped to 0…255, without branches.
    @inline(__always) static func byte(_ v: Int) -> UInt8 { UInt8(truncatingIfNeeded: min(max(v, 0), 255)) }

    /// Tones one row of RGBA pixels, the picture's row `y` (it seeds the noise of each pixel).
    func apply(to px: UnsafeMutableBufferPointer<UInt8>, row y: Int) {
      guard !isIdentity else { return }
      let (sat, amp, seed) = (sat, amp, noiseSeed)
      let first = y * (px.count / 4)
      lut[0].withUnsafeBufferPointer { lr in
        lut[1].withUnsafeBufferPointer { lg in
          lut[2].withUnsafeBufferPointer { lb in
            remainder.withUnsafeBufferPointer { m in
              // Wrapping arithmetic: every value stays within a few thousand, so nothing wraps and
              // the loop carries no overflow checks.
              for x in 0..<px.count / 4 {
                let p = x &* 4
                var r = Int(lr[Int(px[p])])
                var g = Int(lg[Int(px[p &+ 1])])
                var b = Int(lb[Int(px[p &+ 2])])
                if sat != 256 {
                  let l = (77 &* r &+ 150 &* g &+ 29 &* b &+ 128) >> 8
                  r = l &+ (sat &* (r &- l) &+ 128) >> 8
                  g = l &+ (sat &* (g &- l) &+ 128) >> 8
                  b = l &+ (sat &* (b &- l) &+ 128) >> 8
                }
                if amp > 0 {
                  // Six 10-bit fields: two uniforms per channel, summed (triangular in ±amp).
                  let hv = ToneJitter.hash(seed, UInt64(first &+ x))
                  @inline(__always) func u(_ shift: UInt64) -> Int { Int(m[Int((hv >> shift) & 1023)]) }
                  r = r &+ u(0) &+ u(10) &- amp
                  g = g &+ u(20) &+ u(30) &- amp
                  b = b &+ u(40) &+ u(50) &- amp
                }
                px[p] = Self.byte(r)
                px[p &+ 1] = Self.byte(g)
                px[p &+ 2] = Self.byte(b)
              }
            }
          }
        }
      }
    }
  }
}
