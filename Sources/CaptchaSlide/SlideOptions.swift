public import CaptchaHoles
public import CaptchaImaging
public import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// How a client may drag the piece.
public enum DragMode: String, CaseIterable, Codable, Sendable {
  /// Along the target's row, starting at the left edge; only x is checked.
  case horizontal
  /// Along the target's column, starting at the top edge; x and y are checked.
  case vertical
  /// Anywhere; x and y are checked.
  case free
}

/// Everything that shapes one captcha besides the background and the seed.
public struct SlideOptions: Sendable {
  /// Resize the background to this size first (with `fit`); nil keeps the image's own size
  /// (the built-in background is then 320×160).
  public var size: PixelSize?
  /// How `size` is applied.
  public var fit: Fit = .cover
  /// Side of the square piece box in pixels; nil picks 3/8 of the background's shorter side
  /// (60 for 320×160), at least `SlideMaker.minimumAutoPieceSize`.
  public var pieceSize: Int?
  public var shape: any PieceShape = BuiltinShape.classic
  public var mode: DragMode = .horizontal
  /// Accepted distance from the target in background pixels (inclusive).
  public var tolerance = SlideOptions.defaultTolerance
  public var format: OutputFormat = .png
  /// Quality 1…100 of a JPEG or lossy WebP background (`format.usesQuality`).
  public var quality = OutputFormat.defaultQuality
  /// Refuse input images with more pixels than this, before decoding them.
  public var maxPixels: Int = SlideOptions.defaultMaxPixels
  /// fsync each output file before renaming it into place (`--no-fsync` turns it off for scratch
  /// output). Changes no byte of the output.
  public var durableWrites = true
  /// Threads one captcha's heavy stages may share (the warp and tone of a large picture, the
  /// hole's parts). `make` uses every processor; a batch worker uses 1, its parallelism being
  /// across items. Changes no byte of the output.
  public var threads = 1
  /// The piece's look (rim).
  public var pieceStyle = PieceStyle()
  /// The hole's look.
  public var holeStyle: any HoleStyle = ShadeHole()
  /// How piece.png frames the piece.
  public var pieceLayout: PieceLayout = .tight
  /// A drop shadow under the piece (piece.png is padded for it); nil: none.
  public var pieceShadow: PieceShadow?
  /// Per-captcha background variation (crop, rotation, colour, noise); off by default.
  public var variation = BackgroundVariation.none
  /// Decoy holes; none by default.
  public var decoys = DecoySettings()
  /// `--steps N`: the target is one of N evenly spaced x stops (horizontal mode only).
  public var steps: Int?
  /// The deployment's style key (`--style-key`): restyles the hardened look; nil: the public look.
  public var styleKey: StyleKey?

  /// The codecs' default limit (50 megapixels).
  public static let defaultMaxPixels = ImageCodec.defaultMaxPixels

  /// The default tolerance in background pixels.
  public static let defaultTolerance = 5

  public init() {}

  /// The background stage these options describe.
  public var backgroundStage: BackgroundStage {
    var stage = BackgroundStage(size: size, fit: fit, maxPixels: maxPixels, variation: variation)
    stage.threads = threads
    return stage
  }

  /// The piece side for a background of `width`×`height`.
  public func resolvedPieceSize(width: Int, height: Int) -> Int {
    if let p = pieceSize { return p }
    return max(SlideMaker.minimumAutoPieceSize, (min(width, height) * 3 + 4) / 8)
  }

  /// Rejects impossible options with an `OptionError` naming the option.
  public func validate() throws {
    try backgroundStage.validate()
    if let p = pieceSize, p < 8 {
      throw OptionError("\(CaptchaOption.pieceSize) \(p) is too small; use at least 8 pixels")
    }
    if tolerance < 0 {
      throw OptionError("\(CaptchaOption.tolerance) \(tolerance) is negative; use 0 or more pixels")
    }
    if !OutputFormat.qualities.contains(quality) {
      throw OptionError("\(CaptchaOption.quality) \(quality) is outside 1…100")
    }
    if !format.keepsAlpha && holeStyle.needsAlpha {
      throw OptionError(
        "\(CaptchaOption.holeStyle) \(holeStyle.name) needs transparency, which \(CaptchaOption.format) jpeg "
          + "cannot store; use \(CaptchaOption.format) png or webp")
    }
    if pieceLayout == .strip && mode != .horizontal {
      throw OptionError(
        "\(CaptchaOption.pieceLayout) strip needs \(CaptchaOption.mode) horizontal (a strip only slides sideways)"
      )
    }
    if let n = steps {
      try StepStops.validate(count: n)
      guard mode == .horizontal else {
        throw OptionError(
          "\(CaptchaOption.steps) needs \(CaptchaOption.mode) horizontal (the stops are x positions)")
      }
    }
    try pieceStyle.validate()
    try pieceShadow?.validate()
    try decoys.validate()
  }
}
