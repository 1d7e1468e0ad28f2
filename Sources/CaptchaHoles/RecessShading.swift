import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// The light of a recessed hole: a shadow along the edges that face the light and a highlight
/// along the opposite edges, as a cut in a surface lit from one side shows. Shadows and
/// highlights along edges are what photos are full of, so the cue that tells a person "a piece is
/// missing here" is not a statistic foreign to the picture. Both bands are soft (box-blurred) and
/// measured on the visible hole's own mask, so a twin hole gets exactly the same light.
struct RecessShading {
  /// Per pixel of the hole's box: −1…1 (−1 full shadow, +1 full highlight), in 1/255.
  private let values: [Int16]
  let box: PixelRect

  /// - Parameters:
  ///   - mask: the visible hole (coverage over `box`).
  ///   - light: the direction the light comes from, a unit step on the 8-neighbourhood
  ///     (e.g. (−1, −1): from the top left).
  init(mask: CoverageMask, light: (Int, Int)) {
    let r = Self.bandWidth(mask)
    self.init(mask: mask, offset: (light.0 * r, light.1 * r), blur: max(1, r / 2))
  }

  /// The light from `angle` degrees (0: from the right, 90: from below, on a y-down screen), its
  /// bands `width` times the standard band (a style key's light).
  init(mask: CoverageMask, angle: Double, width: Double) {
    let reach = Double(Self.bandWidth(mask)) * width * 1.2
    let (sine, cosine) = PortableMath.sinCos(degrees: angle)
    let offset = (Int((cosine * reach).rounded()), Int((sine * reach).rounded()))
    self.init(mask: mask, offset: offset, blur: max(1, Int((reach / 2.4).rounded())))
  }

  /// The light's bands: the hole shifted by `offset` (towards the light) and by −`offset`, each
  /// box-blurred by `blur`.
  init(mask: CoverageMask, offset: (Int, Int), blur: Int) {
    box = mask.rect
    // Edges facing the light: where the hole, moved away from the light, no longer covers.
    let shadowSide = mask.shifted(dx: -offset.0, dy: -offset.1).blurred(radius: blur)
    let lightSide = mask.shifted(dx: offset.0, dy: offset.1).blurred(radius: blur)
    var out = [Int16](repeating: 0, count: box.width * box.height)
    for i in 0..<out.count {
      let m = Int32(mask.data[i])
      let shadow = m - min(m, Int32(shadowSide.data[i]))
      let highlight = m - min(m, Int32(lightSide.data[i]))
      out[i] = Int16(highlight - shadow)
    }
    values = out
  }

  /// The standard band width for a hole: a sixteenth of its box's shorter side, at least 2 px.
  static func bandWidth(_ mask: CoverageMask) -> Int { max(2, min(mask.rect.width, mask.rect.height) / 16) }

  /// −1…1 at image pixel (x, y) inside `box`.
  @inline(__always) func value(x: Int, y: Int) -> Double {
    Double(values[(y - box.y) * box.width + x - box.x]) / 255
  }

  /// The light directions a style may use (from the top left, clockwise).
  static let directions: [(Int, Int)] = [
    (-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0),
  ]
}
