import CaptchaHoles
import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// A bevel on the piece: its inside edge lightened where it faces the top left and darkened where
/// it faces the bottom right, as if the piece were raised and lit from the top left.
///
/// The slope comes from the piece's mask box-blurred by `width` (two passes), so the bevel is
/// about 2·`width` pixels deep and follows any shape, anti-aliased. Only colour changes: the piece's
/// alpha stays the mask, so it still covers its hole exactly.
public struct PieceBevel: Equatable, Codable, Sendable {
  /// Blur radius of the slope in pixels, 1…16 (the bevel reaches about twice as deep).
  public var width: Int = 2
  /// How far the lit side moves towards white and the shaded side towards black, 0…1.
  public var strength: Double = 0.5

  public init(width: Int = 2, strength: Double = 0.5) {
    self.width = width
    self.strength = strength
  }

  /// Largest accepted `width`.
  public static let maxWidth = 16

  func validate() throws {
    guard (1...Self.maxWidth).contains(width) else {
      throw OptionError("\(CaptchaOption.bevelWidth) \(width) must be between 1 and \(Self.maxWidth) pixels")
    }
    guard strength >= 0, strength <= 1 else {
      throw OptionError("\(CaptchaOption.bevelStrength) \(strength) must be between 0 and 1")
    }
  }

  /// Lights and shades `piece` (whose alpha is the mask `m`, box-aligned) along its inside edge.
  func apply(to piece: inout RGBAImage, mask m: CoverageMask) {
    guard strength > 0, m.width > 2, m.height > 2 else { return }
    let slope = m.blurred(radius: width)
    let w = m.width
    let h = m.height
    // A straight edge's slope, summed over both axes' central differences, is about 255 / width:
    // scale it so such an edge gets the full strength.
    let k = Int64((strength * 256).rounded()) * Int64(width)
    m.data.withUnsafeBufferPointer { mp in
      slope.data.withUnsafeBufferPointer { sp in
        piece.pixels.withUnsafeMutableBufferPointer { px in
          for y in 0..<h {
            for x in 0..<w {
              let i = y * w + x
              guard mp[i] > 0 else { continue }
              func at(_ xx: Int, _ yy: Int) -> Int64 {
                Int64(sp[min(h - 1, max(0, yy)) * w + min(w - 1, max(0, xx))])
              }
              // Rising towards the bottom right: this pixel faces the top left (lit).
              let g = (at(x + 1, y) - at(x - 1, y)) + (at(x, y + 1) - at(x, y - 1))
              guard g != 0 else { continue }
              let t = UInt32(min(65536, abs(g) * k * 256 / 255))  // 0…65536
              let target: UInt32 = g > 0 ? 255 : 0
              for c in 0..<3 { px[i * 4 + c] = HolePixels.mix(px[i * 4 + c], target, t) }
            }
          }
        }
      }
    }
  }
}
