public import CaptchaImaging
import CaptchaKindCore
public import VectorRaster

/// The default hole: the background darkened inside the shape, deeper along the top-left inner
/// edge (a soft inner shadow, as if the hole were recessed and lit from the top left), with a thin
/// light line just inside the edge so the hole reads on dark pictures too.
public struct ShadeHole: HoleStyle, Equatable {
  /// Darkening of the hole's interior, 0…1.
  public var opacity: Double = 0.5
  /// Extra darkening in the inner shadow, 0…1.
  public var shadow: Double = 0.3
  /// Lightening of the 1-pixel inner edge line, 0…1.
  public var edge: Double = 0.35

  public init(opacity: Double = 0.5, shadow: Double = 0.3, edge: Double = 0.35) {
    self.opacity = opacity
    self.shadow = shadow
    self.edge = edge
  }

  public var name: String { "shade" }
  public var needsAlpha: Bool { false }

  public func render(into image: inout RGBAImage, weight: CoverageMask) {
    guard let w = HolePixels.clip(weight, to: image) else { return }
    let r = max(1, w.width / 24)
    // Lit where the hole, shifted down-right and blurred, still covers: 0 along the top-left edge.
    let lit = w.shifted(dx: r, dy: r).blurred(radius: r)
    let inner = w.eroded(radius: 1)
    let base = HolePixels.fixed(opacity)
    let extra = HolePixels.fixed(shadow)
    let line = HolePixels.fixed(edge)
    lit.data.withUnsafeBufferPointer { lp in
      inner.data.withUnsafeBufferPointer { ip in
        HolePixels.visit(&image, w) { i, p, a, px in
          let shade = 255 - min(UInt32(lp[i]), a)  // 0…255, 255 in full shadow
          // Darkness in 1/65536 of full, proportional to the coverage a.
          let dark = min(65536, (base * 256 + extra * shade) * a / 255)
          let edgeShare = (a - UInt32(ip[i])) * line / 255  // 0…256
          for c in 0..<3 {
            // Darkened with the complement's rounding (which differs from `mix` on ties), then lit.
            let d = UInt8((UInt32(px[p + c]) * (65536 - dark) + 32768) >> 16)
            px[p + c] = HolePixels.mix(d, 255, edgeShare * 256)
          }
        }
      }
    }
  }
}
