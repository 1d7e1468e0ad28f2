public import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
public import VectorRaster

/// The hardened hole: the picture inside the hole is replaced, not shaded. Its fill is
/// the surroundings' colour carried inwards (a normalised blur of the pixels around the hole, so
/// nothing of the cut-out picture remains), desaturated, with a colour cast of unchanged
/// brightness, a gentle lighting ramp and stripes whose contrast follows the surroundings'
/// texture. Direction, period, phase, saturation, cast and lighting are drawn per hole from the
/// seed.
///
/// Why it looks like this: a shaded hole is a per-pixel affine function of the photo, which masked
/// correlation finds exactly; a darkened hole shows in brightness profiles; a crisp outline is what
/// edge template matching looks for; a busy or flat patch shows in local-contrast profiles. Here
/// the mean brightness is continuous across the edge, the stripes have about the local contrast of
/// the outside, the visible edge sits `inset` pixels inside the piece's outline (the piece's rim
/// covers that band), and what makes the hole plain to a person, the colour cast, is invisible in
/// grey levels. The parameters were tuned with the attack suite in tools/attacks.
public struct StripedHole: SeededHoleStyle, Equatable {
  /// Strength of the look, 0…1. At 0.75 (default): stripes 1.8 times the local contrast and at
  /// least ±8 levels, and a colour cast of 52 (chroma units, brightness unchanged; less where a
  /// channel would clip).
  public var opacity: Double = 0.75
  /// How far inside the piece's outline the visible hole starts, in pixels.
  public var inset: Double = 4
  /// The seed `render(into:weight:)` uses.
  public var seed: UInt64 = 0

  public init(opacity: Double = 0.75, inset: Double = 4, seed: UInt64 = 0) {
    self.opacity = opacity
    self.inset = inset
    self.seed = seed
  }

  public var name: String { "stripes" }
  public var needsAlpha: Bool { false }

  public func render(into image: inout RGBAImage, weight: CoverageMask, seed: UInt64) {
    guard let clipped = HolePixels.clip(weight, to: image) else { return }
    let visible = clipped.eroded(radius: inset)
    guard visible.data.contains(where: { $0 > 0 }) else { return }
    var rng = Xoshiro256StarStar(seed: seed, stream: 0x7374)  // "st"

    // Work on the hole's box plus a margin wide enough for the blur to reach the middle. Large
    // holes are measured on a grid `scale` times coarser (the fill is smooth anyway), which keeps
    // memory and time proportional to a 96-pixel hole whatever the picture's size.
    let box = visible.rect
    let scale = max(1, max(box.width, box.height) / 96)
    let radius = max(4, (max(box.width, box.height) + 5) / 6)
    let margin = 3 * radius + 2
    let region = PixelRect(
      x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin
    ).intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
    let fill: SurroundingsFill
    if scale == 1 {
      fill = SurroundingsFill(image: image, region: region, hole: visible.cropped(to: region), radius: radius)
    } else {
      let (small, smallHole) = Self.downsample(image, region: region, hole: visible, by: scale)
      fill = SurroundingsFill(
        image: small, region: smallHole.rect, hole: smallHole, radius: max(4, radius / scale))
    }
    let look = Look(draw: &rng, opacity: opacity, scale: Double(scale))

    let imageWidth = image.width
    let centreX = Double(box.x + box.width / 2)
    let centreY = Double(box.y + box.height / 2)
    let s = Double(scale)
    visible.data.withUnsafeBufferPointer { wp in
      image.pixels.withUnsafeMutableBufferPointer { px in
        for y in 0..<box.height {
          for x in 0..<box.width {
            let a = Int32(wp[y * box.width + x])
            guard a > 0 else { continue }
            let ix = box.x + x
            let iy = box.y + y
            let gx = Double(ix)
            let gy = Double(iy)
            var colour: (Double, Double, Double)
            let contrast: Double
            if scale == 1 {
              colour = fill.colour(x: ix - region.x, y: iy - region.y)
              contrast = fill.contrast(x: ix - region.x, y: iy - region.y)
            } else {
              // Centre of the pixel in grid coordinates.
              let u = (gx - Double(region.x) + 0.5) / s - 0.5
              let v = (gy - Double(region.y) + 0.5) / s - 0.5
              (colour, contrast) = fill.sample(x: u, y: v)
            }
            let grey = (colour.0 + colour.1 + colour.2) / 3
            let stripe = look.stripe(x: gx, y: gy)
            let amplitude = look.amplitude(localContrast: contrast)
            let light = look.ramp(x: gx - centreX, y: gy - centreY)
            let shift = light + amplitude * stripe
            colour.0 = grey + (colour.0 - grey) * look.saturation + shift
            colour.1 = grey + (colour.1 - grey) * look.saturation + shift
            colour.2 = grey + (colour.2 - grey) * look.saturation + shift
            colour = Self.cast(colour, look.tint)
            let p = (iy * imageWidth + ix) * 4
            px[p] = Self.mix(px[p], colour.0, a)
            px[p + 1] = Self.mix(px[p + 1], colour.1, a)
            px[p + 2] = Self.mix(px[p + 2], colour.2, a)
          }
        }
      }
    }
  }

