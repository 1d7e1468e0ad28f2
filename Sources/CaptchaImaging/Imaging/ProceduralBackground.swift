import CaptchaSupport
import VectorRaster

/// The built-in background used when `make` gets no `--image`: a small landscape — sky gradient,
/// sun or moon with a glow, soft clouds, layered hills with haze and trees, fine texture and grain.
///
/// Every choice (palette, horizon, sun, clouds, ridge lines, trees, texture) is drawn from the
/// seed, so each seed gives a different picture and the same seed always gives the same pixels.
/// Only +, −, ×, ÷, sqrt and floor are used (no libm transcendental functions, whose last bits
/// differ between platforms), so the bytes are identical on every machine.
public enum ProceduralBackground {
  /// The default built-in size, 320×160.
  public static let defaultWidth = 320
  public static let defaultHeight = 160

  /// The random stream of the background ("bg").
  static let stream: UInt64 = 0x6267

  /// Renders a `width`×`height` opaque landscape for `seed`.
  public static func make(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    make(width: width, height: height, seed: seed, bandRows: max(1, 65_536 / max(1, width)))
  }

  /// `make` rendering `bandRows` rows at a time (the result does not depend on it).
  ///
  /// Every random choice is made first, stage by stage in this order (each stage draws from the
  /// one stream, so the order is part of the picture), recording pointwise drawing operations;
  /// the operations are then replayed band by band, so memory stays one output image plus one
  /// small band.
  static func make(width: Int, height: Int, seed: UInt64, bandRows: Int) -> RGBAImage {
    precondition(width > 0 && height > 0, "background size must be positive")
    var rng = Xoshiro256StarStar(seed: seed, stream: stream)
    let scene = Scene.draw(width: width, height: height, &rng)
    var ops = sky(scene)
    ops += stars(scene, &rng)
    ops += sun(scene, &rng)
    ops += clouds(scene, &rng)
    ops += hills(scene, &rng)
    ops += texture(scene, &rng)
    return replay(ops, width: width, height: height, bandRows: bandRows)
  }

  /// One recorded drawing operation: draws into whatever band of rows it is given.
  typealias DrawOp = (inout Canvas) -> Void

  /// The choices every stage shares: the size, the palette and the horizon.
  struct Scene {
    let width: Int
    let w: Double
    let h: Double
    let horizon: Double
    let palette: Palette

    /// Draws the palette (night is one palette in eleven draws; the five daylight palettes share
    /// the rest evenly), its jitter, then the horizon.
    static func draw(width: Int, height: Int, _ rng: inout Xoshiro256StarStar) -> Scene {
      let pick = Int(rng.next(below: 11))
      let palette = Palette.all[pick == 10 ? 5 : pick / 2].jittered(&rng)
      let h = Double(height)
      let horizon = h * rng.nextDouble(in: 0.42, 0.62)
      return Scene(width: width, w: Double(width), h: h, horizon: horizon, palette: palette)
    }
  }

  /// Runs `ops` over bands of `bandRows` rows and writes each band into an opaque image.
  static func replay(_ ops: [DrawOp], width: Int, height: Int, bandRows: Int) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
    var y0 = 0
    while y0 < height {
      var band = Canvas(width: width, rows: y0..<min(height, y0 + bandRows))
      for op in ops { op(&band) }
      band.write(into: &image)
      y0 += bandRows
    }
    return image
  }
}
