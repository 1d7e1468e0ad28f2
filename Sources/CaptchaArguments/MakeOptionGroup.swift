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
    help: "How --size maps the image: cover (crop), contain (pad with the image's mean colour), stretch.")
  var fit: Fit = .cover

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

  @Option(help: "Drag mode: horizontal (only x is checked), vertical or free (x and y are checked).")
  var mode: DragMode = .horizontal

  @Option(
    help: ArgumentHelp(
      "Accepted distance from the answer: background pixels for slide (default 5), degrees for rotate "
        + "(default \(RotateOptions.defaultTolerance)).", valueName: "n"))
  var tolerance: Int?

  @Option(help: "Background file format: png or jpeg (the piece is always PNG).")
  var format: OutputFormat = .png

  @Option(help: "JPEG quality, 1…100 (with --format jpeg).")
  var quality: Int = 90

  @Option(
    help: ArgumentHelp(
      "How hard the captcha is for solvers: classic (plain darkened hole, easily solved), easy, normal "
        + "or hard; explicit look options apply on top."))
  var difficulty: Difficulty = .normal

  @Option(
    help: ArgumentHelp(
      "Hole look; default from --difficulty (texture; shade for classic).", valueName: "name"))
  var holeStyle: HoleStyleName?

  @Option(
    help: ArgumentHelp(
      "Strength of the hole style, 0…1 (default per style, e.g. 0.5 shade, 0.7 overlay).", valueName: "x"))
  var holeOpacity: Double?

  @Option(help: "piece.png framing: tight (the piece box) or strip (full-height transparent strip; y = 0).")
  var pieceLayout: PieceLayout = .tight

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

  @Option(help: "Refuse input images with more pixels than this, before decoding.")
  var maxPixels: Int = SlideOptions.defaultMaxPixels

  @Flag(
    name: .customLong("no-fsync"),
    help: "Do not fsync output files (scratch output: faster; a crash may leave empty files).")
  var noFsync = false

  @OptionGroup(title: "Hardening")
  var hardening: HardeningOptionGroup

  public init() {}

  /// The rules about which of these options go together (ArgumentParser runs this after parsing;
  /// a broken rule is a usage error, exit 64).
  public func validate() throws {
    let outlines = [
      shape.map { _ in "--shape" }, shapePath.map { _ in "--shape-path" },
      shapeFile.map { _ in "--shape-file" },
    ]
    .compactMap { $0 }
    guard outlines.count <= 1 else {
      throw ValidationError("\(outlines.joined(separator: " and ")) cannot be used together; choose one.")
    }
    if fillRule != nil && shapePath == nil && shapeFile == nil {
      throw ValidationError("--fill-rule applies to custom outlines only; add --shape-path or --shape-file.")
    }
  }

  /// The rotate kind's options: the background stage, format and `--piece-size` (the disc's
  /// diameter) as for slide, the tolerance in degrees, the steps. Slide-only options are refused.
  func rotateOptions() throws -> RotateOptions {
    if let given = slideOnlyOptionsGiven().first {
      throw CaptchaError(.usage, "\(given) does not apply to --kind rotate")
    }
    var o = RotateOptions(make: try makeOptions(steps: nil))
    o.tolerance = tolerance ?? RotateOptions.defaultTolerance
    o.steps = steps
    try o.validate()
    return o
  }

  /// The slide-only options given on the command line, by name.
  func slideOnlyOptionsGiven() -> [String] {
    let given: [(String, Bool)] = [
      ("--shape", shape != nil), ("--shape-path", shapePath != nil), ("--shape-file", shapeFile != nil),
      ("--fill-rule", fillRule != nil), ("--piece-rotation", pieceRotation != nil),
      ("--mode", mode != .horizontal), ("--hole-style", holeStyle != nil),
      ("--hole-opacity", holeOpacity != nil), ("--piece-layout", pieceLayout != .tight),
      ("--piece-shadow", pieceShadow || shadowOffset != nil || shadowBlur != nil || shadowOpacity != nil),
      ("--piece-bevel", bevel() != nil),
      ("--decoys", hardening.decoys != nil),
    ]
    return given.filter { $0.1 }.map { $0.0 }
  }

  /// The captcha kinds called `names` (`--kind`), each built from these options by `kind(named:)`.
  /// `--length` applies to pattern only.
  /// `threads`: how many threads one captcha may use (`SlideOptions.threads`; 1 for batch workers).
  public func kinds(named names: [String], withInputImages: Bool, threads: Int = 1) throws
    -> [any CaptchaKind]
  {
    if !names.contains(PatternKind.name) && length != nil {
      throw usageError("--length applies only to --kind pattern")
    }
    return try names.map { try kind(named: $0, withInputImages: withInputImages, threads: threads) }
  }

  /// The captcha kind called `name` (`--kind`), its options checked once, before anything is read
  /// or drawn: `validate()`, and for slide whether the piece fits when the options alone fix the
  /// background's size (`--size`, or the built-in background when there are no input images).
  func kind(named name: String, withInputImages: Bool, threads: Int) throws -> any CaptchaKind {
    switch name {
    case PatternKind.name:
      var options = try makeOptions()
      options.threads = threads
      try options.validate()
      return try PatternKind(
        options: PatternOptions(length: length ?? PatternOptions.defaultLength, make: options))
    case RotateKind.name:
      var options = try rotateOptions()
      options.backgroundStage.threads = threads
      try options.validate()
      return RotateKind(options: options)
    default:
      var options = try makeOptions()
      options.threads = threads
      try options.validate(withInputImages: withInputImages)
      return SlideKind(options: options)
    }
  }

  /// The library options these arguments describe (reads a `--shape-file`), not yet validated.
  func makeOptions() throws -> SlideOptions {
    try makeOptions(steps: steps)
  }

  /// The library options with `steps` in place of `--steps` (rotate reads its own).
  func makeOptions(steps: Int?) throws -> SlideOptions {
    var o = SlideOptions(difficulty: difficulty)
    o.size = size
    o.fit = fit
    o.pieceSize = pieceSize
    o.shape = try ShapeCatalog.resolve(shapeSource, rotation: pieceRotation)
    o.mode = mode
    o.tolerance = tolerance ?? 5
    o.steps = steps
    o.format = format
    o.quality = quality
    o.maxPixels = maxPixels
    o.durableWrites = !noFsync
    o.pieceLayout = pieceLayout
    if holeStyle != nil || holeOpacity != nil {
      o.holeStyle = try HoleStyleCatalog.style(holeStyle ?? difficulty.defaultHoleStyle, opacity: holeOpacity)
    }
    o.pieceShadow = shadow()
    o.pieceStyle.bevel = bevel()
    try hardening.apply(to: &o)
    return o
  }

  /// The piece outline `--shape`, `--shape-path` or `--shape-file` (with `--fill-rule`) names.
  var shapeSource: ShapeSource {
    if let data = shapePath { return .pathData(data, fillRule: fillRule ?? .nonzero) }
    if let file = shapeFile { return .file(file, fillRule: fillRule ?? .nonzero) }
    return .builtin(shape ?? difficulty.defaultShape)
  }

  /// The drop shadow `--piece-shadow` and the `--shadow-*` options describe, or nil.
  func shadow() -> PieceShadow? {
    guard pieceShadow || shadowOffset != nil || shadowBlur != nil || shadowOpacity != nil else { return nil }
    var s = PieceShadow()
    if let offset = shadowOffset { (s.offsetX, s.offsetY) = (offset.dx, offset.dy) }
    if let b = shadowBlur { s.blur = b }
    if let o = shadowOpacity { s.opacity = o }
    return s
  }

  /// The bevel `--piece-bevel` and the `--bevel-*` options describe, or nil.
  func bevel() -> PieceBevel? {
    guard pieceBevel || bevelWidth != nil || bevelStrength != nil else { return nil }
    var b = PieceBevel()
    if let w = bevelWidth { b.width = w }
    if let s = bevelStrength { b.strength = s }
    return b
  }
}
