import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// piece.png of a rotate captcha: the disc's square resampled from the background turned clockwise
/// by a turn, then (after its jitter) cut to the circle (alpha = our rasteriser's exact-area coverage, so the rim is
/// anti-aliased) and transparent outside it.
enum DiscPiece {
  /// The square around the disc of `geometry` on `background`, turned clockwise by `turn` degrees (bilinear,
  /// through `AffineWarp`; sin and cos from `PortableMath`, so the pixels are the same everywhere).
  static func turnedSquare(
    from background: RGBAImage, geometry g: DiscGeometry, turnedClockwiseBy turn: Double
  )
    -> RGBAImage
  {
    // Piece pixel p (relative to the disc centre) shows the background at p turned back by
    // `turn`: rotation by −turn, which on a y-down screen is counter-clockwise.
    let (s, c) = PortableMath.sinCos(degrees: -turn)
    let r = Double(g.radius)
    let map = Transform(
      a: c, b: s, c: -s, d: c, e: Double(g.centerX) - c * r + s * r, f: Double(g.centerY) - s * r - c * r)
    return AffineWarp(
      map: map, outWidth: g.diameter, outHeight: g.diameter, inWidth: background.width,
      inHeight: background.height
    ).warp(background)
  }

  /// Sets alpha to the coverage of the circle inscribed in the square `piece`, and the colour of
  /// fully transparent pixels to 0.
  static func cutToCircle(_ piece: inout RGBAImage, radius: Int) throws {
    let d = piece.width
    let mask = try Path.circle(center: Point(Double(radius), Double(radius)), radius: Double(radius)).fill(
      rule: .nonzero, clip: PixelRect(x: 0, y: 0, width: d, height: d),
      tolerance: PieceOutline.flatteningTolerance)
    for y in 0..<d {
      for x in 0..<d {
        let a = mask.coverage(atX: x, y: y)
        let p = (y * d + x) * 4
        piece.pixels[p + 3] = a
        if a == 0 {
          piece.pixels[p] = 0
          piece.pixels[p + 1] = 0
          piece.pixels[p + 2] = 0
        }
      }
    }
  }
}

/// The piece's own tone and noise jitter, drawn per captcha from its own stream, so the piece's
/// colours never equal the background's (rim matching then has to survive a gain, gamma,
/// brightness and saturation change plus fresh noise).
enum DiscJitter {
  /// A jitter drawn from `rng`: per-channel gain ±8%, brightness ±10 levels, gamma 0.85…1.18,
  /// saturation ±15%, noise of ±4 levels.
  static func draw(rng: inout Xoshiro256StarStar) -> ToneJitter {
    var j = ToneJitter()
    j.gain = (0..<3).map { _ in rng.nextDouble(in: 0.92, 1.08) }
    j.brightness = rng.nextInt(in: -10...10)
    j.gamma = rng.nextDouble(in: 0.85, 1.18)
    j.saturation = rng.nextDouble(in: 0.85, 1.15)
    j.noise = 4
    j.noiseSeed = rng.next()
    return j
  }
}
