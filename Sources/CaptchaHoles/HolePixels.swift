import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// Shared pixel loop for hole styles: visits every background pixel the hole weight covers.
package enum HolePixels {
  /// The part of `weight` that lies inside `image`, or nil when none does.
  static func clip(_ weight: CoverageMask, to image: RGBAImage) -> CoverageMask? {
    let box = weight.rect.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
    return box.isEmpty ? nil : weight.cropped(to: box)
  }

  /// Calls `body(i, p, a, pixels)` for each pixel with coverage `a > 0`: `i` indexes the clipped
  /// mask `w` (and masks derived from it), `p` is the pixel's byte offset in `image`.
  static func visit(
    _ image: inout RGBAImage, _ w: CoverageMask,
    _ body: (Int, Int, UInt32, UnsafeMutableBufferPointer<UInt8>) -> Void
  ) {
    let imageWidth = image.width
    w.data.withUnsafeBufferPointer { wp in
      image.pixels.withUnsafeMutableBufferPointer { px in
        for y in 0..<w.height {
          for x in 0..<w.width {
            let i = y * w.width + x
            let a = UInt32(wp[i])
            guard a > 0 else { continue }
            body(i, ((w.originY + y) * imageWidth + w.originX + x) * 4, a, px)
          }
        }
      }
    }
  }

  /// `v` moved towards `target` by `t`/65536.
  @inline(__always) package static func mix(_ v: UInt8, _ target: UInt32, _ t: UInt32) -> UInt8 {
    let v = UInt32(v)
    return target >= v
      ? UInt8(v + ((target - v) * t + 32768) >> 16) : UInt8(v - ((v - target) * t + 32768) >> 16)
  }

  /// `opacity` (0…1) in 1/256.
  static func fixed(_ opacity: Double) -> UInt32 { UInt32((min(1, max(0, opacity)) * 256).rounded()) }
}
