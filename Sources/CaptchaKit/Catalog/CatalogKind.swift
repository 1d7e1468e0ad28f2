import CaptchaCheck
import CaptchaKinds

/// A kind as the catalog lists it: made from the shared `CaptchaOptions`, taking the options it
/// knows, with its self-attack. Conforming is all a kind needs to be offered by `make`, `batch`,
/// `verify`, `--check` and `serve`.
public protocol CatalogKind: SelfAttackingKind {
  /// The options this kind takes; the others must not be given for it alone.
  static var options: Set<CaptchaOption> { get }

  /// The kind these options describe, checked once before anything is read or drawn (`OptionError`
  /// or `CaptchaError` naming the problem).
  init(options: CaptchaOptions, building: KindBuilding) throws
}

/// What building a kind needs to know besides the options.
public struct KindBuilding: Sendable {
  /// Whether the backgrounds come from input pictures (their sizes unknown until decoded) rather
  /// than the built-in background.
  public var withInputImages: Bool
  /// How many threads one captcha may use (1 for a batch worker).
  public var threads: Int

  public init(withInputImages: Bool, threads: Int = 1) {
    self.withInputImages = withInputImages
    self.threads = threads
  }
}

extension CaptchaOption {
  /// The options every kind takes: the background, the files, the difficulty's variation.
  public static let everyKind: Set<CaptchaOption> = [
    .size, .fit, .format, .quality, .maxPixels, .noFsync, .difficulty, .vary, .varyCrop, .varyRotation,
    .varyColor, .varyNoise,
  ]
}
