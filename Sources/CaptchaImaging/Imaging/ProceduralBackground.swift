import CaptchaSupport
import VectorRaster

/// The built-in background used when `make` gets no `--image`: a small landscape — sky gradient,
/// sun or moon with a glow, soft clouds, layered hills with haze and trees, fine texture and grain.
///
/// Every choice (palette, horizon, sun, clouds, ridge lines, trees, texture) is drawn from the
/// seed, so each seed gives a different picture and the same seed always gives the same pixels.
/// Only +, −, ×, ÷, sqrt and floor are used (no libm transcendental functions, whose last bits
/// differ between platforms), so the bytes are identical on every machine.
public enum ProceduralBackground {
  /// The default built-in size, 320×160.
  public static let defaultWidth = 320
  public static let defaultHeight = 160

  /// Renders a `width`×`height` opaque landscape for `seed`.
  public static func make(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    make(width: width, height: height, seed: seed, bandRows: max(1, 65_536 / max(1, width)))
  }

  /// `make` rendering `bandRows` rows at a time (the result does not depend on it).
  static func make(width: Int, height: Int, seed: UInt64, bandRows: Int) -> RGBAImage {
    precondition(width > 0 && height > 0, "background size must be positive")
    var rng = Xoshiro256StarStar(seed: seed, stream: 0x6267)  // "bg"
    // Every random choice is made first, recording pointwise drawing operations; the operations
    // are then replayed band by band, so memory stays one output image plus one small band.
    var ops: [(inout Canvas) -> Void] = []
    // Night is one palette in eleven draws; the five daylight palettes share the rest evenly.
    let pick = Int(rng.next(below: 11))
    let palette = Palette.all[pick == 10 ? 5 : pick / 2].jittered(&rng)
    let w = Double(width)
    let h = Double(height)
    let horizon = h * rng.nextDouble(in: 0.42, 0.62)

    // Sky: top colour to horizon colour, eased.
    ops.append { c in
      c.fillRows { y in
        let t = smoothstep(0, horizon * 1.15, Double(y) + 0.5)
        return palette.skyTop.mix(palette.skyHorizon, t)
      }
    }

    // Stars at night.
    if palette.night {
      let n = Int(w * h / 180)
      for _ in 0..<n {
        let x = rng.nextDouble() * w
        let y = rng.nextDouble() * horizon
        let r = rng.nextDouble(in: 0.35, 0.9)
        let a = rng.nextDouble(in: 0.3, 0.9)
        ops.append { $0.disc(x, y, r, soft: 0.6, color: RGB(1, 1, 0.95), alpha: a) }
      }
    }

    // Sun (or moon) with a wide glow.
    let sunR = h * rng.nextDouble(in: 0.06, 0.11)
    let sunX = w * rng.nextDouble(in: 0.12, 0.88)
    let sunY = horizon * rng.nextDouble(in: 0.25, 0.75)
    ops.append { $0.glow(sunX, sunY, radius: sunR * 6, color: palette.sun, strength: 0.55) }
    ops.append { $0.disc(sunX, sunY, sunR, soft: 1.2, color: palette.sun, alpha: 1) }

    // Clouds: clusters of soft ellipses.
    let clouds = 2 + Int(rng.next(below: 4))
    for _ in 0..<clouds {
      let cx = rng.nextDouble() * w
      let cy = horizon * rng.nextDouble(in: 0.1, 0.7)
      let size = h * rng.nextDouble(in: 0.05, 0.1)
      let alpha = rng.nextDouble(in: 0.45, 0.8)
      let puffs = 4 + Int(rng.next(below: 4))
      for _ in 0..<puffs {
        let px = cx + rng.nextDouble(in: -2.2, 2.2) * size
        let py = cy + rng.nextDouble(in: -0.4, 0.4) * size
        let r = size * rng.nextDouble(in: 0.7, 1.4)
        ops.append {
          $0.ellipse(px, py, r * 1.6, r, soft: r * 0.6, color: palette.cloud, alpha: alpha * 0.6)
        }
      }
    }

    // Hills: far to near, each lower, darker and less hazy; trees on the nearer ones.
    let layers = 3 + Int(rng.next(below: 2))
    for l in 0..<layers {
      let t = Double(l) / Double(layers - 1)
      let base = horizon + (h - horizon) * (0.05 + 0.55 * t) - h * 0.08
      let amp = h * (0.22 - 0.08 * t) * rng.nextDouble(in: 0.7, 1.3)
      let freq = rng.nextDouble(in: 1.5, 3.5) / w * (1 + t)
      let noiseSeed = rng.next()
      let ridge = (0..<width).map { x in
        base - amp * fbm1(Double(x) * freq, seed: noiseSeed, octaves: 4)
      }
      let haze = (1 - t) * 0.55
      let top = palette.hillFar.mix(palette.hillNear, t).mix(palette.skyHorizon, haze)
      let bottom = top.scaled(0.72 + 0.2 * (1 - t))
      ops.append { $0.fillBelow(ridge) { depth in top.mix(bottom, smoothstep(0, h * 0.5, depth)) } }
      if t > 0.4 {
        let trees = Int(w / 18 * rng.nextDouble(in: 0.3, 1.0))
        for _ in 0..<trees {
          let treeColor = bottom.scaled(rng.nextDouble(in: 0.6, 0.85))
          let x = rng.nextDouble() * w
          let xi = min(width - 1, max(0, Int(x)))
          let th = h * rng.nextDouble(in: 0.04, 0.09) * (0.6 + t)
          let ty = ridge[xi] + th * 0.25
          ops.append {
            $0.ellipse(x, ty - th * 0.5, th * 0.32, th * 0.55, soft: 0.8, color: treeColor, alpha: 0.9)
          }
        }
      }
    }

    // Texture: low-frequency value-noise shading plus per-pixel grain.
    let texSeed = rng.next()
    let grainSeed = rng.next()
    let texScale = 1 / (h * 0.06)
    ops.append {
      $0.modulate { x, y in
        let n = fbm2(Double(x) * texScale, Double(y) * texScale, seed: texSeed, octaves: 3)
        let g = Double(hash2(x, y, grainSeed) >> 11) * 0x1.0p-53
        return 1 + 0.10 * (n - 0.5) + 0.05 * (g - 0.5)
      }
    }

    var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
    var y0 = 0
    while y0 < height {
      var band = Canvas(width: width, rows: y0..<min(height, y0 + bandRows))
      for op in ops { op(&band) }
      band.write(into: &image)
      y0 += bandRows
    }
    return image
  }
}

