@testable import CaptchaKit

/// Test inputs for composition and hole styles: a noisy background where every pixel differs from
/// its neighbours, and a hand-made anti-aliased disc mask with every coverage level present.
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
}
