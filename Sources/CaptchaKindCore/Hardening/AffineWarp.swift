package import CaptchaImaging
import CaptchaSupport
package import VectorRaster

/// Bilinear resampling of an image through an affine map, one output row at a time.
///
/// `map` takes output coordinates (pixel (x, y) is the square [x, x+1]×[y, y+1]) to input
/// coordinates in the same convention; each output pixel samples the input at the image of its
/// centre, bilinearly between the four nearest input pixel centres (indices clamped at the
/// borders), with 16-bit fixed-point coordinates and 11-bit weights. Transparent inputs are interpolated with
/// premultiplied alpha. Each output row reads only the input rows `rowRange(y)`, which is what
/// lets `AffineWarp.warpInPlace` overwrite its input as it goes.
package struct AffineWarp {
  let map: Transform
  let outWidth: Int
  let outHeight: Int
  let inWidth: Int
  let inHeight: Int

  package init(map: Transform, outWidth: Int, outHeight: Int, inWidth: Int, inHeight: Int) {
    self.map = map
    self.outWidth = outWidth
    self.outHeight = outHeight
    self.inWidth = inWidth
    self.inHeight = inHeight
  }

  static let bits = 11
  static let one = 1 << bits
  /// Fraction bits of the fixed-point sample coordinates.
  static let frac = 16

  @inline(__always) private static func fixed(_ t: Double) -> Int {
    guard t.isFinite else { return 0 }
    return Int((min(max(t, -1e9), 1e9) * Double(1 << frac)).rounded(.down))
  }

  /// Per row: the input coordinate (index space: pixel centres at integers, 16 fraction bits)
  /// sampled for output pixel 0, and its step per output pixel. Row coordinates are computed in
  /// Double once per row, then stepped in integers, so `rowRange` and `renderRow` agree exactly.
  @inline(__always) private func rowStart(_ y: Int) -> (u: Int, v: Int) {
    let cy = Double(y) + 0.5
    return (
      Self.fixed(map.a * 0.5 + map.c * cy + map.e - 0.5), Self.fixed(map.b * 0.5 + map.d * cy + map.f - 0.5)
    )
  }
  private var step: (u: Int, v: Int) { (Self.fixed(map.a), Self.fixed(map.b)) }

  @inline(__always) private static func clamp(_ i: Int, _ limit: Int) -> Int { min(max(i, 0), limit &- 1) }

  /// The input rows output row `y` reads (both bilinear rows of every pixel, clamped).
  func rowRange(_ y: Int) -> ClosedRange<Int> {
    let v0 = rowStart(y).v
    // v is affine in x, so its extremes are at the row's ends.
    let v1 = v0 + (outWidth - 1) * step.v
    let lo = Self.clamp(min(v0, v1) >> Self.frac, inHeight)
    let hi = Self.clamp((max(v0, v1) >> Self.frac) + 1, inHeight)
    return lo...hi
  }

  /// Writes output row `y` (outWidth × 4 bytes) into `line`. `rows[r - range.lowerBound]` must
  /// point at input row r for every r in `range = rowRange(y)`.
  func renderRow(
    _ y: Int, rows: UnsafeBufferPointer<UnsafePointer<UInt8>>, range: ClosedRange<Int>,
    opaque: Bool, into line: UnsafeMutablePointer<UInt8>
  ) {
    let (su, sv) = rowStart(y)
    let (du, dv) = step
    let lo = range.lowerBound
    let one = Self.one
    let fracMask = (1 << Self.frac) - 1
    let drop = Self.frac - Self.bits
    let half = 1 << (2 * Self.bits - 1)
    var fu = su
    var fv = sv
    // Wrapping arithmetic in the loop: coordinates are clamped to ±1e9 × 2^16 and weights are
    // 11-bit, so nothing wraps, and the loop carries no overflow checks.
    for x in 0..<outWidth {
      let iu = fu >> Self.frac
      let iv = fv >> Self.frac
      var wx = (fu & fracMask) >> drop
      var wy = (fv & fracMask) >> drop
      fu = fu &+ du
      fv = fv &+ dv
      let x0: Int
      let x1: Int
      let y0: Int
      let y1: Int
      if UInt(bitPattern: iu) < UInt(bitPattern: inWidth &- 1)
        && UInt(bitPattern: iv) < UInt(bitPattern: inHeight &- 1)
      {
        // Inside: all four neighbours exist (what the clamps below give there, without them).
        (x0, x1, y0, y1) = (iu, iu &+ 1, iv, iv &+ 1)
      } else {
        x0 = Self.clamp(iu, inWidth)
        x1 = Self.clamp(iu &+ 1, inWidth)
        y0 = Self.clamp(iv, inHeight)
        y1 = Self.clamp(iv &+ 1, inHeight)
        if x0 == x1 { wx = 0 }
        if y0 == y1 { wy = 0 }
      }
      let r0 = rows[y0 &- lo]
      let r1 = rows[y1 &- lo]
      let w00 = (one &- wx) &* (one &- wy)
      let w01 = wx &* (one &- wy)
      let w10 = (one &- wx) &* wy
      let w11 = wx &* wy
      let p00 = x0 &* 4
      let p01 = x1 &* 4
      let o = x &* 4
      if opaque {
        for c in 0..<3 {
          let s =
            Int(r0[p00 &+ c]) &* w00 &+ Int(r0[p01 &+ c]) &* w01 &+ Int(r1[p00 &+ c]) &* w10 &+ Int(
              r1[p01 &+ c])
            &* w11
          line[o &+ c] = UInt8(truncatingIfNeeded: (s &+ half) >> (2 * Self.bits))
        }
        line[o &+ 3] = 255
      } else {
        let a00 = Int(r0[p00 + 3]) * w00
        let a01 = Int(r0[p01 + 3]) * w01
        let a10 = Int(r1[p00 + 3]) * w10
        let a11 = Int(r1[p01 + 3]) * w11
        let a = a00 + a01 + a10 + a11
        line[o + 3] = UInt8(truncatingIfNeeded: (a + half) >> (2 * Self.bits))
        for c in 0..<3 {
          guard a > 0 else {
            line[o + c] = 0
            continue
          }
          let s =
            Int(r0[p00 + c]) * a00 + Int(r0[p01 + c]) * a01 + Int(r1[p00 + c]) * a10 + Int(r1[p01 + c]) * a11
          line[o + c] = UInt8(min(255, (s + a / 2) / a))
        }
      }
    }
  }

  /// A new outWidth × outHeight image sampled from `input`.
  package func warp(_ input: RGBAImage) -> RGBAImage {
    precondition(input.width == inWidth && input.height == inHeight, "warp input size")
    let opaque = input.isOpaque
    var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    input.pixels.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        let base = src.baseAddress!
        var table = [UnsafePointer<UInt8>](repeating: base, count: inHeight)
        for r in 0..<inHeight { table[r] = base + r * inWidth * 4 }
        table.withUnsafeBufferPointer { tp in
          for y in 0..<outHeight {
            let range = rowRange(y)
            let rows = UnsafeBufferPointer(rebasing: tp[range.lowerBound...range.upperBound])
            renderRow(y, rows: rows, range: range, opaque: opaque, into: dst.baseAddress! + y * outWidth * 4)
          }
        }
      }
    }
    return RGBAImage(width: outWidth, height: outHeight, pixels: out)
  }
}
