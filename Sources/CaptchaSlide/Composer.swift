public import CaptchaHoles
public import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
public import VectorRaster

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
  ///   - holeSeed: the seed of the hole style's random choices (see `HoleStyle`).
  public static func compose(
    background: RGBAImage, mask: CoverageMask, pieceBox: PixelRect,
    pieceStyle: PieceStyle = PieceStyle(), holeStyle: any HoleStyle = ShadeHole(), holeSeed: UInt64 = 0
  ) -> Composition {
    var holed = background
    let (piece, weight) = compose(
      inPlace: &holed, mask: mask, pieceBox: pieceBox, pieceStyle: pieceStyle, holeStyle: holeStyle,
      holeSeed: holeSeed)
    return Composition(piece: piece, background: holed, holeWeight: weight)
  }

  /// `compose` drawing the hole into `background` itself (no copy of a large image): returns the
  /// piece and the hole weight. With `threads` > 1 the piece's rim and the hole are drawn at the
  /// same time (they touch different pixels), and the hole may use the threads too.
  public static func compose(
    inPlace background: inout RGBAImage, mask: CoverageMask, pieceBox: PixelRect,
    pieceStyle: PieceStyle = PieceStyle(), holeStyle: any HoleStyle = ShadeHole(), holeSeed: UInt64 = 0,
    threads: Int = 1
  ) -> (piece: RGBAImage, holeWeight: CoverageMask) {
    precondition(
      pieceBox.intersection(PixelRect(x: 0, y: 0, width: background.width, height: background.height))
        == pieceBox, "piece box must lie inside the background")
    let m = mask.cropped(to: pieceBox)
    var piece = RGBAImage(width: pieceBox.width, height: pieceBox.height, fill: (0, 0, 0, 0))
    let bw = background.width
    m.data.withUnsafeBufferPointer { mp in
      background.pixels.withUnsafeBufferPointer { src in
        piece.pixels.withUnsafeMutableBufferPointer { dst in
          for y in 0..<pieceBox.height {
            for x in 0..<pieceBox.width {
              let a = UInt32(mp[y * pieceBox.width + x])
              guard a > 0 else { continue }
              let s = ((pieceBox.y + y) * bw + pieceBox.x + x) * 4
              let d = (y * pieceBox.width + x) * 4
              dst[d] = src[s]
              dst[d + 1] = src[s + 1]
              dst[d + 2] = src[s + 2]
              // A transparent background stays transparent in the piece.
              let sa = UInt32(src[s + 3])
              dst[d + 3] = sa == 255 ? UInt8(a) : UInt8((a * sa + 127) / 255)
            }
          }
        }
      }
    }
    ForkJoin.run(parts: 2, threads: threads) { part in
      if part == 0 {
        pieceStyle.apply(to: &piece, mask: m)
      } else {
        holeStyle.render(into: &background, weight: m, seed: holeSeed, threads: threads)
      }
    }
    return (piece, m)
  }
}
