public import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
public import VectorRaster

/// A hole marked by a light line along the shape's edge (the mask minus its erosion) with the
/// interior lightly darkened.
public struct OutlineHole: HoleStyle, Equatable {
  /// Darkening of the interior, 0…1.
  public var opacity: Double = 0.25
  /// Width of the edge line in pixels.
  public var lineWidth: Double = 2
  /// Strength of the white line, 0…1.
  public var line: Double = 0.85

  public init(opacity: Double = 0.25, lineWidth: Double = 2, line: Double = 0.85) {
    self.opacity = opacity
    self.lineWidth = lineWidth
    self.line = line
  }

  public var name: String { "outline" }
  public var needsAlpha: Bool { false }

  public func render(into image: inout RGBAImage, weight: CoverageMask) {
    guard let w = HolePixels.clip(weight, to: image) else { return }
    let inner = w.eroded(radius: lineWidth)
    let dark = HolePixels.fixed(opacity)
    let light = HolePixels.fixed(line)
    inner.data.withUnsafeBufferPointer { ip in
      HolePixels.visit(&image, w) { i, p, a, px in
        let e = min(a, UInt32(ip[i]))
        // Line share and interior share of this pixel's coverage, together a (out of 255).
        let tl = light * (a - e) * 256 / 255
        let td = dark * e * 256 / 255
        for c in 0..<3 {
          let d = HolePixels.mix(px[p + c], 0, td)
          px[p + c] = HolePixels.mix(d, 255, tl)
        }
      }
    }
  }
}
