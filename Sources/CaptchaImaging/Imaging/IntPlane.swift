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
    boxBlurred(radius: radius, passes: passes, within: PixelRect(x: 0, y: 0, width: width, height: height))
  }

  /// The part of `boxBlurred(radius:passes:)` inside `keep` (a rectangle of this plane), as a plane
  /// of `keep`'s size, with the same values. Only the cone of pixels that `keep` depends on is
  /// computed: each pass is worked out over `keep` widened by the radius times the passes still to
  /// come (rows one radius more before a column pass), so a hole's fill that reads only its own
  /// box, or one point, does a fraction of the work of the whole plane.
  public func boxBlurred(radius: Int, passes: Int, within keep: PixelRect) -> IntPlane {
    var copy = self
    copy.blur(radius: radius, passes: passes, within: keep)
    return copy.cropped(to: keep.intersection(PixelRect(x: 0, y: 0, width: width, height: height)))
  }

  /// `boxBlurred(radius:passes:)` in place, worked out only for `keep` (by default the whole
  /// plane): afterwards the values inside `keep` are the blur's and those outside it are left in
  /// between. Each pass blurs rows into a ring of 2r + 1 rows that the column sums read as they
  /// go, so beside the plane itself it needs a few rows, not a second plane.
  public mutating func blur(radius: Int, passes: Int, within keep: PixelRect? = nil) {
    let whole = PixelRect(x: 0, y: 0, width: width, height: height)
    let keep = (keep ?? whole).intersection(whole)
    guard radius > 0, passes > 0, !keep.isEmpty else { return }
    let n = 2 * radius + 1
    let cone = BlurCone(width: width, height: height, keep: keep, radius: radius, passes: passes)
    // The range of the values the blur reads (its first row pass's input).
    let input = cone.rowPass(0)
    var (low, peak) = (Int32(0), Int32(0))
    let columns = max(0, input.x.lowerBound - radius)..<min(width, input.x.upperBound + radius)
    values.withUnsafeBufferPointer { v in
      for y in input.y {
        let row = y &* width
        for x in columns {
          let value = v[row &+ x]
          low = min(low, value)
          peak = max(peak, value)
        }
      }
    }
    if low >= 0 && Int64(peak) * Int64(n) + Int64(n / 2) < Int64(Divider.limit) {
      Self.blur32(&values, cone: cone)
    } else {
      Self.blur64(&values, cone: cone)
    }
  }

  /// The values inside `rect` (a rectangle of this plane) as a plane of its size.
  public func cropped(to rect: PixelRect) -> IntPlane {
    if rect == PixelRect(x: 0, y: 0, width: width, height: height) { return self }
    var out = [Int32](repeating: 0, count: rect.width * rect.height)
    for y in 0..<rect.height {
      let src = (rect.y + y) * width + rect.x
      out.replaceSubrange(y * rect.width..<(y + 1) * rect.width, with: values[src..<src + rect.width])
    }
    return IntPlane(width: rect.width, height: rect.height, values: out)
  }

  /// Where each 1-D pass of a blur must be worked out for the result inside `keep` to be exact.
  struct BlurCone {
    let width: Int
    let height: Int
    let keep: PixelRect
    let radius: Int
    let passes: Int

    /// Columns and rows of pass `pass`'s row blur (0-based): `keep` widened by the radius times
    /// the passes after this one across, and by one radius more down, for the column blur.
    func rowPass(_ pass: Int) -> (x: Range<Int>, y: Range<Int>) {
      let across = (passes - 1 - pass) * radius
      return (span(keep.x, keep.maxX, across, width), span(keep.y, keep.maxY, across + radius, height))
    }

    /// Columns and rows of pass `pass`'s column blur.
    func columnPass(_ pass: Int) -> (x: Range<Int>, y: Range<Int>) {
      let across = (passes - 1 - pass) * radius
      return (span(keep.x, keep.maxX, across, width), span(keep.y, keep.maxY, across, height))
    }

    private func span(_ low: Int, _ high: Int, _ widen: Int, _ limit: Int) -> Range<Int> {
      max(0, low - widen)..<min(limit, high + widen)
    }
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

  /// The blur on 32-bit sums (every window sum plus n/2 below 2³¹), over `cone`, in place.
  static func blur32(_ values: inout [Int32], cone: BlurCone) {
    let (w, h, radius) = (cone.width, cone.height, cone.radius)
    let n = 2 * radius + 1
    let half = UInt32(n / 2)
    let divide = Divider(n)
    var ring = [UInt32](repeating: 0, count: n * w)
    var colSum = [UInt32](repeating: 0, count: w)
    values.withUnsafeMutableBufferPointer { signed in
      signed.withMemoryRebound(to: UInt32.self) { c in
        ring.withUnsafeMutableBufferPointer { rp in
          colSum.withUnsafeMutableBufferPointer { cs in
            let sums = cs.baseAddress!
            for pass in 0..<cone.passes {
              let xs = cone.rowPass(pass).x
              let (a, b) = (xs.lowerBound, xs.upperBound)
              let addEnd = min(b, max(a, w - radius))
              let dropStart = min(b, max(a, radius))
              // Row y blurred along x into its ring slot: the window [x − r, x + r] clipped to
              // the row. Pixel x + r enters the sum while x < w − r and pixel x − r leaves it from
              // x = r on, so each row runs in spans without a test per pixel.
              // Index arithmetic wraps: every index is within the plane, so nothing can overflow.
              func blurRow(_ y: Int) -> UnsafeMutablePointer<UInt32> {
                let row = c.baseAddress! + y &* w
                let out = rp.baseAddress! + (y % n) &* w
                var s: UInt32 = 0
                for k in max(0, a - radius)..<min(w, a + radius) { s &+= row[k] }
                var x = a
                while x < min(addEnd, dropStart) {
                  s &+= row[x &+ radius]
                  out[x] = divide(s &+ half)
                  x &+= 1
                }
                while x < addEnd {
                  s &+= row[x &+ radius]
                  out[x] = divide(s &+ half)
                  s &-= row[x &- radius]
                  x &+= 1
                }
                while x < dropStart {
                  out[x] = divide(s &+ half)
                  x &+= 1
                }
                while x < b {
                  out[x] = divide(s &+ half)
                  s &-= row[x &- radius]
                  x &+= 1
                }
                return out
              }
              // Columns: one running sum per column over the ring's rows; row y is written back
              // once rows y − r … y + r are blurred along x (row y's own values were read by then).
              let ys = cone.columnPass(pass).y
              for x in xs { sums[x] = 0 }
              for k in max(0, ys.lowerBound - radius)..<min(h, ys.lowerBound + radius) {
                let src = blurRow(k)
                for x in xs { sums[x] &+= src[x] }
              }
              for y in ys {
                if y + radius < h {
                  let src = blurRow(y + radius)
                  for x in xs { sums[x] &+= src[x] }
                }
                let dst = c.baseAddress! + y &* w
                for x in xs { dst[x] = divide(sums[x] &+ half) }
                if y - radius >= 0 {
                  let src = rp.baseAddress! + ((y &- radius) % n) &* w
                  for x in xs { sums[x] &-= src[x] }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The blur on 64-bit sums, for planes whose window sums may reach 2³¹, over `cone`, in place
  /// (the same ring of rows as `blur32`).
  static func blur64(_ values: inout [Int32], cone: BlurCone) {
    let (w, h, radius) = (cone.width, cone.height, cone.radius)
    let n = 2 * radius + 1
    let n64 = Int64(n)
    var ring = [Int32](repeating: 0, count: n * w)
    var colSum = [Int64](repeating: 0, count: w)
    for pass in 0..<cone.passes {
      let xs = cone.rowPass(pass).x
      let ys = cone.columnPass(pass).y
      values.withUnsafeMutableBufferPointer { c in
        ring.withUnsafeMutableBufferPointer { rp in
          colSum.withUnsafeMutableBufferPointer { cs in
            func blurRow(_ y: Int) -> Int {
              let row = y * w
              let out = (y % n) * w
              var s: Int64 = 0
              for k in max(0, xs.lowerBound - radius)..<min(w, xs.lowerBound + radius) {
                s += Int64(c[row + k])
              }
              for x in xs {
                if x + radius < w { s += Int64(c[row + x + radius]) }
                rp[out + x] = Int32((s + n64 / 2) / n64)
                if x - radius >= 0 { s -= Int64(c[row + x - radius]) }
              }
              return out
            }
            for x in xs { cs[x] = 0 }
            for k in max(0, ys.lowerBound - radius)..<min(h, ys.lowerBound + radius) {
              let src = blurRow(k)
              for x in xs { cs[x] += Int64(rp[src + x]) }
            }
            for y in ys {
              if y + radius < h {
                let src = blurRow(y + radius)
                for x in xs { cs[x] += Int64(rp[src + x]) }
              }
              for x in xs { c[y * w + x] = Int32((cs[x] + n64 / 2) / n64) }
              if y - radius >= 0 {
                let src = ((y - radius) % n) * w
                for x in xs { cs[x] -= Int64(rp[src + x]) }
              }
            }
          }
        }
      }
    }
  }
}
