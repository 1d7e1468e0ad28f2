import CaptchaSupport
import VectorRaster

/// A one-channel plane of non-negative integers (e.g. a colour channel times a weight), with the
/// box blur that smooth fills and mask blurs are built from. Integer arithmetic only, so results
/// are identical on every machine.
public struct IntPlane: Equatable, Sendable {
  public var width: Int
  public var height: Int
  /// Row-major values, `width * height` of them; blurs expect them ≥ 0.
  public var values: [Int32]

  public init(width: Int, height: Int, values: [Int32]) {
    precondition(values.count == width * height, "plane size mismatch")
    self.width = width
    self.height = height
    self.values = values
  }

  public init(width: Int, height: Int, fill: Int32 = 0) {
    self.init(width: width, height: height, values: [Int32](repeating: fill, count: width * height))
  }

  /// A box blur of radius `radius` (a (2r+1)² average, rounded after each 1-D pass), applied
  /// `passes` times (two or three passes approximate a Gaussian). Pixels outside the plane count
  /// as 0, so blurring a weighted quantity and its weight the same way and dividing gives a
  /// normalised (edge-correct) average. Sliding sums make it O(1) per pixel whatever the radius.
  ///
  /// Each rounded average is ⌊(sum + n/2) / n⌋ with n = 2r+1. When every window sum stays below
  /// 2³¹ (the usual case: values from 0 up to 2³¹ / n), the division is an exact multiply and shift on
  /// 32-bit sums (`Divider`); otherwise 64-bit sums are divided. Both give the same values.
  public func boxBlurred(radius: Int, passes: Int) -> IntPlane {
    guard radius > 0, width > 0, height > 0, passes > 0 else { return self }
    let n = 2 * radius + 1
    var (low, peak) = (Int32(0), Int32(0))
    for v in values {
      low = min(low, v)
      peak = max(peak, v)
    }
    var out = values
    if low >= 0 && Int64(peak) * Int64(n) + Int64(n / 2) < Int64(Divider.limit) {
      Self.blur32(&out, width: width, height: height, radius: radius, passes: passes)
    } else {
      Self.blur64(&out, width: width, height: height, radius: radius, passes: passes)
    }
    return IntPlane(width: width, height: height, values: out)
  }

  /// ⌊x / d⌋ for 0 ≤ x < 2³¹ as (x · m) >> k, with k = 32 + ⌊log₂ d⌋ and m = ⌈2ᵏ / d⌉ < 2³² for
  /// odd d ≥ 3 (Granlund and Montgomery, "Division by invariant integers using multiplication",
  /// theorem 4.2: m·d − 2ᵏ < d ≤ 2^(k−31), so the quotient is exact for every x below 2³¹).
  struct Divider {
    static let limit: UInt32 = 1 << 31
    let multiplier: UInt64
    let shift: UInt64

    init(_ d: Int) {
      precondition(d >= 3 && d % 2 == 1, "the divider is for odd window sizes")
      let log2 = UInt64(Int.bitWidth - 1 - d.leadingZeroBitCount)
      shift = 32 + log2
      let power = UInt64(1) << shift
      multiplier = (power + UInt64(d) - 1) / UInt64(d)
    }

    @inline(__always) func callAsFunction(_ x: UInt32) -> UInt32 {
      UInt32(truncatingIfNeeded: (UInt64(x) &* multiplier) >> shift)
    }
  }

  /// The blur on 32-bit sums (every window sum plus n/2 below 2³¹).
  static func blur32(_ values: inout [Int32], width w: Int, height h: Int, radius: Int, passes: Int) {
    let n = 2 * radius + 1
    let half = UInt32(n / 2)
    let divide = Divider(n)
    var tmp = [UInt32](repeating: 0, count: w * h)
    var colSum = [UInt32](repeating: 0, count: w)
    values.withUnsafeMutableBufferPointer { signed in
      signed.withMemoryRebound(to: UInt32.self) { c in
        tmp.withUnsafeMutableBufferPointer { t in
          colSum.withUnsafeMutableBufferPointer { cs in
            for _ in 0..<passes {
              // Rows: the window [x − r, x + r] clipped to the row. Pixel x + r enters the sum
              // while x < w − r and pixel x − r leaves it from x = r on, so each row runs in
              // spans without a test per pixel.
              let noDrop = min(radius, w)
              let noAdd = max(0, w - radius)
              for y in 0..<h {
                let row = c.baseAddress! + y * w
                let out = t.baseAddress! + y * w
                var s: UInt32 = 0
                for k in 0..<noDrop { s &+= row[k] }
                var x = 0
                while x < min(noDrop, noAdd) {
                  s &+= row[x + radius]
                  out[x] = divide(s &+ half)
                  x += 1
                }
                while x < noAdd {
                  s &+= row[x + radius]
                  out[x] = divide(s &+ half)
                  s &-= row[x - radius]
                  x += 1
                }
                while x < noDrop {
                  out[x] = divide(s &+ half)
                  x += 1
                }
                while x < w {
                  out[x] = divide(s &+ half)
                  s &-= row[x - radius]
                  x += 1
                }
              }
              // Columns: one running sum per column, a row at a time.
              let sums = cs.baseAddress!
              for x in 0..<w { sums[x] = 0 }
              for k in 0..<min(radius, h) {
                let src = t.baseAddress! + k * w
                for x in 0..<w { sums[x] &+= src[x] }
              }
              for y in 0..<h {
                let add = y + radius
                if add < h {
                  let src = t.baseAddress! + add * w
                  for x in 0..<w { sums[x] &+= src[x] }
                }
                let dst = c.baseAddress! + y * w
                for x in 0..<w { dst[x] = divide(sums[x] &+ half) }
                let drop = y - radius
                if drop >= 0 {
                  let src = t.baseAddress! + drop * w
                  for x in 0..<w { sums[x] &-= src[x] }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The blur on 64-bit sums, for planes whose window sums may reach 2³¹.
  static func blur64(_ values: inout [Int32], width w: Int, height h: Int, radius: Int, passes: Int) {
    var tmp = values
    var colSum = [Int64](repeating: 0, count: w)
    let n = Int64(2 * radius + 1)
    for _ in 0..<passes {
      values.withUnsafeMutableBufferPointer { c in
        tmp.withUnsafeMutableBufferPointer { t in
          for y in 0..<h {
            let row = y * w
            var s: Int64 = 0
            for k in 0...min(radius, w - 1) { s += Int64(c[row + k]) }
            for x in 0..<w {
              t[row + x] = Int32((s + n / 2) / n)
              let add = x + radius + 1
              let drop = x - radius
              if add < w { s += Int64(c[row + add]) }
              if drop >= 0 { s -= Int64(c[row + drop]) }
            }
          }
          colSum.withUnsafeMutableBufferPointer { cs in
            for x in 0..<w { cs[x] = 0 }
            for k in 0...min(radius, h - 1) {
              for x in 0..<w { cs[x] += Int64(t[k * w + x]) }
            }
            for y in 0..<h {
              let row = y * w
              for x in 0..<w { c[row + x] = Int32((cs[x] + n / 2) / n) }
              let add = y + radius + 1
              let drop = y - radius
              if add < h { for x in 0..<w { cs[x] += Int64(t[add * w + x]) } }
              if drop >= 0 { for x in 0..<w { cs[x] -= Int64(t[drop * w + x]) } }
            }
          }
        }
      }
    }
  }
}
