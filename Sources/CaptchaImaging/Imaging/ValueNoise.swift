// Value noise for the built-in background: integer hashing of lattice points and polynomial
// interpolation, using only + − × ÷ and floor so the bits are the same on every platform.

/// The smoothstep polynomial 3t² − 2t³ on t in 0…1.
@inline(__always) public func fade(_ t: Double) -> Double { t * t * (3 - 2 * t) }

/// 0 below `e0`, 1 above `e1`, `fade` in between.
@inline(__always) public func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
  fade(min(1, max(0, (x - e0) / (e1 - e0))))
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

/// The value at a lattice point (or a pixel's grain), uniform in [0, 1) with 53 bits.
@inline(__always) func lattice(_ x: Int, _ y: Int, _ seed: UInt64) -> Double {
  Double(hash2(x, y, seed) >> 11) * 0x1.0p-53
}

/// 1-D value noise in [0, 1).
func noise1(_ x: Double, seed: UInt64) -> Double {
  let xf = x.rounded(.down)
  let i = Int(xf)
  let s = fade(x - xf)
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
  let sx = fade(x - xf)
  let sy = fade(y - yf)
  let a = lattice(i, j, seed)
  let b = lattice(i + 1, j, seed)
  let c = lattice(i, j + 1, seed)
  let d = lattice(i + 1, j + 1, seed)
  let top = a + (b - a) * sx
  let bottom = c + (d - c) * sx
  return top + (bottom - top) * sy
}

/// Fractal sum of `octaves` octaves, normalised to [0, 1): octave o is `noise(f, seed + o)` at
/// frequency factor f = 2^o, weighted 2^−o.
@inline(__always) func fractalSum(
  octaves: Int, seed: UInt64, _ noise: (_ frequency: Double, _ seed: UInt64) -> Double
) -> Double {
  var sum = 0.0
  var amp = 1.0
  var total = 0.0
  var f = 1.0
  for o in 0..<octaves {
    sum += amp * noise(f, seed &+ UInt64(o))
    total += amp
    amp *= 0.5
    f *= 2
  }
  return sum / total
}

/// Fractal 1-D value noise in [0, 1).
func fbm1(_ x: Double, seed: UInt64, octaves: Int) -> Double {
  fractalSum(octaves: octaves, seed: seed) { f, s in noise1(x * f, seed: s) }
}

/// Fractal 2-D value noise in [0, 1) (public: the pattern kind's clouds use it too).
public func fbm2(_ x: Double, _ y: Double, seed: UInt64, octaves: Int) -> Double {
  fractalSum(octaves: octaves, seed: seed) { f, s in noise2(x * f, y * f, seed: s) }
}
