import CaptchaImaging
import CaptchaSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compares two decoded images pixel by pixel (so the result does not depend on how either file was
/// encoded) and decides whether they are equal within `CompareThresholds`.
///
/// - A pixel differs when any of its R, G, B, A channels differs by more than
///   `maxChannelDifference`; two fully transparent pixels (alpha 0) are always equal.
/// - With `antialiasing`, differing pixels that `AntialiasRule` explains are forgiven.
/// - The images match when the remaining differing pixels are within `allowedPixels`.
/// - PSNR is 10·log10(255² / MSE) with MSE over all four channels of all pixels.
/// - Different sizes are a difference: no metrics, and the mask marks the area of the expected image
///   outside the actual one as `.missing` (the overlap is compared without the antialiasing rule).
public enum ImageCompare {
  public static func compare(
    expected: RGBAImage, actual: RGBAImage, thresholds: CompareThresholds = .exact
  ) -> CompareResult {
    let tolerance = thresholds.maxChannelDifference
    let sameSize = expected.width == actual.width && expected.height == actual.height
    var classes = [UInt8](repeating: DiffMask.Class.same.rawValue, count: expected.width * expected.height)
    var metrics: CompareMetrics?

    expected.pixels.withUnsafeBufferPointer { e in
      actual.pixels.withUnsafeBufferPointer { a in
        guard sameSize else {
          markOverlap(expected: expected, actual: actual, e, a, tolerance: tolerance, into: &classes)
          return
        }
        let total = expected.width * expected.height
        var sumSquares = 0
        var maxDiff = 0
        var differing = 0
        for k in 0..<total {
          let i = k * 4
          let d = PixelDifference.maxChannel(e, i, a, i)
          if d == 0 { continue }
          if d > maxDiff { maxDiff = d }
          sumSquares += PixelDifference.squared(e, a, i)
          if d > tolerance {
            classes[k] = DiffMask.Class.different.rawValue
            differing += 1
          }
        }
        var antialiased = 0
        if thresholds.antialiasing && differing > 0 {
          let rule = AntialiasRule(expected: expected, actual: actual, tolerance: tolerance)
          for k in 0..<total where classes[k] == DiffMask.Class.different.rawValue {
            if rule.forgives(x: k % expected.width, y: k / expected.width, expected: e, actual: a) {
              classes[k] = DiffMask.Class.antialiased.rawValue
              antialiased += 1
            }
          }
        }
        let psnr: Double
        if sumSquares == 0 {
          psnr = .infinity
        } else {
          let mse = Double(sumSquares) / Double(total * 4)
          psnr = 10 * log10(255.0 * 255.0 / mse)
        }
        metrics = CompareMetrics(
          totalPixels: total, differingPixels: differing - antialiased,
          antialiasedPixels: antialiased, maxChannelDifference: maxDiff, psnr: psnr)
      }
    }
    return CompareResult(
      expectedWidth: expected.width, expectedHeight: expected.height,
      actualWidth: actual.width, actualHeight: actual.height, thresholds: thresholds,
      metrics: metrics, mask: DiffMask(width: expected.width, height: expected.height, classes: classes))
  }

  /// Size mismatch: compare the overlapping area, mark the rest of the expected image missing.
  private static func markOverlap(
    expected: RGBAImage, actual: RGBAImage, _ e: UnsafeBufferPointer<UInt8>,
    _ a: UnsafeBufferPointer<UInt8>, tolerance: Int, into classes: inout [UInt8]
  ) {
    for y in 0..<expected.height {
      for x in 0..<expected.width {
        let k = y * expected.width + x
        if x >= actual.width || y >= actual.height {
          classes[k] = DiffMask.Class.missing.rawValue
        } else if PixelDifference.maxChannel(e, k * 4, a, (y * actual.width + x) * 4) > tolerance {
          classes[k] = DiffMask.Class.different.rawValue
        }
      }
    }
  }
}
