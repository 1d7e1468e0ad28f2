import CaptchaSupport
import VectorRaster

/// An 8-bit RGBA raster, row-major, straight (non-premultiplied) alpha, sRGB values as stored.
public struct RGBAImage: Equatable, Sendable {
  public var width: Int
  public var height: Int
  /// `width * height * 4` bytes: R, G, B, A per pixel.
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image filled with one colour.
  public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)) {
    var px = [UInt8](repeating: 0, count: width * height * 4)
    for i in stride(from: 0, to: px.count, by: 4) {
      px[i] = fill.0
      px[i + 1] = fill.1
      px[i + 2] = fill.2
      px[i + 3] = fill.3
    }
    self.init(width: width, height: height, pixels: px)
  }

  /// True when every pixel is fully opaque. Reads two pixels per 64-bit word (a batch asks this of
  /// its multi-megapixel source pictures for every item).
  public var isOpaque: Bool {
    pixels.withUnsafeBytes { raw in
      let alphas: UInt64 = 0xFF00_0000_FF00_0000  // the alpha bytes of two RGBA pixels
      let pairs = raw.count / 8
      var k = 0
      while k < pairs {
        let v = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k &* 8, as: UInt64.self))
        if v & alphas != alphas { return false }
        k &+= 1
      }
      var i = pairs * 8 + 3
      while i < raw.count {
        if raw[i] != 255 { return false }
        i &+= 4
      }
      return true
    }
  }
}
