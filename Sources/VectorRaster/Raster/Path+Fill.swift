extension Path {
  /// Flattens the path (through `transform`, within `tolerance` device pixels) and fills it with
  /// `Rasterizer.fill`: an exact-area coverage mask over the path's bounds intersected with
  /// `clip`.
  ///
  /// - Throws: what `flattened(tolerance:transform:)` throws: `.badData` for non-finite
  ///   coordinates or a path too large to flatten, `.usage` for a bad tolerance.
  public func fill(
    rule: FillRule, clip: PixelRect, transform: Transform = .identity,
    tolerance: Double = Flattening.defaultTolerance
  ) throws -> CoverageMask {
    Rasterizer.fill(try flattened(tolerance: tolerance, transform: transform), rule: rule, clip: clip)
  }
}