// MARK: - Colour, palettes and drawing helpers

/// A linear mix-friendly colour in 0…1 per channel.
struct RGB {
  var r, g, b: Double
  init(_ r: Double, _ g: Double, _ b: Double) {
    self.r = r
    self.g = g
    self.b = b
  }
  func mix(_ o: RGB, _ t: Double) -> RGB {
    RGB(r + (o.r - r) * t, g + (o.g - g) * t, b + (o.b - b) * t)
  }
  func scaled(_ s: Double) -> RGB { RGB(r * s, g * s, b * s) }
}

/// A set of colours for one "time of day".
struct Palette {
  var skyTop, skyHorizon, sun, cloud, hillFar, hillNear: RGB
  var night = false

  static let all: [Palette] = [
    // Clear day.
    Palette(
      skyTop: RGB(0.20, 0.45, 0.82), skyHorizon: RGB(0.72, 0.86, 0.96), sun: RGB(1.0, 0.97, 0.82),
      cloud: RGB(1, 1, 1), hillFar: RGB(0.42, 0.58, 0.68), hillNear: RGB(0.20, 0.46, 0.20)),
    // Sunset.
    Palette(
      skyTop: RGB(0.22, 0.20, 0.48), skyHorizon: RGB(0.99, 0.60, 0.36), sun: RGB(1.0, 0.86, 0.52),
      cloud: RGB(0.98, 0.74, 0.70), hillFar: RGB(0.52, 0.34, 0.48), hillNear: RGB(0.16, 0.12, 0.22)),
    // Pastel dawn.
    Palette(
      skyTop: RGB(0.52, 0.64, 0.88), skyHorizon: RGB(0.99, 0.84, 0.76), sun: RGB(1.0, 0.95, 0.80),
      cloud: RGB(1, 0.95, 0.95), hillFar: RGB(0.60, 0.62, 0.76), hillNear: RGB(0.30, 0.42, 0.38)),
    // Autumn.
    Palette(
      skyTop: RGB(0.30, 0.52, 0.80), skyHorizon: RGB(0.90, 0.89, 0.80), sun: RGB(1.0, 0.94, 0.75),
      cloud: RGB(1, 0.98, 0.94), hillFar: RGB(0.62, 0.56, 0.46), hillNear: RGB(0.58, 0.30, 0.10)),
    // Desert.
    Palette(
      skyTop: RGB(0.30, 0.58, 0.86), skyHorizon: RGB(0.96, 0.86, 0.66), sun: RGB(1.0, 0.98, 0.86),
      cloud: RGB(1, 0.98, 0.92), hillFar: RGB(0.84, 0.64, 0.44), hillNear: RGB(0.70, 0.42, 0.22)),
    // Moonlit night.
    Palette(
      skyTop: RGB(0.03, 0.05, 0.16), skyHorizon: RGB(0.18, 0.22, 0.42), sun: RGB(0.95, 0.95, 0.86),
      cloud: RGB(0.45, 0.48, 0.62), hillFar: RGB(0.14, 0.16, 0.30), hillNear: RGB(0.04, 0.07, 0.12),
      night: true),
  ]

