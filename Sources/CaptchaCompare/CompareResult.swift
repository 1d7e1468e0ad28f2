import CaptchaImaging
import CaptchaSupport

/// Per-pixel classification of a comparison, over the expected image's pixel grid.
public struct DiffMask: Equatable, Sendable {
  /// What a pixel of the expected image compared as.
  public enum Class: UInt8, Sendable {
    /// Equal within the channel tolerance (or fully transparent in both images).
    case same = 0
    /// Different: counted against the pixel allowance.
    case different = 1
    /// Different, but forgiven by the antialiasing rule.
    case antialiased = 2
    /// Outside the actual image (the sizes differ).
    case missing = 3
  }

  public var width: Int
  public var height: Int
  /// Row-major `Class` raw values, `width * height` bytes.
  public var classes: [UInt8]

  public init(width: Int, height: Int, classes: [UInt8]) {
    precondition(classes.count == width * height, "mask size")
    self.width = width
    self.height = height
    self.classes = classes
  }

  public func `class`(atX x: Int, y: Int) -> Class {
    Class(rawValue: classes[y * width + x]) ?? .different
  }
}

/// Pixel metrics of two images of the same size.
public struct CompareMetrics: Equatable, Sendable {
  /// Pixels in each image (`width * height`).
  public var totalPixels: Int
  /// Pixels that differ beyond the channel tolerance and are not forgiven as antialiasing.
  public var differingPixels: Int
  /// Pixels that differ but were forgiven by the antialiasing rule (0 when it is off).
  public var antialiasedPixels: Int
  /// Largest absolute difference of any channel of any pixel, 0…255 (before any threshold).
  public var maxChannelDifference: Int
  /// Peak signal-to-noise ratio in dB over all four channels; `+infinity` when the pixels are identical.
  public var psnr: Double

  /// `differingPixels / totalPixels`, 0 for empty images.
  public var differingShare: Double {
    totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels)
  }

  /// True when no channel of any pixel differs at all.
  public var identical: Bool { maxChannelDifference == 0 }
}

/// The outcome of comparing an expected image with an actual one.
public struct CompareResult: Equatable, Sendable {
  public var expectedWidth: Int
  public var expectedHeight: Int
  public var actualWidth: Int
  public var actualHeight: Int
  /// The thresholds the verdict used.
  public var thresholds: CompareThresholds
  /// Pixel metrics; nil when the sizes differ (the images cannot be compared pixel by pixel).
  public var metrics: CompareMetrics?
  /// Where the images differ, over the expected image's grid (pixels outside the actual image are
  /// `.missing` when the sizes differ; the overlapping area is still compared).
  public var mask: DiffMask

  /// True when the sizes differ; this always makes the images different.
  public var sizeMismatch: Bool { expectedWidth != actualWidth || expectedHeight != actualHeight }

  /// True when the images are equal within the thresholds.
  public var isMatch: Bool {
    guard let m = metrics else { return false }
    return thresholds.allowedPixels.allows(m.differingPixels, of: m.totalPixels)
  }

  /// One sentence saying whether and how the images differ.
  public var summary: String {
    guard let m = metrics else {
      return "The images have different sizes: expected \(expectedWidth)×\(expectedHeight), "
        + "actual \(actualWidth)×\(actualHeight)."
    }
    let share = formatPercent(m.differingShare)
    let psnr = m.psnr.isInfinite ? "inf" : JSONWriter.fixedText(m.psnr, 2) + " dB"
    var s =
      "\(m.differingPixels) of \(m.totalPixels) pixels differ (\(share)), "
      + "max channel difference \(m.maxChannelDifference), PSNR \(psnr)"
    if thresholds.antialiasing { s += ", \(m.antialiasedPixels) antialiased pixels ignored" }
    return s
  }
}

/// `0.0241` → `2.410%`.
func formatPercent(_ fraction: Double) -> String {
  JSONWriter.fixedText(fraction * 100, 3) + "%"
}
