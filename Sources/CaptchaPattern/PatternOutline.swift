import CaptchaKindCore
import VectorRaster

/// Outlines and rims taken from a filled icon's coverage rather than from its path, so they follow
/// exactly the shape a filled marker shows: no line where two parts of a figure overlap, no edge
/// along a hole that opens to the outside.
enum PatternOutline {
  /// The pixel offsets within `radius` of the origin.
  static func disc(_ radius: Double) -> [(Int, Int)] {
    let r = Int(radius.rounded(.up))
    var out: [(Int, Int)] = []
    for dy in -r...r {
      for dx in -r...r where Double(dx * dx + dy * dy) <= radius * radius { out.append((dx, dy)) }
    }
    return out
  }

  /// `mask` grown by `radius` pixels: each pixel takes the largest coverage within the radius.
  static func dilated(_ mask: CoverageMask, by radius: Double) -> CoverageMask {
    extremes(mask, radius: radius) { high, _ in high }
  }

  /// A band about `2 · halfWidth + 1` pixels wide along every edge of `mask`: the largest minus the
  /// smallest coverage within `halfWidth` of each pixel.
  static func ring(_ mask: CoverageMask, halfWidth: Double) -> CoverageMask {
    extremes(mask, radius: halfWidth) { high, low in high - low }
  }

  private static func extremes(
    _ mask: CoverageMask, radius: Double, _ combine: (UInt8, UInt8) -> UInt8
  ) -> CoverageMask {
    let offsets = disc(radius)
    let r = Int(radius.rounded(.up))
    let rect = PixelRect(
      x: mask.originX - r, y: mask.originY - r, width: mask.width + 2 * r, height: mask.height + 2 * r)
    var out = CoverageMask(zeroOver: rect)
    for y in 0..<rect.height {
      for x in 0..<rect.width {
        var high: UInt8 = 0
        var low: UInt8 = 255
        for (dx, dy) in offsets {
          let v = mask.coverage(atX: rect.x + x + dx, y: rect.y + y + dy)
          high = max(high, v)
          low = min(low, v)
        }
        out.data[y * rect.width + x] = combine(high, low)
      }
    }
    return out
  }
}