  /// The palette with every colour nudged a little, so two seeds with one palette still differ.
  func jittered(_ rng: inout Xoshiro256StarStar) -> Palette {
    func j(_ c: RGB) -> RGB {
      let s = rng.nextDouble(in: 0.9, 1.08)
      return RGB(
        min(1, c.r * s + rng.nextDouble(in: -0.04, 0.04)),
        min(1, c.g * s + rng.nextDouble(in: -0.04, 0.04)),
        min(1, c.b * s + rng.nextDouble(in: -0.04, 0.04)))
    }
    var p = self
    p.skyTop = j(skyTop)
    p.skyHorizon = j(skyHorizon)
    p.hillFar = j(hillFar)
    p.hillNear = j(hillNear)
    return p
  }
}

/// A band of rows of a floating-point RGB canvas (Float planes). Drawing calls take whole-image
/// coordinates and touch only the band's rows, so replaying the same calls band by band gives the
/// same pixels as drawing the whole image at once.
struct Canvas {
  let width: Int
  /// The image rows this band holds.
  let rows: Range<Int>
  var r: [Float]
  var g: [Float]
  var b: [Float]

  init(width: Int, rows: Range<Int>) {
    self.width = width
    self.rows = rows
    r = [Float](repeating: 0, count: width * rows.count)
    g = r
    b = r
  }

  /// The plane index of image pixel (x, y), y inside `rows`.
  @inline(__always) func index(_ x: Int, _ y: Int) -> Int { (y - rows.lowerBound) * width + x }

  mutating func blend(_ i: Int, _ c: RGB, _ a: Double) {
    let af = Float(a)
    r[i] += (Float(c.r) - r[i]) * af
    g[i] += (Float(c.g) - g[i]) * af
    b[i] += (Float(c.b) - b[i]) * af
  }

  mutating func fillRows(_ color: (Int) -> RGB) {
    for y in rows {
      let c = color(y)
      for x in 0..<width {
        let i = index(x, y)
        r[i] = Float(c.r)
        g[i] = Float(c.g)
        b[i] = Float(c.b)
      }
    }
  }

  /// The pixel range (inside this band) a shape centred at (cx, cy) with half-extents (rx, ry)
  /// can touch.
  func span(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> (Int, Int, Int, Int) {
    let x0 = max(0, Int((cx - rx).rounded(.down)))
    let x1 = min(width - 1, Int((cx + rx).rounded(.up)))
    let y0 = max(rows.lowerBound, Int((cy - ry).rounded(.down)))
    let y1 = min(rows.upperBound - 1, Int((cy + ry).rounded(.up)))
    return (x0, x1, y0, y1)
  }

  /// A disc of radius `radius` with an edge ramp `soft` pixels wide.
  mutating func disc(
    _ cx: Double, _ cy: Double, _ radius: Double, soft: Double, color: RGB, alpha: Double
  ) {
    ellipse(cx, cy, radius, radius, soft: soft, color: color, alpha: alpha)
  }

  /// An axis-aligned ellipse whose edge fades over about `soft` pixels.
  mutating func ellipse(
    _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, soft: Double, color: RGB,
    alpha: Double
  ) {
    guard rx > 0, ry > 0 else { return }
    let (x0, x1, y0, y1) = span(cx, cy, rx + soft, ry + soft)
    guard x0 <= x1, y0 <= y1 else { return }
    let scale = min(rx, ry)
    for y in y0...y1 {
      for x in x0...x1 {
        let dx = (Double(x) + 0.5 - cx) / rx
        let dy = (Double(y) + 0.5 - cy) / ry
        let d = (dx * dx + dy * dy).squareRoot()  // 1 on the edge
        let edge = (1 - d) * scale / max(soft, 0.5) + 0.5
        let a = alpha * smoothstep(0, 1, edge)
        if a > 0 { blend(index(x, y), color, a) }
      }
    }
  }

  /// A radial glow falling off as 1 / (1 + 4 (d/r)²)² (blended towards `color`).
  mutating func glow(_ cx: Double, _ cy: Double, radius: Double, color: RGB, strength: Double) {
    for y in rows {
      for x in 0..<width {
        let dx = (Double(x) + 0.5 - cx) / radius
        let dy = (Double(y) + 0.5 - cy) / radius
        let q = 1 / (1 + 4 * (dx * dx + dy * dy))
        blend(index(x, y), color, strength * q * q)
      }
    }
  }

  /// Fills every column below `ridge[x]` (anti-aliased at the ridge); `color(depth)` gives the
  /// colour at `depth` pixels below the ridge.
  mutating func fillBelow(_ ridge: [Double], color: (Double) -> RGB) {
    for x in 0..<width {
      let top = ridge[x]
      let y0 = max(rows.lowerBound, Int(top.rounded(.down)))
      guard y0 < rows.upperBound else { continue }
      for y in y0..<rows.upperBound {
        let cover = min(1, max(0, Double(y + 1) - top))
        if cover > 0 { blend(index(x, y), color(Double(y) + 0.5 - top), cover) }
      }
    }
  }

  /// Multiplies every pixel by `factor(x, y)`.
  mutating func modulate(_ factor: (Int, Int) -> Double) {
    for y in rows {
      for x in 0..<width {
        let i = index(x, y)
        let f = Float(factor(x, y))
        r[i] *= f
        g[i] *= f
        b[i] *= f
      }
    }
  }

  /// Writes this band's rows into `image` as opaque 8-bit RGBA.
  func write(into image: inout RGBAImage) {
    image.pixels.withUnsafeMutableBufferPointer { px in
      for y in rows {
        for x in 0..<width {
          let i = index(x, y)
          let o = (y * width + x) * 4
          px[o] = UInt8(max(0, min(255, (r[i] * 255).rounded())))
          px[o + 1] = UInt8(max(0, min(255, (g[i] * 255).rounded())))
          px[o + 2] = UInt8(max(0, min(255, (b[i] * 255).rounded())))
        }
      }
    }
  }
}

// MARK: - Noise (integer hashing, polynomial interpolation)

@inline(__always) func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
  let t = min(1, max(0, (x - e0) / (e1 - e0)))
  return t * t * (3 - 2 * t)
}

