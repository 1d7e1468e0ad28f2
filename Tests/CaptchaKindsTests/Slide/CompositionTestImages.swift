@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

/// Test inputs for composition and hole styles: a noisy background where every pixel differs from
/// its neighbours, a hand-made anti-aliased disc mask with every coverage level present, and the
/// piece laid over the holed background.
enum CompositionTestImages {
  static func noise(_ w: Int, _ h: Int, seed: UInt64) -> RGBAImage {
    var rng = Xoshiro256StarStar(seed: seed)
    var img = RGBAImage(width: w, height: h)
    for i in 0..<(w * h) {
      for c in 0..<3 { img.pixels[i * 4 + c] = UInt8(rng.next(below: 256)) }
    }
    return img
  }

  static func disc(originX: Int, originY: Int, size: Int) -> CoverageMask {
    var m = CoverageMask(zeroOver: PixelRect(x: originX, y: originY, width: size, height: size))
    let c = Double(size) / 2
    for y in 0..<size {
      for x in 0..<size {
        let d =
          ((Double(x) + 0.5 - c) * (Double(x) + 0.5 - c) + (Double(y) + 0.5 - c) * (Double(y) + 0.5 - c))
          .squareRoot()
        m.data[y * size + x] = UInt8((min(1, max(0, c - 1 - d)) * 255).rounded())
      }
    }
    return m
  }

  /// `piece` drawn over `image` with its top-left at (px, py), "source over" with straight alpha,
  /// clipped to the image.
  static func place(_ piece: RGBAImage, over image: RGBAImage, x px: Int, y py: Int) -> RGBAImage {
    var out = image
    for y in 0..<piece.height {
      for x in 0..<piece.width {
        let bx = px + x
        let by = py + y
        guard bx >= 0, by >= 0, bx < image.width, by < image.height else { continue }
        let s = (y * piece.width + x) * 4
        let d = (by * image.width + bx) * 4
        let sa = Double(piece.pixels[s + 3]) / 255
        let da = Double(image.pixels[d + 3]) / 255
        let oa = sa + da * (1 - sa)
        guard oa > 0 else { continue }
        for c in 0..<3 {
          let v = (Double(piece.pixels[s + c]) * sa + Double(image.pixels[d + c]) * da * (1 - sa)) / oa
          out.pixels[d + c] = UInt8(v.rounded())
        }
        out.pixels[d + 3] = UInt8((oa * 255).rounded())
      }
    }
    return out
  }
}
