import CaptchaSupport

/// The stages of the built-in landscape, back to front. Each makes its random choices from `rng`
/// and returns the drawing operations they describe.
extension ProceduralBackground {
  /// Sky: top colour to horizon colour, eased.
  static func sky(_ s: Scene) -> [DrawOp] {
    [
      { c in
        c.fillRows { y in
          let t = smoothstep(0, s.horizon * 1.15, Double(y) + 0.5)
          return s.palette.skyTop.mix(s.palette.skyHorizon, t)
        }
      }
    ]
  }

  /// Stars above the horizon, at night only.
  static func stars(_ s: Scene, _ rng: inout Xoshiro256StarStar) -> [DrawOp] {
    guard s.palette.night else { return [] }
    return (0..<Int(s.w * s.h / 180)).map { _ in
      let x = rng.nextDouble() * s.w
      let y = rng.nextDouble() * s.horizon
      let r = rng.nextDouble(in: 0.35, 0.9)
      let a = rng.nextDouble(in: 0.3, 0.9)
      return { $0.disc(x, y, r, soft: 0.6, color: RGB(1, 1, 0.95), alpha: a) }
    }
  }

  /// Sun (or moon) with a wide glow.
  static func sun(_ s: Scene, _ rng: inout Xoshiro256StarStar) -> [DrawOp] {
    let r = s.h * rng.nextDouble(in: 0.06, 0.11)
    let x = s.w * rng.nextDouble(in: 0.12, 0.88)
    let y = s.horizon * rng.nextDouble(in: 0.25, 0.75)
    let color = s.palette.sun
    return [
      { $0.glow(x, y, radius: r * 6, color: color, strength: 0.55) },
      { $0.disc(x, y, r, soft: 1.2, color: color, alpha: 1) },
    ]
  }

  /// Clouds: 2–5 clusters of 4–7 soft ellipses each.
  static func clouds(_ s: Scene, _ rng: inout Xoshiro256StarStar) -> [DrawOp] {
    var ops: [DrawOp] = []
    let color = s.palette.cloud
    for _ in 0..<(2 + Int(rng.next(below: 4))) {
      let cx = rng.nextDouble() * s.w
      let cy = s.horizon * rng.nextDouble(in: 0.1, 0.7)
      let size = s.h * rng.nextDouble(in: 0.05, 0.1)
      let alpha = rng.nextDouble(in: 0.45, 0.8)
      for _ in 0..<(4 + Int(rng.next(below: 4))) {
        let px = cx + rng.nextDouble(in: -2.2, 2.2) * size
        let py = cy + rng.nextDouble(in: -0.4, 0.4) * size
        let r = size * rng.nextDouble(in: 0.7, 1.4)
        ops.append { $0.ellipse(px, py, r * 1.6, r, soft: r * 0.6, color: color, alpha: alpha * 0.6) }
      }
    }
    return ops
  }

  /// Hills: 3–4 layers far to near, each lower, darker and less hazy; trees on the nearer ones.
  static func hills(_ s: Scene, _ rng: inout Xoshiro256StarStar) -> [DrawOp] {
    var ops: [DrawOp] = []
    let layers = 3 + Int(rng.next(below: 2))
    for l in 0..<layers {
      ops += hill(s, nearness: Double(l) / Double(layers - 1), &rng)
    }
    return ops
  }

  /// One hill layer at `nearness` t (0 farthest, 1 nearest): a fractal ridge line filled below
  /// with a hazy vertical gradient, then its trees when t > 0.4.
  static func hill(_ s: Scene, nearness t: Double, _ rng: inout Xoshiro256StarStar) -> [DrawOp] {
    let h = s.h
    let base = s.horizon + (h - s.horizon) * (0.05 + 0.55 * t) - h * 0.08
    let amp = h * (0.22 - 0.08 * t) * rng.nextDouble(in: 0.7, 1.3)
    let freq = rng.nextDouble(in: 1.5, 3.5) / s.w * (1 + t)
    let noiseSeed = rng.next()
    let ridge = (0..<s.width).map { x in
      base - amp * fbm1(Double(x) * freq, seed: noiseSeed, octaves: 4)
    }
    let haze = (1 - t) * 0.55
    let top = s.palette.hillFar.mix(s.palette.hillNear, t).mix(s.palette.skyHorizon, haze)
    let bottom = top.scaled(0.72 + 0.2 * (1 - t))
    let fill: DrawOp = { $0.fillBelow(ridge) { depth in top.mix(bottom, smoothstep(0, h * 0.5, depth)) } }
    guard t > 0.4 else { return [fill] }
    return [fill] + trees(s, on: ridge, nearness: t, shade: bottom, &rng)
  }

  /// Trees standing on `ridge`: dark upright ellipses in the hill's `shade`.
  static func trees(
    _ s: Scene, on ridge: [Double], nearness t: Double, shade: RGB, _ rng: inout Xoshiro256StarStar
  ) -> [DrawOp] {
    (0..<Int(s.w / 18 * rng.nextDouble(in: 0.3, 1.0))).map { _ in
      let color = shade.scaled(rng.nextDouble(in: 0.6, 0.85))
      let x = rng.nextDouble() * s.w
      let xi = min(s.width - 1, max(0, Int(x)))
      let th = s.h * rng.nextDouble(in: 0.04, 0.09) * (0.6 + t)
      let ty = ridge[xi] + th * 0.25
      return { $0.ellipse(x, ty - th * 0.5, th * 0.32, th * 0.55, soft: 0.8, color: color, alpha: 0.9) }
    }
  }

  /// Texture: low-frequency value-noise shading plus per-pixel grain.
  static func texture(_ s: Scene, _ rng: inout Xoshiro256StarStar) -> [DrawOp] {
    let texSeed = rng.next()
    let grainSeed = rng.next()
    let texScale = 1 / (s.h * 0.06)
    return [
      {
        $0.modulate { x, y in
          let n = fbm2(Double(x) * texScale, Double(y) * texScale, seed: texSeed, octaves: 3)
          let g = lattice(x, y, grainSeed)
          return 1 + 0.10 * (n - 0.5) + 0.05 * (g - 0.5)
        }
      }
    ]
  }
}
