import CaptchaSupport
import VectorRaster

/// The EXIF Orientation tag (1–8): how a JPEG's stored pixels must be turned so the picture
/// looks the way a browser shows it.
public enum ExifOrientation: Int, Sendable, CaseIterable {
  /// 1: stored as shown.
  case up = 1
  /// 2: mirrored left–right.
  case upMirrored = 2
  /// 3: rotated 180°.
  case down = 3
  /// 4: mirrored top–bottom.
  case downMirrored = 4
  /// 5: transposed (mirrored across the main diagonal).
  case leftMirrored = 5
  /// 6: shown rotated 90° clockwise.
  case right = 6
  /// 7: transversed (mirrored across the anti-diagonal).
  case rightMirrored = 7
  /// 8: shown rotated 90° counter-clockwise.
  case left = 8

  /// True when the displayed width is the stored height.
  public var swapsAxes: Bool { rawValue >= 5 }

  /// The image as it should be displayed.
  public func apply(to image: RGBAImage) -> RGBAImage {
    if self == .up { return image }
    let w = image.width
    let h = image.height
    let outW = swapsAxes ? h : w
    let outH = swapsAxes ? w : h
    // Source pixel index = base + x * stepX + y * stepY for displayed pixel (x, y).
    let (base, stepX, stepY): (Int, Int, Int)
    switch self {
    case .up: (base, stepX, stepY) = (0, 1, w)
    case .upMirrored: (base, stepX, stepY) = (w - 1, -1, w)
    case .down: (base, stepX, stepY) = ((h - 1) * w + w - 1, -1, -w)
    case .downMirrored: (base, stepX, stepY) = ((h - 1) * w, 1, -w)
    case .leftMirrored: (base, stepX, stepY) = (0, w, 1)
    case .right: (base, stepX, stepY) = ((h - 1) * w, -w, 1)
    case .rightMirrored: (base, stepX, stepY) = ((h - 1) * w + w - 1, -w, -1)
    case .left: (base, stepX, stepY) = (w - 1, w, -1)
    }
    let count = image.pixels.count
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      guard let o = UnsafeMutableRawPointer(out.baseAddress) else { return }
      image.pixels.withUnsafeBytes { s in
        var offset = 0
        for y in 0..<outH {
          var j = base + y * stepY
          for _ in 0..<outW {
            o.storeBytes(
              of: s.load(fromByteOffset: j &* 4, as: UInt32.self), toByteOffset: offset, as: UInt32.self)
            offset += 4
            j += stepX
          }
        }
      }
      initialized = count
    }
    return RGBAImage(width: outW, height: outH, pixels: pixels)
  }
}
