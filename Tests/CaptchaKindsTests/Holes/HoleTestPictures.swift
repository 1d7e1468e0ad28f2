@testable import CaptchaImaging
@testable import VectorRaster

/// What the hole styles' tests draw on: a photo-like picture and a fully covered square.
enum HoleTestPictures {
  /// A smooth, textured test picture: gradients plus a fine checker, like a photo's detail.
  static func picture(_ w: Int, _ h: Int) -> RGBAImage {
    var img = RGBAImage(width: w, height: h)
    for y in 0..<h {
      for x in 0..<w {
        let p = (y * w + x) * 4
        let checker = ((x / 3 + y / 3) % 2) * 30
        img.pixels[p] = UInt8(60 + x + checker)
        img.pixels[p + 1] = UInt8(80 + y + checker)
        img.pixels[p + 2] = UInt8(120 + checker)
      }
    }
    return img
  }

  /// A mask covering all of `rect`.
  static func square(_ rect: PixelRect) -> CoverageMask {
    var m = CoverageMask(zeroOver: rect)
    for i in m.data.indices { m.data[i] = 255 }
    return m
  }
}
