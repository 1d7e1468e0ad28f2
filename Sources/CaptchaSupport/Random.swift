/// SplitMix64 (Steele, Lea & Flood 2014; the constants of Vigna's reference `splitmix64.c`).
///
/// Used to expand one 64-bit seed into the 256-bit state of `Xoshiro256StarStar` and to derive
/// independent sub-streams. Every output is a pure function of the seed, on every platform.
public struct SplitMix64: Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// The next 64-bit output.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// xoshiro256** 1.0 (Blackman & Vigna 2018): the project's own PRNG, so outputs never depend on
/// the standard library's random algorithms.
///
/// Seeded from one `UInt64` through `SplitMix64` (as the authors recommend). `init(seed:stream:)`
/// derives independent streams from one seed — e.g. one for the background and one for the
/// placement — so changing how many numbers one part draws never shifts another part.
public struct Xoshiro256StarStar: Sendable {
  public private(set) var s: (UInt64, UInt64, UInt64, UInt64)

  /// Seeds the state with four outputs of `SplitMix64(seed:)`.
  public init(seed: UInt64) {
    var sm = SplitMix64(seed: seed)
    s = (sm.next(), sm.next(), sm.next(), sm.next())
  }

  /// Starts from an explicit 256-bit state (not all zero); used to check published test vectors.
  public init(state: (UInt64, UInt64, UInt64, UInt64)) {
    precondition(state != (0, 0, 0, 0), "xoshiro256** state must not be all zero")
    s = state
  }

  /// A stream derived from `seed` and a stream number: the seed and the stream are mixed through
  /// SplitMix64 so that nearby (seed, stream) pairs give unrelated states.
  public init(seed: UInt64, stream: UInt64) {
    var mix = SplitMix64(seed: stream &* 0xD1B5_4A32_D192_ED03)
    self.init(seed: seed ^ mix.next())
  }

  @inline(__always) private static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 {
    (x << k) | (x >> (64 - k))
  }

  /// The next 64-bit output.
  public mutating func next() -> UInt64 {
    let result = Self.rotl(s.1 &* 5, 7) &* 9
    let t = s.1 << 17
    s.2 ^= s.0
    s.3 ^= s.1
    s.1 ^= s.2
    s.0 ^= s.3
    s.2 ^= t
    s.3 = Self.rotl(s.3, 45)
    return result
  }

  /// A uniform integer in `0..<bound` (bound > 0), without modulo bias: Lemire's
  /// multiply-and-shift method ("Fast Random Integer Generation in an Interval", 2019) with
  /// rejection of the few low products that would bias the result.
  public mutating func next(below bound: UInt64) -> UInt64 {
    precondition(bound > 0, "next(below:) needs a positive bound")
    var m = next().multipliedFullWidth(by: bound)
    if m.low < bound {
      // threshold = 2^64 mod bound
      let threshold = (0 &- bound) % bound
      while m.low < threshold {
        m = next().multipliedFullWidth(by: bound)
      }
    }
    return m.high
  }

  /// A uniform integer in `range` (inclusive), drawn with `next(below:)`.
  public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
    if span == 0 { return Int(bitPattern: UInt(next())) }  // the full 64-bit range
    return range.lowerBound &+ Int(bitPattern: UInt(next(below: span)))
  }

  /// A uniform Double in [0, 1) with 53 random bits: the top 53 bits of one output times 2^-53.
  public mutating func nextDouble() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A uniform Double in [lower, upper).
  public mutating func nextDouble(in lower: Double, _ upper: Double) -> Double {
    lower + (upper - lower) * nextDouble()
  }
}
