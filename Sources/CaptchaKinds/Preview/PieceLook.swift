import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// A named piece look for the contact sheet: the piece style (rim, bevel) and an optional drop
/// shadow, as `make`'s piece options produce them.
public struct PieceLook: Sendable {
  /// The cell label.
  public var name: String
  public var style: PieceStyle
  public var shadow: PieceShadow?

  public init(name: String, style: PieceStyle = PieceStyle(), shadow: PieceShadow? = nil) {
    self.name = name
    self.style = style
    self.shadow = shadow
  }

  /// The looks shown by `shapes --preview`: the default piece, `--piece-bevel`, `--piece-shadow`
  /// and both.
  public static let all: [PieceLook] = [
    PieceLook(name: "default"),
    PieceLook(name: "bevel", style: PieceStyle(bevel: PieceBevel())),
    PieceLook(name: "shadow", shadow: PieceShadow()),
    PieceLook(name: "bevel+shadow", style: PieceStyle(bevel: PieceBevel()), shadow: PieceShadow()),
  ]

  /// The piece cut with this look from `sample` where `weight` (inside `sample`) covers it.
  func piece(from sample: RGBAImage, weight: CoverageMask) -> RGBAImage {
    let piece = Composer.compose(
      background: sample, mask: weight, pieceBox: weight.rect, pieceStyle: style, holeStyle: ShadeHole()
    ).piece
    return shadow?.apply(to: piece) ?? piece
  }
}
