public import CaptchaHoles
public import CaptchaImaging
public import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// Draws decoy holes into a background that already has the real hole: positions from
/// `DecoyPlacement`, outlines from `DecoyShapes`, each rendered by the captcha's own `HoleStyle`
/// with the decoy's coverage mask, exactly as the real hole is (each with its own style seed, as
/// the real hole has its own). Decoys never overlap the target's
/// box (twins: the target's outline, by at least the gap), so the piece and the real hole are
/// unchanged.
public enum DecoyStage {
  /// Stream numbers for `Xoshiro256StarStar(seed:stream:)`.
  enum Stream {
    static let placement: UInt64 = 0x6470  // "dp"
    static let shape: UInt64 = 0x6473  // "ds"
    static let hole: UInt64 = 0x6468  // "dh"
  }

  /// Draws up to `settings.count` decoys for the captcha of `seed` and returns their records
  /// (top-left of each decoy's piece box in background pixels, in drawing order; see
  /// `DecoyRecord.inConvention` for answer.json's).
  ///
  /// - Parameters:
  ///   - shape, shapeSeed: the piece's shape and the seed its path was drawn with.
  ///   - placement: the captcha's start and target (before any strip layout).
  public static func draw(
    into background: inout RGBAImage, settings: DecoySettings, placement: Placement, pieceSize p: Int,
    mode: DragMode, shape: any PieceShape, shapeSeed: UInt64, holeStyle: any HoleStyle, seed: UInt64,
    threads: Int = 1
  ) throws -> [DecoyRecord] {
    guard settings.count > 0 else { return [] }
    let shapes = try DecoyShapes(shape: shape, shapeSeed: shapeSeed, size: p)
    let spacing =
      settings.twins && mode != .free
      ? shapes.twinSpacing(gap: settings.resolvedGap(pieceSize: p), alongX: mode == .horizontal) : nil
    let spots = positions(
      settings: settings, width: background.width, height: background.height, placement: placement,
      pieceSize: p, mode: mode, seed: seed, spacing: spacing)
    return try render(
      into: &background, at: spots, pieceSize: p, shape: shape, shapeSeed: shapeSeed, holeStyle: holeStyle,
      seed: seed, twins: settings.twins, threads: threads)
  }

  /// Where up to `settings.count` decoys of the captcha of `seed` go (top-left of each box);
  /// `spacing`: the distance along the drag line between twins (nil: whole boxes plus the gap).
  public static func positions(
    settings: DecoySettings, width: Int, height: Int, placement: Placement, pieceSize p: Int, mode: DragMode,
    seed: UInt64, spacing: Int? = nil
  ) -> [PiecePosition] {
    guard settings.count > 0 else { return [] }
    var placeRNG = Xoshiro256StarStar(seed: seed, stream: Stream.placement)
    return DecoyPlacement.draw(
      count: settings.count, width: width, height: height, pieceSize: p, mode: mode,
      placement: placement, band: settings.resolvedBand(pieceSize: p),
      gap: settings.resolvedGap(pieceSize: p), spacing: spacing,
      rng: &placeRNG)
  }

  /// Draws decoy holes at `spots` (outlines from `DecoyShapes`, or the piece's own with `twins`,
  /// each rendered by the captcha's hole style with its own style seed) and returns their records
  /// in drawing order. Each hole may use `threads` threads.
  public static func render(
    into background: inout RGBAImage, at spots: [PiecePosition], pieceSize p: Int, shape: any PieceShape,
    shapeSeed: UInt64, holeStyle: any HoleStyle, seed: UInt64, twins: Bool = false, threads: Int = 1
  ) throws -> [DecoyRecord] {
    guard !spots.isEmpty else { return [] }
    let shapes = try DecoyShapes(shape: shape, shapeSeed: shapeSeed, size: p)
    var shapeRNG = Xoshiro256StarStar(seed: seed, stream: Stream.shape)
    var holeRNG = Xoshiro256StarStar(seed: seed, stream: Stream.hole)
    var records: [DecoyRecord] = []
    for pos in spots {
      guard let outline = try (twins ? shapes.twin : shapes.next(&shapeRNG)) else { break }
      let mask = try PieceOutline.mask(
        outline.path, rule: outline.fillRule, over: PixelRect(x: pos.x, y: pos.y, width: p, height: p))
      holeStyle.render(into: &background, weight: mask, seed: holeRNG.next(), threads: threads)
      records.append(DecoyRecord(x: pos.x, y: pos.y, shape: outline.shape, variant: outline.variant))
    }
    return records
  }
}