/// A 64-bit hash of a lattice point (SplitMix64's finaliser over the combined coordinates).
@inline(__always) func hash2(_ x: Int, _ y: Int, _ seed: UInt64) -> UInt64 {
  var z =
    seed &+ UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
    &+ UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
  z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
  z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
  return z ^ (z >> 31)
}

@inline(__always) func lattice(_ x: Int, _ y: Int, _ seed: UInt64) -> Double {
  Double(hash2(x, y, seed) >> 11) * 0x1.0p-53
}

/// 1-D value noise in [0, 1).
func noise1(_ x: Double, seed: UInt64) -> Double {
  let xf = x.rounded(.down)
  let i = Int(xf)
  let t = x - xf
  let s = t * t * (3 - 2 * t)
  let a = lattice(i, 0, seed)
  let b = lattice(i + 1, 0, seed)
  return a + (b - a) * s
}

/// 2-D value noise in [0, 1).
func noise2(_ x: Double, _ y: Double, seed: UInt64) -> Double {
  let xf = x.rounded(.down)
  let yf = y.rounded(.down)
  let i = Int(xf)
  let j = Int(yf)
  let tx = x - xf
  let ty = y - yf
  let sx = tx * tx * (3 - 2 * tx)
  let sy = ty * ty * (3 - 2 * ty)
  let a = lattice(i, j, seed)
  let b = lattice(i + 1, j, seed)
  let c = lattice(i, j + 1, seed)
  let d = lattice(i + 1, j + 1, seed)
  let top = a + (b - a) * sx
  let bottom = c + (d - c) * sx
  return top + (bottom - top) * sy
}

/// Fractal sum of `octaves` of 1-D value noise (each twice the frequency, half the amplitude),
/// normalised to [0, 1).
func fbm1(_ x: Double, seed: UInt64, octaves: Int) -> Double {
  var sum = 0.0
  var amp = 1.0
  var total = 0.0
  var f = 1.0
  for o in 0..<octaves {
    sum += amp * noise1(x * f, seed: seed &+ UInt64(o))
    total += amp
    amp *= 0.5
    f *= 2
  }
  return sum / total
}

/// Fractal sum of 2-D value noise, normalised to [0, 1).
func fbm2(_ x: Double, _ y: Double, seed: UInt64, octaves: Int) -> Double {
  var sum = 0.0
  var amp = 1.0
  var total = 0.0
  var f = 1.0
  for o in 0..<octaves {
    sum += amp * noise2(x * f, y * f, seed: seed &+ UInt64(o))
    total += amp
    amp *= 0.5
    f *= 2
  }
  return sum / total
}
