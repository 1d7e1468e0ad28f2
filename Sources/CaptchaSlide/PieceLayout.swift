import CaptchaHoles
import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// How piece.png frames the piece: a tight box, or a full-height transparent strip of the piece's
/// width (as tianai and AJ-Captcha clients expect; `start.y`/`target.y` are then 0).
public enum PieceLayout: String, CaseIterable, Codable, Sendable {
  case tight
  case strip

  /// `piece` (whose top edge lies at `y` on a background `height` tall) laid into a transparent
  /// strip of the same width and that height. Rows outside the background (a drop shadow's
  /// padding at the top or bottom edge) are cut off.
  static func strip(_ piece: RGBAImage, atY y: Int, height: Int) -> RGBAImage {
    var out = RGBAImage(width: piece.width, height: height, fill: (0, 0, 0, 0))
    let row = piece.width * 4
    let first = max(0, -y)
    let end = max(first, min(piece.height, height - y))
    for r in first..<end {
      out.pixels.replaceSubrange(
        (y + r) * row..<(y + r + 1) * row, with: piece.pixels[r * row..<(r + 1) * row])
    }
    return out
  }
}
