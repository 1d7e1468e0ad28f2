import ArgumentParser
import CaptchaKit

/// The options that shape each captcha, shared by `make`, `batch` and `serve` (`@OptionGroup`), so
/// the commands accept the same options with the same defaults and checks (`--kind` is each
/// command's own: one kind for make and batch, a list for serve). Every value arrives typed
/// (ArgumentTypes.swift); `validate()` holds the rules about which options go together, and the
/// library checks the resulting `SlideOptions` once per captcha.
public struct MakeOptionGroup: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Stepped answer (slide, rotate): the target is one of N evenly spaced stops (at least "
        + "\(StepStops.minimumCount)) and positions snap to the nearest; a blind guess then passes about 1 time in N.",
      valueName: "N"))
  var steps: Int?

  @Option(help: "Pattern captchas: how many dots to connect, 3…9 (default 4).")
  var length: Int?

  @Option(
    help: ArgumentHelp(
      "Resize the background to WIDTHxHEIGHT first, e.g. 320x160 (area-averaged downscaling).",
      valueName: "WxH"),
    transform: { try PixelSize.parse($0) })
  var size: PixelSize?

  @Option(
    help:
      "How --size maps the image: cover (crop), contain (pad with the image's mean colour), stretch (default cover)."
  )
  var fit: Fit?

  @Option(help: "Side of the square piece box in pixels (default: 3/8 of the shorter side, 60 for 320x160).")
  var pieceSize: Int?

  @Option(
    help: ArgumentHelp(
      "Piece shape (see `captcha-gen shapes`); default jigsaw (classic with --difficulty classic).",
      valueName: "name"))
  var shape: BuiltinShapeName?

  @Option(
    help: ArgumentHelp("Custom piece outline as SVG path data, scaled to the piece box.", valueName: "data"))
  var shapePath: String?

  @Option(
    help: ArgumentHelp(
      "Custom piece outline from an SVG file (its first <path d=…>) or a path-data file.", valueName: "file"))
  var shapeFile: String?

  @Option(
    help: ArgumentHelp(
      "Fill rule of a custom outline (evenodd for rings and holes); default nonzero.", valueName: "rule")
  )
  var fillRule: FillRule?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Turn the piece by DEG degrees (clockwise), or by an angle drawn per seed from A:B.", valueName: "deg"),
    transform: { try RotationSpec.parse($0) })
  var pieceRotation: RotationSpec?

  @Option(
    help: "Drag mode: horizontal (only x is checked; the default), vertical or free (x and y are checked).")
  var mode: DragMode?

  @Option(
    help: ArgumentHelp(
      "Accepted distance from the answer: background pixels for slide (default 5), degrees for rotate "
        + "(default \(RotateOptions.defaultTolerance)).", valueName: "n"))
  var tolerance: Int?

  @Option(
    help:
      ArgumentHelp(
        "Background file format: png (the default), jpeg, webp (lossy, a fraction of png's bytes) or webp-lossless "
          + "(the piece is always PNG)."))
  var format: OutputFormat?

  @Option(
    help: "Quality of a jpeg or webp background, 1…100 (default \(OutputFormat.defaultQuality)).")
  var quality: Int?

  @Option(
    help: ArgumentHelp(
      "How hard the captcha is for solvers: classic (plain darkened hole, easily solved), easy, normal "
        + "(the default) or hard; explicit look options apply on top."))
  var difficulty: Difficulty?

  @Option(
    help: ArgumentHelp(
      "Hole look; default from --difficulty (texture; shade for classic).", valueName: "name"))
  var holeStyle: HoleStyleName?

  @Option(
    help: ArgumentHelp(
      "Strength of the hole style, 0…1 (default per style, e.g. 0.5 shade, 0.7 overlay).", valueName: "x"))
  var holeOpacity: Double?

  @Option(
    help:
      "piece.png framing: tight (the piece box; the default) or strip (full-height transparent strip; y = 0)."
  )
  var pieceLayout: PieceLayout?

  @Flag(help: "Give the piece a drop shadow (piece.png is padded for it; start/target account for it).")
  var pieceShadow = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Drop shadow offset in pixels, right and down (default 1,3); implies --piece-shadow.",
      valueName: "dx,dy"),
    transform: { try PixelOffset.parse($0) })
  var shadowOffset: PixelOffset?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Drop shadow blur radius in pixels, 0…32 (default 3); implies --piece-shadow.",
      valueName: "r"))
  var shadowBlur: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Drop shadow strength, 0…1 (default 0.5); implies --piece-shadow.", valueName: "x"))
  var shadowOpacity: Double?

  @Flag(help: "Bevel the piece: inside edge lit at the top left, shaded at the bottom right.")
  var pieceBevel = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Bevel depth (blur radius of its slope), 1…16 px (default 2); implies --piece-bevel.",
      valueName: "r"))
  var bevelWidth: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Bevel strength, 0…1 (default 0.5); implies --piece-bevel.", valueName: "x"))
  var bevelStrength: Double?

  @Option(
    help:
      "Refuse input images with more pixels than this, before decoding (default \(ImageCodec.defaultMaxPixels))."
  )
  var maxPixels: Int?

  @Flag(
    name: .customLong("no-fsync"),
    help: "Do not fsync output files (scratch output: faster; a crash may leave empty files).")
  var noFsync = false

  @OptionGroup(title: "Hardening")
  var hardening: HardeningOptionGroup

  public init() {}

  /// The library's options these arguments describe. A style key comes from `--style-key`, or
  /// else from the environment (`CAPTCHA_STYLE_KEY`), which applies wherever a kind takes one.
  public func captchaOptions() -> CaptchaOptions {
    var o = CaptchaOptions()
    o.difficulty = difficulty
    o.size = size
    o.fit = fit
    o.format = format
    o.quality = quality
    o.maxPixels = maxPixels
    o.durableWrites = noFsync ? false : nil
    o.steps = steps
    o.tolerance = tolerance
    o.pieceSize = pieceSize
    o.length = length
    o.shape = shape
    o.shapePath = shapePath
    o.shapeFile = shapeFile
    o.fillRule = fillRule
    o.pieceRotation = pieceRotation
    o.mode = mode
    o.holeStyle = holeStyle
    o.holeOpacity = holeOpacity
    o.pieceLayout = pieceLayout
    o.pieceShadow = pieceShadow ? true : nil
    o.shadowOffset = shadowOffset
    o.shadowBlur = shadowBlur
    o.shadowOpacity = shadowOpacity
    o.pieceBevel = pieceBevel ? true : nil
    o.bevelWidth = bevelWidth
    o.bevelStrength = bevelStrength
    hardening.apply(to: &o)
    return o
  }

  /// The captcha kinds called `names` (`--kind`), built by the catalog from these options, each
  /// checked before anything is read or drawn. `threads`: how many threads one captcha may use.
  public func kinds(named names: [String], withInputImages: Bool, threads: Int = 1) throws
    -> [any CaptchaKind]
  {
    try KindCatalog.kinds(
      named: names, options: captchaOptions(),
      building: KindBuilding(withInputImages: withInputImages, threads: threads))
  }
}
