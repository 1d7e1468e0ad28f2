import CaptchaHoles
import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// The piece's look: an optional bevel and a light rim, both drawn inside the piece's edge, so
/// the piece box stays tight and the piece's alpha stays exactly the shape's coverage.
public struct PieceStyle: Equatable, Sendable {
  /// Rim width in pixels (0 = no rim).
  public var rimWidth: Double = 1.5
  /// How strongly the rim lightens towards white, 0…1.
  public var rimOpacity: Double = 0.5
  /// A bevel (lit top left, shaded bottom right), drawn before the rim; nil: none.
  public var bevel: PieceBevel?
  /// The colour the rim moves towards (a style key's); nil: white.
  public var rimColour: RimColour?

  /// An 8-bit colour for the rim.
  public struct RimColour: Equatable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
      self.r = r
      self.g = g
      self.b = b
    }
  }

  public init(rimWidth: Double = 1.5, rimOpacity: Double = 0.5, bevel: PieceBevel? = nil) {
    self.rimWidth = rimWidth
    self.rimOpacity = rimOpacity
    self.bevel = bevel
  }

  func validate() throws {
    guard rimWidth >= 0, rimWidth <= 64, rimWidth.isFinite else {
      throw CaptchaError(.usage, "rim width \(rimWidth) must be between 0 and 64 pixels")
    }
    guard rimOpacity >= 0, rimOpacity <= 1 else {
      throw CaptchaError(.usage, "rim opacity \(rimOpacity) must be between 0 and 1")
    }
    try bevel?.validate()
  }

  /// Lightens `piece` (whose alpha is the mask `m`, box-aligned) along the inside of its edge.
  /// Only colour changes; alpha is left as it is.
  func apply(to piece: inout RGBAImage, mask m: CoverageMask) {
    bevel?.apply(to: &piece, mask: m)
    guard rimWidth > 0, rimOpacity > 0 else { return }
    let inner = m.eroded(radius: rimWidth)
    let k = UInt32((rimOpacity * 256).rounded())
    let colour = rimColour.map { [$0.r, $0.g, $0.b] }
    m.data.withUnsafeBufferPointer { mp in
      inner.data.withUnsafeBufferPointer { ip in
        piece.pixels.withUnsafeMutableBufferPointer { px in
          for i in 0..<(m.width * m.height) {
            let a = UInt32(mp[i])
            let e = UInt32(ip[i])
            // Outside the shape, or deep inside it: nothing to do.
            guard a > 0, e < a else { continue }
            // Share of this pixel's coverage that lies in the rim, in 1/256.
            let rim = (a - e) * 256 / a
            let t = rim * k  // 0…65536
            if let colour {
              for c in 0..<3 {
                let v = Int32(px[i * 4 + c])
                px[i * 4 + c] = UInt8(v + ((Int32(colour[c]) - v) * Int32(t) + 32768) >> 16)
              }
              continue
            }
            for c in 0..<3 {
              let v = UInt32(px[i * 4 + c])
              px[i * 4 + c] = UInt8(v + ((255 - v) * t + 32768) >> 16)
            }
          }
        }
      }
    }
  }
}
