import CaptchaImaging
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

/// How the hole is drawn on the background. A style changes pixels only where `weight` (the piece
/// mask placed at the target) is non-zero, and in proportion to it, so the piece covers the hole
/// with no seam. Conform to add styles.
public protocol HoleStyle: Sendable {
  /// The name used on the command line and in listings.
  var name: String { get }
  /// True when the style needs an alpha channel in the background (refuse JPEG then).
  var needsAlpha: Bool { get }
  /// Draws the hole into `image`; `weight` is the piece's coverage mask at the target.
  func render(into image: inout RGBAImage, weight: CoverageMask)
  /// Draws the hole with the style's random choices (texture phase, lighting…) drawn from
  /// `seed`, so every hole of a captcha can look different; styles without any ignore the seed.
  func render(into image: inout RGBAImage, weight: CoverageMask, seed: UInt64)
}

extension HoleStyle {
  public func render(into image: inout RGBAImage, weight: CoverageMask, seed: UInt64) {
    render(into: &image, weight: weight)
  }
}

/// The default hole: the background darkened inside the shape, deeper along the top-left inner
/// edge (a soft inner shadow, as if the hole were recessed and lit from the top left), with a thin
/// light line just inside the edge so the hole reads on dark pictures too.
public struct ShadeHole: HoleStyle, Equatable {
  /// Darkening of the hole's interior, 0…1.
  public var opacity: Double = 0.5
  /// Extra darkening in the inner shadow, 0…1.
  public var shadow: Double = 0.3
  /// Lightening of the 1-pixel inner edge line, 0…1.
  public var edge: Double = 0.35

  public init(opacity: Double = 0.5, shadow: Double = 0.3, edge: Double = 0.35) {
    self.opacity = opacity
    self.shadow = shadow
    self.edge = edge
  }

  public var name: String { "shade" }
  public var needsAlpha: Bool { false }

  public func render(into image: inout RGBAImage, weight m: CoverageMask) {
    let box = m.rect.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
    guard !box.isEmpty else { return }
    let w = m.cropped(to: box)
    let r = max(1, box.width / 24)
    // Lit where the hole, shifted down-right and blurred, still covers: 0 along the top-left edge.
    let lit = w.shifted(dx: r, dy: r).blurred(radius: r)
    let inner = w.eroded(radius: 1)
    let base = UInt32((opacity * 256).rounded())
    let extra = UInt32((shadow * 256).rounded())
    let line = UInt32((edge * 256).rounded())
    let imageWidth = image.width
    w.data.withUnsafeBufferPointer { wp in
      lit.data.withUnsafeBufferPointer { lp in
        inner.data.withUnsafeBufferPointer { ip in
          image.pixels.withUnsafeMutableBufferPointer { px in
            for y in 0..<box.height {
              for x in 0..<box.width {
                let i = y * box.width + x
                let a = UInt32(wp[i])
                guard a > 0 else { continue }
                let shade = 255 - UInt32(min(lp[i], wp[i]))  // 0…255, 255 in full shadow
                // Darkness in 1/65536 of full, proportional to the coverage a.
                let dark = min(65536, (base * 256 + extra * shade) * a / 255)
                let edgeShare = (a - UInt32(ip[i])) * line / 255  // 0…256
                let p = ((box.y + y) * imageWidth + box.x + x) * 4
                for c in 0..<3 {
                  let v = UInt32(px[p + c])
                  let d = (v * (65536 - dark) + 32768) >> 16
                  let l = d + ((255 - d) * edgeShare + 128) >> 8
                  px[p + c] = UInt8(min(255, l))
                }
              }
            }
          }
        }
      }
    }
  }
}
