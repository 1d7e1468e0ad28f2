public import CaptchaImaging
import CaptchaKindCore
public import VectorRaster

/// How the hole is drawn on the background. A style changes pixels only where `weight` (the piece
/// mask placed at the target) is non-zero, and in proportion to it, so the piece covers the hole
/// with no seam. Conform to add styles.
public protocol HoleStyle: Sendable {
  /// The name used on the command line and in listings.
  var name: String { get }
  /// True when the style needs an alpha channel in the background (refuse JPEG then).
  var needsAlpha: Bool { get }
  /// Draws the hole into `image`; `weight` is the piece's coverage mask at the target.
  func render(into image: inout RGBAImage, weight: CoverageMask)
  /// Draws the hole with the style's random choices (texture phase, lighting…) drawn from
  /// `seed`, so every hole of a captcha can look different; styles without any ignore the seed.
  func render(into image: inout RGBAImage, weight: CoverageMask, seed: UInt64)
  /// `render(into:weight:seed:)` on up to `threads` threads, with the same pixels for any count
  /// (styles with little work use one).
  func render(into image: inout RGBAImage, weight: CoverageMask, seed: UInt64, threads: Int)
}

extension HoleStyle {
  public func render(into image: inout RGBAImage, weight: CoverageMask, seed: UInt64) {
    render(into: &image, weight: weight)
  }

  public func render(into image: inout RGBAImage, weight: CoverageMask, seed: UInt64, threads: Int) {
    render(into: &image, weight: weight, seed: seed)
  }
}

/// A hole style whose random choices come from a seed: drawn without one (`render(into:weight:)`),
/// it uses its own `seed` property.
public protocol SeededHoleStyle: HoleStyle {
  /// The seed `render(into:weight:)` uses.
  var seed: UInt64 { get }
}

extension SeededHoleStyle {
  public func render(into image: inout RGBAImage, weight: CoverageMask) {
    render(into: &image, weight: weight, seed: seed)
  }
}
