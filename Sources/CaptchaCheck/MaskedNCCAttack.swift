import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// Attack class 2, masked normalised correlation (the attack suite's `ncc-ccoeff`): the piece's grey
/// pixels against the background's, zero-mean and normalised over the shape's interior (alpha 255,
/// eroded 2 px so anti-aliased edges and a drawn rim are left out). A hole drawn as any per-pixel
/// affine function of the photo (darkened, translucent fill) scores a perfect 1 at the target.
public struct MaskedNCCAttack: ClientAttack {
  public let name = "ncc-ccoeff"

  /// How far the interior mask is eroded (3×3 square steps).
  static let erosion = 2

  public init() {}

  public func scores(_ view: ClientView) -> ScoreMap {
    let mask = Self.interior(of: view.piece, erodedBy: Self.erosion)
    return TemplateMatching.maskedZeroMeanNormalized(
      image: GrayPlane(luma: view.background), template: GrayPlane(luma: view.piece), mask: mask,
      space: view.searchSpace)
  }

  /// Pixels whose alpha is 255 and whose every neighbour within `r` px (a (2r+1)² square; outside
  /// the piece counts as transparent) also is: `r` erosions by a 3×3 square.
  static func interior(of piece: RGBAImage, erodedBy r: Int) -> [Bool] {
    let w = piece.width
    let h = piece.height
    func solid(_ x: Int, _ y: Int) -> Bool {
      x >= 0 && y >= 0 && x < w && y < h && piece.pixels[4 * (y * w + x) + 3] == 255
    }
    // Separable: a row pass (all solid within ±r columns), then a column pass over its result.
    var rows = [Bool](repeating: false, count: w * h)
    for y in 0..<h {
      for x in 0..<w { rows[y * w + x] = (-r...r).allSatisfy { solid(x + $0, y) } }
    }
    var out = [Bool](repeating: false, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        out[y * w + x] = (-r...r).allSatisfy { d in y + d >= 0 && y + d < h && rows[(y + d) * w + x] }
      }
    }
    return out
  }
}
