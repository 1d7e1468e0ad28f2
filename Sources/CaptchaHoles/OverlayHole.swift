public import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
public import VectorRaster

/// DWSlideCaptchaView's hole: a white translucent fill over the shape (70% by default).
public struct OverlayHole: HoleStyle, Equatable {
  /// Strength of the white fill, 0…1.
  public var opacity: Double = 0.7

  public init(opacity: Double = 0.7) { self.opacity = opacity }

  public var name: String { "overlay" }
  public var needsAlpha: Bool { false }

  public func render(into image: inout RGBAImage, weight: CoverageMask) {
    guard let w = HolePixels.clip(weight, to: image) else { return }
    let k = HolePixels.fixed(opacity)
    HolePixels.visit(&image, w) { _, p, a, px in
      let t = k * a * 256 / 255  // 0…65536, proportional to coverage
      for c in 0..<3 { px[p + c] = HolePixels.mix(px[p + c], 255, t) }
    }
  }
}
