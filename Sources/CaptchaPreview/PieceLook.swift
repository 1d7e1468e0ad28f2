import CaptchaHoles
import CaptchaImaging
import CaptchaKindCore
import CaptchaPattern
import CaptchaRotate
public import CaptchaSlide
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

  /// `piece(from:weight:)` on a transparent canvas of `sample`'s size, where the hole is in the
  /// sample (its shadow's padding up-left of it); parts outside the canvas are cut off.
  func placedPiece(from sample: RGBAImage, weight: CoverageMask) -> RGBAImage {
    let piece = piece(from: sample, weight: weight)
    var canvas = RGBAImage(width: sample.width, height: sample.height, fill: (0, 0, 0, 0))
    let px = weight.originX - (shadow?.padding.left ?? 0)
    let py = weight.originY - (shadow?.padding.top ?? 0)
    for yy in 0..<piece.height where py + yy >= 0 && py + yy < sample.height {
      for xx in 0..<piece.width where px + xx >= 0 && px + xx < sample.width {
        let s = (yy * piece.width + xx) * 4
        let d = ((py + yy) * sample.width + px + xx) * 4
        canvas.pixels.replaceSubrange(d..<d + 4, with: piece.pixels[s..<s + 4])
      }
    }
    return canvas
  }
}