  /// The region of `image` and the hole's coverage, averaged over `k`×`k` cells (partial cells at
  /// the right and bottom average what they hold). Returns them at the grid's origin (0, 0).
  ///
  /// The sums are exact integers, gathered in three passes that each touch only what they need:
  /// colour row by row, one cell's run of `k` pixels at a time; coverage over the hole mask's own
  /// rows (it is zero elsewhere); a cell's pixel count from its size.
  static func downsample(_ image: RGBAImage, region: PixelRect, hole: CoverageMask, by k: Int)
    -> (RGBAImage, CoverageMask)
  {
    let gw = (region.width + k - 1) / k
    let gh = (region.height + k - 1) / k
    var colour = [Int](repeating: 0, count: gw * gh * 3)
    var covered = [Int](repeating: 0, count: gw * gh)
    // Wrapping arithmetic: every index lies inside the picture, the region or the grid, and a
    // cell's sum is at most 255 × k², so nothing can overflow and the loops carry no checks.
    colour.withUnsafeMutableBufferPointer { sums in
      image.pixels.withUnsafeBufferPointer { px in
        for y in 0..<region.height {
          let cells = sums.baseAddress! + (y / k) &* gw &* 3
          let row = px.baseAddress! + ((region.y &+ y) &* image.width &+ region.x) &* 4
          for cx in 0..<gw {
            var (r, g, b) = (0, 0, 0)
            for x in (cx &* k)..<min(region.width, (cx &+ 1) &* k) {
              let p = row + x &* 4
              r &+= Int(p[0])
              g &+= Int(p[1])
              b &+= Int(p[2])
            }
            let c = cells + cx &* 3
            c[0] &+= r
            c[1] &+= g
            c[2] &+= b
          }
        }
      }
    }
    let inside = hole.rect.intersection(region)
    covered.withUnsafeMutableBufferPointer { sums in
      hole.data.withUnsafeBufferPointer { data in
        for iy in inside.y..<inside.maxY {
          let cells = sums.baseAddress! + ((iy &- region.y) / k) &* gw
          let row = (iy &- hole.rect.y) &* hole.rect.width &- hole.rect.x
          for ix in inside.x..<inside.maxX {
            cells[(ix &- region.x) / k] &+= Int(data[row &+ ix])
          }
        }
      }
    }
    var small = RGBAImage(width: gw, height: gh)
    var mask = CoverageMask(zeroOver: PixelRect(x: 0, y: 0, width: gw, height: gh))
    for cy in 0..<gh {
      let rows = min(k, region.height - cy * k)
      for cx in 0..<gw {
        let i = cy * gw + cx
        let n = rows * min(k, region.width - cx * k)
        for c in 0..<3 { small.pixels[i * 4 + c] = UInt8((colour[i * 3 + c] + n / 2) / n) }
        mask.data[i] = UInt8((covered[i] + n / 2) / n)
      }
    }
    return (small, mask)
  }

