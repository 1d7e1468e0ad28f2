import CaptchaImaging
import CaptchaKinds

/// What every kind builds the same way from the options: the difficulty, the background stage (the
/// preset's variation with the `vary…` options on top) and the output settings.
extension CaptchaOptions {
  /// The difficulty preset (default `normal`).
  public var resolvedDifficulty: Difficulty { difficulty ?? .normal }

  /// The background variation: the `vary` preset or the difficulty's, with the knobs on top.
  public var variation: BackgroundVariation {
    var v = vary?.variation ?? resolvedDifficulty.variation
    if let c = varyCrop { v.minCropScale = c }
    if let r = varyRotation { v.maxRotation = r }
    if let c = varyColor { v.color = c }
    if let n = varyNoise { v.noise = n }
    return v
  }

  /// The background stage: size, fit, pixel limit and variation, on `threads` threads.
  public func backgroundStage(threads: Int) -> BackgroundStage {
    var stage = BackgroundStage(
      size: size, fit: fit ?? .cover, maxPixels: maxPixels ?? ImageCodec.defaultMaxPixels,
      variation: variation)
    stage.threads = threads
    return stage
  }

  /// The background format (default PNG).
  public var resolvedFormat: OutputFormat { format ?? .png }
  /// The JPEG or lossy WebP quality (default `OutputFormat.defaultQuality`).
  public var resolvedQuality: Int { quality ?? OutputFormat.defaultQuality }
  /// Whether files are fsynced (default yes).
  public var resolvedDurableWrites: Bool { durableWrites ?? true }
  /// The style key's secret: the given one, else the fallback.
  public var styleKeySecret: String? { styleKey ?? fallbackStyleKey }
}
