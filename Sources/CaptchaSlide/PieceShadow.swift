import CaptchaHoles
public import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// How many pixels piece.png extends beyond the piece's square box on each side (room for a drop
/// shadow). Recorded in answer.json as `piece.padding` when not all zero.
public struct PiecePadding: Equatable, Codable, Sendable {
  public var left: Int
  public var top: Int
  public var right: Int
  public var bottom: Int

  public init(left: Int = 0, top: Int = 0, right: Int = 0, bottom: Int = 0) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
  }

  public static let zero = PiecePadding()

  public var isZero: Bool { self == .zero }
}

/// A drop shadow under the piece: the piece's own alpha, moved by (`offsetX`, `offsetY`), softened
/// by a two-pass box blur of radius `blur` (so it fades out over 2·`blur` pixels), in black at
/// `opacity`, drawn under the piece ("source over", straight alpha).
///
/// piece.png is padded so the whole shadow fits; where the piece's alpha is 255 its pixels are
/// unchanged, so placed at the target the piece still covers its hole exactly.
public struct PieceShadow: Equatable, Codable, Sendable {
  /// Shadow offset in pixels (positive: right, down).
  public var offsetX: Int = 1
  public var offsetY: Int = 3
  /// Box-blur radius in pixels (0 = a hard-edged shadow).
  public var blur: Int = 3
  /// Strength of the shadow where the piece is fully covered, 0…1.
  public var opacity: Double = 0.5

  public init(offsetX: Int = 1, offsetY: Int = 3, blur: Int = 3, opacity: Double = 0.5) {
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.blur = blur
    self.opacity = opacity
  }

  /// answer.json's `piece.shadow`: `{offset: {x, y}, blur, opacity}`.
  private enum CodingKeys: String, CodingKey { case offset, blur, opacity }
  private struct Offset: Codable {
    var x: Int
    var y: Int
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let offset = try c.decode(Offset.self, forKey: .offset)
    self.init(
      offsetX: offset.x, offsetY: offset.y, blur: try c.decode(Int.self, forKey: .blur),
      opacity: try c.decode(Double.self, forKey: .opacity))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(Offset(x: offsetX, y: offsetY), forKey: .offset)
    try c.encode(blur, forKey: .blur)
    try c.encode(opacity, forKey: .opacity)
  }

  /// Largest accepted offset magnitude and blur radius, in pixels.
  public static let maxOffset = 64
  public static let maxBlur = 32

  func validate() throws {
    guard abs(offsetX) <= Self.maxOffset, abs(offsetY) <= Self.maxOffset else {
      throw OptionError(
        "\(CaptchaOption.shadowOffset) \(offsetX),\(offsetY) is too large; each part must be within ±\(Self.maxOffset)"
      )
    }
    guard (0...Self.maxBlur).contains(blur) else {
      throw OptionError("\(CaptchaOption.shadowBlur) \(blur) must be between 0 and \(Self.maxBlur) pixels")
    }
    guard opacity >= 0, opacity <= 1 else {
      throw OptionError("\(CaptchaOption.shadowOpacity) \(opacity) must be between 0 and 1")
    }
  }

  /// The room the shadow needs around a piece that may cover its whole box.
  public var padding: PiecePadding {
    let reach = 2 * blur
    return PiecePadding(
      left: max(0, reach - offsetX), top: max(0, reach - offsetY), right: max(0, reach + offsetX),
      bottom: max(0, reach + offsetY))
  }

  /// `piece` padded by `padding` with the shadow drawn under it.
  public func apply(to piece: RGBAImage) -> RGBAImage {
    let pad = padding
    let w = piece.width + pad.left + pad.right
    let h = piece.height + pad.top + pad.bottom
    // The piece's alpha, placed in the padded frame and moved by the offset.
    var alpha = CoverageMask(zeroOver: PixelRect(x: 0, y: 0, width: w, height: h))
    var out = RGBAImage(width: w, height: h, fill: (0, 0, 0, 0))
    for y in 0..<piece.height {
      for x in 0..<piece.width {
        let s = (y * piece.width + x) * 4
        let d = (y + pad.top) * w + x + pad.left
        alpha.data[d] = piece.pixels[s + 3]
        out.pixels.replaceSubrange(d * 4..<d * 4 + 4, with: piece.pixels[s..<s + 4])
      }
    }
    let shadow = alpha.shifted(dx: offsetX, dy: offsetY).blurred(radius: blur)
    let k = UInt32((opacity * 256).rounded())
    shadow.data.withUnsafeBufferPointer { sp in
      out.pixels.withUnsafeMutableBufferPointer { px in
        for i in 0..<(w * h) {
          let sa = (UInt32(sp[i]) * k + 128) >> 8  // shadow alpha 0…255
          let a = UInt32(px[i * 4 + 3])
          guard sa > 0, a < 255 else { continue }
          // Piece (colour C, alpha a) over black at alpha sa, in units of 1/65025.
          let den = a * 255 + sa * (255 - a)
          for c in 0..<3 {
            px[i * 4 + c] = UInt8((UInt32(px[i * 4 + c]) * a * 255 + den / 2) / den)
          }
          px[i * 4 + 3] = UInt8((den + 127) / 255)
        }
      }
    }
    return out
  }
}
