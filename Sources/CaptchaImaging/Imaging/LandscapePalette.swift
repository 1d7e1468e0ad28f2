import CaptchaSupport

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
