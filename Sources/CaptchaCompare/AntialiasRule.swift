import CaptchaImaging
import CaptchaSupport

/// The optional antialiasing tolerance of `compare --antialias`, in the spirit of pixelmatch and
/// odiff: edges drawn by a different rasteriser or resampler move by a fraction of a pixel, so the
/// differences sit on edges and look like neighbouring pixels.
///
/// A pixel p that differs (some channel beyond the channel tolerance) is forgiven, and counted as
/// "antialiased" instead of "different", when either rule holds:
///
/// 1. **Neighbour match.** Some pixel of the 3×3 neighbourhood of p (p excluded, clipped at the
///    image border) in the *actual* image equals expected(p) within the channel tolerance, **and**
///    some pixel of the 3×3 neighbourhood of p in the *expected* image equals actual(p) within the
///    channel tolerance. (Each image's pixel appears next door in the other: a sub-pixel shift.)
/// 2. **Edge blend.** Let luma be Rec. 601 luma of the pixel composited over white (0…255). The
///    3×3 neighbourhood of p (p included) spans a luma range of at least `edgeContrast` (64) in
///    **both** images, luma(actual(p)) lies within the expected neighbourhood's luma range, and
///    luma(expected(p)) lies within the actual neighbourhood's luma range. (p is on a high-contrast
///    edge in both images and each value is a blend of the other image's edge sides.)
///
/// Differences in flat areas and isolated changes with no look-alike nearby stay counted.
struct AntialiasRule {
  /// Minimum luma range (0…255) of a 3×3 neighbourhood for it to count as a high-contrast edge.
  static let edgeContrast: Float = 64

  let width: Int
  let height: Int
  let tolerance: Int
  let lumaExpected: [Float]
  let lumaActual: [Float]

  init(expected: RGBAImage, actual: RGBAImage, tolerance: Int) {
    precondition(expected.width == actual.width && expected.height == actual.height)
    width = expected.width
    height = expected.height
    self.tolerance = tolerance
    lumaExpected = PixelDifference.luma(expected)
    lumaActual = PixelDifference.luma(actual)
  }

  /// True when the differing pixel (x, y) is forgiven by rule 1 or rule 2.
  func forgives(
    x: Int, y: Int, expected e: UnsafeBufferPointer<UInt8>, actual a: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    neighbourMatch(x: x, y: y, e, a) || edgeBlend(x: x, y: y)
  }

  private func neighbourMatch(
    x: Int, y: Int, _ e: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let p = (y * width + x) * 4
    var expectedSeenInActual = false
    var actualSeenInExpected = false
    for ny in max(0, y - 1)...min(height - 1, y + 1) {
      for nx in max(0, x - 1)...min(width - 1, x + 1) where nx != x || ny != y {
        let q = (ny * width + nx) * 4
        if !expectedSeenInActual && PixelDifference.maxChannel(a, q, e, p) <= tolerance {
          expectedSeenInActual = true
        }
        if !actualSeenInExpected && PixelDifference.maxChannel(e, q, a, p) <= tolerance {
          actualSeenInExpected = true
        }
        if expectedSeenInActual && actualSeenInExpected { return true }
      }
    }
    return false
  }

  private func edgeBlend(x: Int, y: Int) -> Bool {
    var minE = Float.infinity
    var maxE = -Float.infinity
    var minA = Float.infinity
    var maxA = -Float.infinity
    for ny in max(0, y - 1)...min(height - 1, y + 1) {
      for nx in max(0, x - 1)...min(width - 1, x + 1) {
        let k = ny * width + nx
        minE = min(minE, lumaExpected[k])
        maxE = max(maxE, lumaExpected[k])
        minA = min(minA, lumaActual[k])
        maxA = max(maxA, lumaActual[k])
      }
    }
    guard maxE - minE >= Self.edgeContrast, maxA - minA >= Self.edgeContrast else { return false }
    let k = y * width + x
    return (minE...maxE).contains(lumaActual[k]) && (minA...maxA).contains(lumaExpected[k])
  }
}
