public import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
public import VectorRaster

/// A see-through hole: the background's alpha is reduced by the weight (to 0 inside the shape at
/// full opacity), so the page behind shows through. Needs a PNG background.
public struct TransparentHole: HoleStyle, Equatable {
  /// Share of the alpha removed inside the shape, 0…1.
  public var opacity: Double = 1

  public init(opacity: Double = 1) { self.opacity = opacity }

  public var name: String { "transparent" }
  public var needsAlpha: Bool { true }

  public func render(into image: inout RGBAImage, weight: CoverageMask) {
    guard let w = HolePixels.clip(weight, to: image) else { return }
    let k = HolePixels.fixed(opacity)
    HolePixels.visit(&image, w) { _, p, a, px in
      let t = k * a * 256 / 255  // 0…65536
      px[p + 3] = HolePixels.mix(px[p + 3], 0, t)
    }
  }
}
