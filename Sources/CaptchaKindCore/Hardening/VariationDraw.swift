import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// The random choices of a `BackgroundVariation` for one captcha. Each part draws from its own
/// stream of the captcha's seed, so changing one knob never shifts the others' values (nor the
/// placement or the shape, which have streams of their own).
extension BackgroundVariation {
  /// Stream numbers for `Xoshiro256StarStar(seed:stream:)`.
  enum Stream {
    static let crop: UInt64 = 0x7663  // "vc"
    static let rotation: UInt64 = 0x7672  // "vr"
    static let tone: UInt64 = 0x7674  // "vt"
    static let noise: UInt64 = 0x766e  // "vn"
  }

  /// The angle in degrees: whole tenths, uniform in ±maxRotation (0 when off).
  func drawRotation(seed: UInt64) -> Double {
    let tenths = Int((maxRotation * 10).rounded(.down))
    guard tenths > 0 else { return 0 }
    var rng = Xoshiro256StarStar(seed: seed, stream: Stream.rotation)
    return Double(rng.nextInt(in: -tenths...tenths)) / 10
  }

  /// The crop window in a `sourceWidth`×`sourceHeight` source: aspect ratio `aspect`
  /// (width / height), scale in [minCropScale, 1] (thousandths) of the largest such window that,
  /// turned by `degrees`, still fits inside the source; a random whole-pixel position among those
  /// where the turned window stays inside. Without crop jitter: the largest window, centred.
  func drawWindow(sourceWidth sw: Int, sourceHeight sh: Int, aspect: Double, degrees: Double, seed: UInt64)
    -> PixelRect
  {
    let (sn0, cs0) = PortableMath.sinCos(degrees: degrees)
    let sn = abs(sn0)
    let cs = abs(cs0)
    let W = Double(sw)
    let H = Double(sh)
    let largest = min(H / (aspect * sn + cs), W / (aspect * cs + sn))
    var rng = Xoshiro256StarStar(seed: seed, stream: Stream.crop)
    let jitter = minCropScale < 1
    let scale = jitter ? Double(rng.nextInt(in: Int((minCropScale * 1000).rounded(.up))...1000)) / 1000 : 1
    // Whole-pixel top-left positions that keep the turned window's bounding box inside the
    // source, along one axis; nil when there is none (rounding), and the window shrinks by a pixel.
    func positions(_ size: Int, _ box: Double, _ limit: Double) -> ClosedRange<Int>? {
      let lo = Int(((box - Double(size)) / 2 - 1e-9).rounded(.up))
      let hi = Int((limit - (box + Double(size)) / 2 + 1e-9).rounded(.down))
      return lo <= hi ? lo...hi : nil
    }
    var h = max(1, min(sh, Int((largest * scale).rounded())))
    while true {
      let w = max(1, min(sw, Int((Double(h) * aspect).rounded())))
      let bw = Double(w) * cs + Double(h) * sn
      let bh = Double(w) * sn + Double(h) * cs
      if let xs = positions(w, bw, W), let ys = positions(h, bh, H) {
        func pick(_ r: ClosedRange<Int>, _ size: Int, _ limit: Int) -> Int {
          jitter ? rng.nextInt(in: r) : min(max((limit - size) / 2, r.lowerBound), r.upperBound)
        }
        let x = pick(xs, w, sw)
        let y = pick(ys, h, sh)
        return PixelRect(x: x, y: y, width: w, height: h)
      }
      guard h > 1 else { return PixelRect(x: (sw - w) / 2, y: (sh - h) / 2, width: w, height: h) }
      h -= 1
    }
  }

  /// The colour jitter (identity when `color` and `noise` are 0): gains and gamma and
  /// saturation in thousandths, brightness in whole levels.
  func drawTone(seed: UInt64) -> ToneJitter {
    var t = ToneJitter()
    if color > 0 {
      var rng = Xoshiro256StarStar(seed: seed, stream: Stream.tone)
      func thousandths(_ center: Double, _ spread: Double) -> Double {
        let k = Int((spread * 1000).rounded(.down))
        return Double(Int((center * 1000).rounded()) + rng.nextInt(in: -k...k)) / 1000
      }
      t.gain = (0..<3).map { _ in thousandths(1, 0.08 * color) }
      let b = Int((16 * color).rounded(.down))
      t.brightness = rng.nextInt(in: -b...b)
      t.gamma = thousandths(1, 0.25 * color)
      t.saturation = thousandths(1, 0.25 * color)
    }
    t.noise = noise
    if noise > 0 {
      var rng = Xoshiro256StarStar(seed: seed, stream: Stream.noise)
      t.noiseSeed = rng.next()
    }
    return t
  }
}
