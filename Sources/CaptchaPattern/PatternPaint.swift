import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// An opaque colour the pattern kind paints with.
struct PatternColor: Equatable, Sendable {
  var r: Double
  var g: Double
  var b: Double

  /// A colour from hue (degrees), saturation and value (0…1), with + − × ÷ only.
  static func hsv(_ hue: Double, _ s: Double, _ v: Double) -> PatternColor {
    let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
    let sector = Int(h)
    let f = h - Double(sector)
    let p = v * (1 - s)
    let q = v * (1 - s * f)
    let t = v * (1 - s * (1 - f))
    let (r, g, b): (Double, Double, Double)
    switch sector {
    case 0: (r, g, b) = (v, t, p)
    case 1: (r, g, b) = (q, v, p)
    case 2: (r, g, b) = (p, v, t)
    case 3: (r, g, b) = (p, q, v)
    case 4: (r, g, b) = (t, p, v)
    default: (r, g, b) = (v, p, q)
    }
    return PatternColor(r: r * 255, g: g * 255, b: b * 255)
  }
}

/// Painting coverage masks onto pictures, and placing an icon's unit box.
enum PatternPaint {
  /// Blends `color` into `image` with weight coverage × `opacity`.
  static func paint(
    _ mask: CoverageMask, _ color: PatternColor, opacity: Double = 1, into image: inout RGBAImage
  ) {
    let w = image.width
    for my in 0..<mask.height {
      let y = mask.originY + my
      guard y >= 0, y < image.height else { continue }
      for mx in 0..<mask.width {
        let x = mask.originX + mx
        let cov = mask.data[my * mask.width + mx]
        guard x >= 0, x < w, cov > 0 else { continue }
        let a = Double(cov) / 255 * opacity
        let o = (y * w + x) * 4
        for (k, v) in [color.r, color.g, color.b].enumerated() {
          let old = Double(image.pixels[o + k])
          image.pixels[o + k] = UInt8(clamping: Int((old + (v - old) * a).rounded()))
        }
        let oldA = Double(image.pixels[o + 3])
        image.pixels[o + 3] = UInt8(clamping: Int((oldA + (255 - oldA) * a).rounded()))
      }
    }
  }

  /// The transform that scales the unit box by `scale`, turns it `degrees` clockwise and moves
  /// its origin to `center` (sin and cos from `PortableMath`).
  static func placement(center: Point, scale: Double, degrees: Double) -> Transform {
    let (s, c) = PortableMath.sinCos(degrees: degrees)
    return Transform(a: c * scale, b: s * scale, c: -s * scale, d: c * scale, e: center.x, f: center.y)
  }
}
