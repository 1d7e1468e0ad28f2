/// The two pictures cut from one background and one coverage mask.
public struct Composition: Equatable, Sendable {
  /// The piece: background pixels inside the piece box, alpha = the mask.
  public var piece: RGBAImage
  /// The background with the hole drawn where the piece came from.
  public var background: RGBAImage
  /// The weight the hole was drawn with: the same mask, cropped to the piece box.
  public var holeWeight: CoverageMask
}

/// Cuts the piece and draws the hole from ONE coverage mask `m` of the piece path placed at the
/// target, so piece alpha and hole weight are the same numbers at every pixel: laid at the target,
/// the piece covers exactly what the hole took away.
public enum Composer {
  /// - Parameters:
  ///   - background: the (resized) background.
  ///   - mask: coverage of the piece path placed at the target, in background pixels.
  ///   - pieceBox: piece.png's rectangle on the background (at the target), inside the image.
  public static func compose(
    background: RGBAImage, mask: CoverageMask, pieceBox: PixelRect,
    pieceStyle: PieceStyle = PieceStyle(), holeStyle: any HoleStyle = ShadeHole()
  ) -> Composition {
    precondition(
      pieceBox.intersection(PixelRect(x: 0, y: 0, width: background.width, height: background.height))
        == pieceBox, "piece box must lie inside the background")
    let m = mask.cropped(to: pieceBox)
    var piece = RGBAImage(width: pieceBox.width, height: pieceBox.height, fill: (0, 0, 0, 0))
    for y in 0..<pieceBox.height {
      for x in 0..<pieceBox.width {
        let a = UInt32(m.data[y * pieceBox.width + x])
        guard a > 0 else { continue }
        let s = ((pieceBox.y + y) * background.width + pieceBox.x + x) * 4
        let d = (y * pieceBox.width + x) * 4
        piece.pixels[d] = background.pixels[s]
        piece.pixels[d + 1] = background.pixels[s + 1]
        piece.pixels[d + 2] = background.pixels[s + 2]
        // A transparent background stays transparent in the piece.
        piece.pixels[d + 3] = UInt8((a * UInt32(background.pixels[s + 3]) + 127) / 255)
      }
    }
    pieceStyle.apply(to: &piece, mask: m)
    var holed = background
    holeStyle.render(into: &holed, weight: m)
    return Composition(piece: piece, background: holed, holeWeight: m)
  }
}
