public import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
public import VectorRaster

/// TTGPuzzleVerify's hole: the picture shown at reduced opacity over black (darkened) with a soft
/// inner shadow along the whole edge, as if the hole were cut into the picture.
public struct InnerShadowHole: HoleStyle, Equatable {
  /// Darkening of the interior, 0…1 (TTG shows the image at half opacity: 0.5).
  public var opacity: Double = 0.5
  /// Extra darkening at the edge, 0…1.
  public var shadow: Double = 0.6

  public init(opacity: Double = 0.5, shadow: Double = 0.6) {
    self.opacity = opacity
    self.shadow = shadow
  }

  public var name: String { "inner-shadow" }
  public var needsAlpha: Bool { false }

  public func render(into image: inout RGBAImage, weight: CoverageMask) {
    guard let w = HolePixels.clip(weight, to: image) else { return }
    let r = max(2, min(w.width, w.height) / 10)
    // Full deep inside, falling off smoothly towards the edge: the shadow is what it lacks.
    let lit = w.eroded(radius: Double(r)).blurred(radius: r)
    let base = HolePixels.fixed(opacity)
    let extra = HolePixels.fixed(shadow)
    lit.data.withUnsafeBufferPointer { lp in
      HolePixels.visit(&image, w) { i, p, a, px in
        let s = a - min(a, UInt32(lp[i]))  // 0…a, a at the edge
        // Darkness in 1/65536: base over the coverage, plus the shadow over what is not yet dark.
        let b = base * a * 256 / 255
        let t = min(65536, b + (65536 - base * 256) * extra * s / (256 * 255))
        for c in 0..<3 { px[p + c] = HolePixels.mix(px[p + c], 0, t) }
      }
    }
  }
}
