import CaptchaImaging
public import VectorRaster

/// A puzzle-piece outline: a vector path inside the square box [0, size]×[0, size] (y down).
///
/// Conform to add shapes: `make` scales nothing itself, it asks the shape for a path at the piece
/// size, places it at the target and rasterises it once with `fillRule`. Shapes that vary per
/// captcha (jittered knobs, say) draw their variation from `seed`, which the maker derives from the
/// captcha's seed; fixed shapes ignore it.
public protocol PieceShape: Sendable {
  /// The name used on the command line and recorded in answer.json (`piece.shape`).
  var name: String { get }
  /// How the path's contours decide inside (a ring needs `.evenodd`).
  var fillRule: FillRule { get }
  /// The outline for a piece box of `size`×`size` pixels. Everything stays inside the box.
  func path(size: Double, seed: UInt64) -> Path
  /// The angle in degrees the outline is turned by for `seed` (answer.json's `piece.rotation`),
  /// or nil for a shape that is never turned (the default).
  func rotation(seed: UInt64) -> Double?
}

extension PieceShape {
  /// The outline for a `size`×`size` box with the default variation (seed 0).
  public func path(size: Double) -> Path { path(size: size, seed: 0) }

  public func rotation(seed: UInt64) -> Double? { nil }
}

/// How every piece outline (the piece, its hole, decoys, shape previews) becomes a coverage mask.
public enum PieceOutline {
  /// Flattening tolerance for piece outlines, in pixels: finer than the rasteriser's usual 0.1 px
  /// because the piece edge is what users look at most closely, and still below what 8-bit
  /// coverage shows.
  public static let flatteningTolerance = 0.05

  /// The coverage of `path`, drawn for the piece box [0, size]², placed with that box at `box`'s
  /// origin, over exactly `box` (its width and height are the piece size).
  ///
  /// - Throws: `.badData` when the path cannot be flattened.
  public static func mask(_ path: Path, rule: FillRule, over box: PixelRect) throws -> CoverageMask {
    try path.fill(
      rule: rule, clip: box, transform: .translation(Double(box.x), Double(box.y)),
      tolerance: flatteningTolerance
    ).cropped(to: box)
  }
}