  /// `colour` plus as much of the equal-luma `tint` as fits in 0…255 on every channel, so
  /// clipping never changes the brightness.
  @inline(__always) static func cast(_ colour: (Double, Double, Double), _ tint: (Double, Double, Double))
    -> (Double, Double, Double)
  {
    var k = 1.0
    for (c, t) in [(colour.0, tint.0), (colour.1, tint.1), (colour.2, tint.2)] where t != 0 {
      let room = t > 0 ? (255 - c) / t : -c / t
      k = min(k, max(0, room))
    }
    return (colour.0 + k * tint.0, colour.1 + k * tint.1, colour.2 + k * tint.2)
  }

  /// `old` moved towards `value` (clamped to 0…255) by `a`/255.
  @inline(__always) static func mix(_ old: UInt8, _ value: Double, _ a: Int32) -> UInt8 {
    let v = Int32(max(0, min(255, value)).rounded())
    return UInt8((Int32(old) * (255 - a) + v * a + 127) / 255)
  }

  /// One hole's random choices.
  struct Look {
    var direction: (Double, Double)
    var period: Double
    var phase: Double
    var saturation: Double
    var rampDirection: (Double, Double)
    var rampStrength: Double
    var gain: Double
    var floor: Double
    var tint: (Double, Double, Double)

    /// `scale`: how many pixels one step of the measuring grid spans (stripes and lighting are
    /// drawn in the same proportion to the hole whatever its size).
    init(draw rng: inout Xoshiro256StarStar, opacity: Double, scale: Double = 1) {
      direction = Self.directions[Int(rng.next(below: UInt64(Self.directions.count)))]
      period = rng.nextDouble(in: 4, 7) * scale
      phase = rng.nextDouble()
      saturation = rng.nextDouble(in: 0.2, 0.4)
      let r = Self.directions[Int(rng.next(below: UInt64(Self.directions.count)))]
      rampDirection = rng.next(below: 2) == 0 ? r : (-r.0, -r.1)
      rampStrength = 20.0 / 30.0 / scale
      gain = 2.4 * opacity
      floor = 32.0 / 3.0 * opacity
      // A colour cast of equal luma (BT.601): a hue the eye sees at once and grey-level attacks
      // do not; its direction is drawn per hole.
      let h = Self.directions[Int(rng.next(below: UInt64(Self.directions.count)))]
      let sign = rng.next(below: 2) == 0 ? 1.0 : -1.0
      let cb = sign * h.0 * 70 * opacity
      let cr = sign * h.1 * 70 * opacity
      tint = (1.402 * cr, -0.344 * cb - 0.714 * cr, 1.772 * cb)
    }

    /// A clipped triangle wave across the stripes, −1…1 (libm-free, so identical everywhere).
    func stripe(x: Double, y: Double) -> Double {
      let u = (x * direction.0 + y * direction.1) / period + phase
      let f = u - u.rounded(.down)  // 0…1
      let tri = 4 * abs(f - 0.5) - 1  // −1…1
      return max(-1, min(1, 1.5 * tri))
    }

    /// Stripe amplitude in levels for a local contrast (standard deviation, levels).
    func amplitude(localContrast c: Double) -> Double { gain * max(c, floor / max(gain, 1e-9)) }

    /// Lighting change in levels at an offset from the hole's centre.
    func ramp(x: Double, y: Double) -> Double { rampStrength * (x * rampDirection.0 + y * rampDirection.1) }

    /// Sixteen directions over half a turn (cos, sin of k·π/16).
    static let directions: [(Double, Double)] = [
      (1, 0),
      (0.98078528040323043, 0.19509032201612825),
      (0.92387953251128674, 0.38268343236508978),
      (0.83146961230254524, 0.55557023301960218),
      (0.70710678118654757, 0.70710678118654746),
      (0.55557023301960229, 0.83146961230254524),
      (0.38268343236508984, 0.92387953251128674),
      (0.19509032201612833, 0.98078528040323043),
      (0, 1),
      (-0.19509032201612819, 0.98078528040323043),
      (-0.38268343236508973, 0.92387953251128674),
      (-0.55557023301960196, 0.83146961230254546),
      (-0.70710678118654746, 0.70710678118654757),
      (-0.83146961230254535, 0.55557023301960218),
      (-0.92387953251128674, 0.38268343236508989),
      (-0.98078528040323043, 0.19509032201612861),
    ]
  }
}
