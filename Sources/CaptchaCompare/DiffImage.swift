import CaptchaImaging
import CaptchaSupport

/// Renders the picture `compare --diff` writes: the expected image faded to a light gray, with
/// differing pixels (and pixels missing from a smaller actual image) in red (255, 0, 0) and pixels
/// forgiven as antialiasing in orange (255, 160, 0). The picture is opaque and has the expected
/// image's size.
public enum DiffImage {
  /// How much of the expected image's luma shows through the fade (0 = white, 1 = plain gray).
  static let fade: Float = 0.3

  public static func render(expected: RGBAImage, mask: DiffMask) -> RGBAImage {
    precondition(expected.width == mask.width && expected.height == mask.height, "mask size")
    let luma = PixelDifference.luma(expected)
    var out = [UInt8](repeating: 255, count: luma.count * 4)
    for k in 0..<luma.count {
      let i = k * 4
      switch DiffMask.Class(rawValue: mask.classes[k]) ?? .different {
      case .same:
        let g = UInt8(clamping: Int((255 - (255 - luma[k]) * fade).rounded()))
        out[i] = g
        out[i + 1] = g
        out[i + 2] = g
      case .different, .missing:
        out[i + 1] = 0
        out[i + 2] = 0
      case .antialiased:
        out[i + 1] = 160
        out[i + 2] = 0
      }
    }
    return RGBAImage(width: expected.width, height: expected.height, pixels: out)
  }
}
