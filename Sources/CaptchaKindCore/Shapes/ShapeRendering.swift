import CaptchaImaging
import CaptchaSupport
public import VectorRaster

extension PieceShape {
  /// The shape's coverage over exactly the box [0, size)×[0, size) (width and height `size`,
  /// origin 0, 0), rasterised with the shape's own fill rule: what `make` cuts the piece with.
  ///
  /// - Throws: `.usage` for a size below 1; the `PathError` of a path that cannot be flattened.
  public func coverageMask(size: Int, seed: UInt64) throws -> CoverageMask {
    guard size >= 1 else {
      throw CaptchaError(.usage, "shape '\(name)': the piece size must be at least 1, not \(size)")
    }
    return try PieceOutline.mask(
      path(size: Double(size), seed: seed), rule: fillRule,
      over: PixelRect(x: 0, y: 0, width: size, height: size))
  }
}
