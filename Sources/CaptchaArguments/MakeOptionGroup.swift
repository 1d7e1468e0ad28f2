import ArgumentParser
import CaptchaKit

/// The options that shape each captcha, shared by `make`, `batch` and `serve` (`@OptionGroup`), so
/// the commands accept the same options with the same defaults and checks (`--kind` is each
/// command's own: one kind for make and batch, a list for serve). Each flag is a row of the
/// library's `OptionTable`: its help and its reader come from there (words are read by
/// ArgumentParser from the same library enums, so help lists them); `captchaOptions()` hands the
/// values over, and a test holds every row against its flag.
public struct MakeOptionGroup: ParsableArguments {
  @Option(help: .row(.steps))
  var steps: Int?

  @Option(help: .row(.length))
  var length: Int?

  @Option(help: .row(.size), transform: { try PixelSize.parse($0) })
  var size: PixelSize?

  @Option(help: .row(.fit))
  var fit: Fit?

  @Option(help: .row(.pieceSize))
  var pieceSize: Int?

  @Option(help: .row(.shape))
  var shape: BuiltinShapeName?

  @Option(help: .row(.shapePath))
  var shapePath: String?

  @Option(help: .row(.shapeFile))
  var shapeFile: String?

  @Option(help: .row(.fillRule))
  var fillRule: FillRule?

  @Option(parsing: .unconditional, help: .row(.pieceRotation), transform: { try RotationSpec.parse($0) })
  var pieceRotation: RotationSpec?

  @Option(help: .row(.mode))
  var mode: DragMode?

  @Option(help: .row(.tolerance))
  var tolerance: Int?

  @Option(help: .row(.format))
  var format: OutputFormat?

  @Option(help: .row(.quality))
  var quality: Int?

  @Option(help: .row(.difficulty))
  var difficulty: Difficulty?

  @Option(help: .row(.holeStyle))
  var holeStyle: HoleStyleName?

  @Option(help: .row(.holeOpacity))
  var holeOpacity: Double?

  @Option(help: .row(.pieceLayout))
  var pieceLayout: PieceLayout?

  @Flag(help: .row(.pieceShadow))
  var pieceShadow = false

  @Option(parsing: .unconditional, help: .row(.shadowOffset), transform: { try PixelOffset.parse($0) })
  var shadowOffset: PixelOffset?

  @Option(parsing: .unconditional, help: .row(.shadowBlur))
  var shadowBlur: Int?

  @Option(parsing: .unconditional, help: .row(.shadowOpacity))
  var shadowOpacity: Double?

  @Flag(help: .row(.pieceBevel))
  var pieceBevel = false

  @Option(parsing: .unconditional, help: .row(.bevelWidth))
  var bevelWidth: Int?

  @Option(parsing: .unconditional, help: .row(.bevelStrength))
  var bevelStrength: Double?

  @Option(help: .row(.maxPixels))
  var maxPixels: Int?

  @Flag(name: .customLong("no-fsync"), help: .row(.noFsync))
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
