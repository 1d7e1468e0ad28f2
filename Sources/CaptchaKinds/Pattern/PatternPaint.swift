import CaptchaImaging
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

/// Painting coverage masks onto pictures, and reading a picture's brightness under a region.
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

  /// The mean luma (0…255) of `image` inside `rect` (clipped to the image).
  static func meanLuma(_ image: RGBAImage, in rect: PixelRect) -> Double {
    let r = rect.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
    guard !r.isEmpty else { return 128 }
    var sum = 0.0
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX {
        let o = (y * image.width + x) * 4
        sum +=
          0.299 * Double(image.pixels[o]) + 0.587 * Double(image.pixels[o + 1])
          + 0.114 * Double(image.pixels[o + 2])
      }
    }
    return sum / Double(r.width * r.height)
  }

  /// The transform that scales the unit box by `scale`, turns it `degrees` clockwise and moves
  /// its origin to `center` (sin and cos from `PortableMath`).
  static func placement(center: Point, scale: Double, degrees: Double) -> Transform {
    let (s, c) = PortableMath.sinCos(degrees: degrees)
    return Transform(a: c * scale, b: s * scale, c: -s * scale, d: c * scale, e: center.x, f: center.y)
  }

  /// An outline of `path` (through `transform`) `width` pixels wide: each flattened edge becomes a
  /// clockwise band and each corner a small disc, so the nonzero union is the stroke.
  static func stroke(_ path: Path, transform: Transform, width: Double, clip: PixelRect) throws
    -> CoverageMask
  {
    let flat = try path.flattened(tolerance: 0.2, transform: transform)
    let h = width / 2
    var out = Path()
    for k in 0..<flat.contourCount {
      let pts = Array(flat.points[flat.contourRange(k)])
      for i in pts.indices {
        let p = pts[i]
        let q = pts[(i + 1) % pts.count]
        let dx = q.x - p.x
        let dy = q.y - p.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 1e-9 else { continue }
        let n = Point(-dy / len * h, dx / len * h)
        out.append(IconGeometry.polygon([p + n, q + n, q - n, p - n]))
        out.append(IconGeometry.polygon(IconGeometry.regular(8, radius: h, phase: 0, center: p)))
      }
    }
    return try out.fill(rule: .nonzero, clip: clip)
  }
}
