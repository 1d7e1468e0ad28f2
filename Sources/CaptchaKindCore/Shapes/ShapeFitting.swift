import CaptchaImaging
import CaptchaSupport
public import VectorRaster

extension Path {
  /// The path scaled uniformly (keeping its aspect ratio) so its exact bounds just fit the square
  /// box [0, size]×[0, size], and centred in it; nil when the bounds are missing, not finite or
  /// have no width or height (nothing sensible to scale).
  public func fitted(toBox size: Double) -> Path? {
    guard let b = bounds, b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite,
      b.width > 0, b.height > 0, size > 0, size.isFinite
    else { return nil }
    let scale = Swift.min(size / b.width, size / b.height)
    guard scale.isFinite, scale > 0 else { return nil }
    let dx = (size - b.width * scale) / 2 - b.minX * scale
    let dy = (size - b.height * scale) / 2 - b.minY * scale
    return transformed(by: Transform(a: scale, b: 0, c: 0, d: scale, e: dx, f: dy))
  }
}
