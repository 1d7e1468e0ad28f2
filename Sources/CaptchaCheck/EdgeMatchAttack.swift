import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// Attack class 1, edge template matching (the attack suite's `edge-match`): Canny edges of the
/// piece's alpha outline against Canny edges of the lightly blurred background, both edge maps
/// blurred 3×3 so a one-pixel miss still counts, compared by normalised cross-correlation.
///
/// Both pictures are padded by 3 px first (zeros around the alpha, so a shape filling its box still
/// has an outline; repeated edge pixels around the background, which add no edges), so match
/// positions stay piece top-left positions.
public struct EdgeMatchAttack: ClientAttack {
  public let name = "edge-match"

  /// Canny thresholds: the alpha outline is a hard 0→255 step; the photo's are for natural edges.
  static let outlineThresholds = (low: 100, high: 200)
  static let backgroundThresholds = (low: 60, high: 160)
  static let padding = 3

  public init() {}

  public func scores(_ view: ClientView) -> ScoreMap {
    let p = Self.padding
    let alpha = GrayPlane(alpha: view.piece).padded(by: p, border: .zero)
    let outline = CannyEdges.detect(
      alpha, low: Self.outlineThresholds.low, high: Self.outlineThresholds.high
    ).blurred3()
    let gray = GrayPlane(luma: view.background).blurred3().truncated().padded(by: p, border: .replicate)
    let edges = CannyEdges.detect(
      gray, low: Self.backgroundThresholds.low, high: Self.backgroundThresholds.high
    ).blurred3()
    return TemplateMatching.correlationNormalized(image: edges, template: outline, space: view.searchSpace)
  }
}
