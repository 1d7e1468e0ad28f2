public import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// A picture of what the rotate kind looks like (`captcha-gen shapes --rotate-preview`): a rotate
/// captcha on the built-in background, on the left as a client first shows it (piece.png over the
/// background at its start angle), on the right with the piece turned upright by the answer.
public enum RotatePreview {
  /// Gap between the two panels, in pixels.
  static let spacing = 8

  /// The two panels side by side on white, for `seed` (320×160 each).
  public static func render(seed: UInt64 = 14) throws -> RGBAImage {
    let kind = RotateKind(options: RotateOptions(backgroundStage: BackgroundStage()))
    let made = try kind.make(imagePath: nil, seed: seed)
    let answer = try RotateAnswer.parse(
      made.files.bytes(named: CaptchaFiles.answerFileName)!, name: "preview")
    let background = try ImageCodec.decode(
      made.files.bytes(named: answer.background.file)!, name: "background")
    let piece = try ImageCodec.decode(made.files.bytes(named: answer.piece.file)!, name: "piece")
    let shown = over(background, piece, center: answer.center)
    let solved = over(background, try turned(piece, clockwiseBy: answer.angle), center: answer.center)
    var sheet = RGBAImage(
      width: 2 * background.width + spacing, height: background.height, fill: (255, 255, 255, 255))
    paste(shown, into: &sheet, x: 0)
    paste(solved, into: &sheet, x: background.width + spacing)
    return sheet
  }

  /// `piece` turned clockwise by `degrees` about its centre (same size, bilinear), cut to its
  /// inscribed disc again: the warp repeats the box's edge pixels into the corners, and the disc
  /// touches the edge.
  static func turned(_ piece: RGBAImage, clockwiseBy degrees: Double) throws -> RGBAImage {
    let (s, c) = PortableMath.sinCos(degrees: -degrees)
    let r = Double(piece.width) / 2
    let map = Transform(a: c, b: s, c: -s, d: c, e: r - c * r + s * r, f: r - s * r - c * r)
    var out = AffineWarp(
      map: map, outWidth: piece.width, outHeight: piece.height, inWidth: piece.width, inHeight: piece.height
    ).warp(piece)
    try DiscPiece.cutToCircle(&out, radius: piece.width / 2)
    return out
  }

  /// `background` with `piece` (straight alpha) composited so that its centre is at `center`.
  static func over(_ background: RGBAImage, _ piece: RGBAImage, center: RotateAnswer.Center) -> RGBAImage {
    var out = background
    let x0 = center.x - piece.width / 2
    let y0 = center.y - piece.height / 2
    for y in 0..<piece.height {
      for x in 0..<piece.width {
        let (bx, by) = (x0 + x, y0 + y)
        guard bx >= 0, by >= 0, bx < out.width, by < out.height else { continue }
        let p = (y * piece.width + x) * 4
        let a = Int(piece.pixels[p + 3])
        let q = (by * out.width + bx) * 4
        for ch in 0..<3 {
          out.pixels[q + ch] = UInt8(
            (Int(piece.pixels[p + ch]) * a + Int(out.pixels[q + ch]) * (255 - a) + 127) / 255)
        }
      }
    }
    return out
  }

  static func paste(_ image: RGBAImage, into sheet: inout RGBAImage, x: Int) {
    for y in 0..<image.height {
      for i in 0..<(image.width * 4) {
        sheet.pixels[(y * sheet.width + x) * 4 + i] = image.pixels[y * image.width * 4 + i]
      }
    }
  }
}
