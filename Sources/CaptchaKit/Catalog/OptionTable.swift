import CaptchaImaging
import CaptchaKinds
import VectorRaster

private typealias O = CaptchaOption

/// Every option a captcha is made with, each declared once: its identity, its help, how its value
/// is read, where it goes in `CaptchaOptions`, and whether a site's look may set it. The command
/// line's flags take their help and readers from here, `CaptchaOptions.given` (what the catalog
/// checks against each kind's `CatalogKind.options`) asks the rows, and a look in sites.json is
/// read through them (`CaptchaOptions.set(key:_:)`).
public enum OptionTable {
  /// The rows, in `CaptchaOption.allCases` order (the order help lists them).
  public static let rows: [OptionRow] = [
    .value(
      .steps, \.steps,
      help: "Stepped answer (slide, rotate): the target is one of N evenly spaced stops (at least "
        + "\(StepStops.minimumCount)) and positions snap to the nearest; a blind guess then passes about 1 time in N.",
      valueName: "N", example: "8", read: { try OptionInput.whole($0) }),
    .value(
      .length, \.length, help: "Pattern captchas: how many dots to connect, 3…9 (default 4).", example: "5",
      read: { try OptionInput.whole($0) }),
    .value(
      .size, \.size,
      help: "Resize the background to WIDTHxHEIGHT first, e.g. 320x160 (area-averaged downscaling).",
      valueName: "WxH", example: "320x160", read: { try PixelSize.parse($0) }),
    .word(
      .fit, \.fit,
      help: "How \(O.size) maps the image: cover (crop), contain (pad with the image's mean colour), "
        + "stretch (default cover)."),
    .value(
      .pieceSize, \.pieceSize,
      help: "Side of the square piece box in pixels (default: 3/8 of the shorter side, 60 for 320x160).",
      example: "50", read: { try OptionInput.whole($0) }),
    .word(
      .shape, \.shape,
      help: "Piece shape (see `captcha-gen shapes`); default jigsaw (classic with \(O.difficulty) classic).",
      valueName: "name"),
    .value(
      .shapePath, \.shapePath, help: "Custom piece outline as SVG path data, scaled to the piece box.",
      valueName: "data", example: "M0 0H1V1Z", read: { try OptionInput.verbatim($0) }),
    .value(
      .shapeFile, \.shapeFile,
      help: "Custom piece outline from an SVG file (its first <path d=…>) or a path-data file.",
      valueName: "file", example: "piece.svg", read: { try OptionInput.verbatim($0) }),
    .word(
      .fillRule, \.fillRule,
      help: "Fill rule of a custom outline (evenodd for rings and holes); default nonzero.",
      valueName: "rule"),
    .value(
      .pieceRotation, \.pieceRotation,
      help: "Turn the piece by DEG degrees (clockwise), or by an angle drawn per seed from A:B.",
      valueName: "deg", example: "-20:20", read: { try RotationSpec.parse($0) }),
    .word(
      .mode, \.mode,
      help: "Drag mode: horizontal (only x is checked; the default), vertical or free (x and y are checked)."),
    .value(
      .tolerance, \.tolerance,
      help: "Accepted distance from the answer: background pixels for slide (default 5), degrees for rotate "
        + "(default \(RotateOptions.defaultTolerance)).", valueName: "n", example: "4",
      read: { try OptionInput.whole($0) }),
    .word(
      .format, \.format,
      help: "Background file format: png (the default), jpeg, webp (lossy, a fraction of png's bytes) or "
        + "webp-lossless (the piece is always PNG)."),
    .value(
      .quality, \.quality,
      help: "Quality of a jpeg or webp background, 1…100 (default \(OutputFormat.defaultQuality)).",
      example: "80", read: { try OptionInput.whole($0) }),
    .word(
      .difficulty, \.difficulty,
      help: "How hard the captcha is for solvers: classic (plain darkened hole, easily solved), easy, normal "
        + "(the default) or hard; explicit look options apply on top."),
    .word(
      .holeStyle, \.holeStyle, help: "Hole look; default from \(O.difficulty) (texture; shade for classic).",
      valueName: "name"),
    .value(
      .holeOpacity, \.holeOpacity,
      help: "Strength of the hole style, 0…1 (default per style, e.g. 0.5 shade, 0.7 overlay).",
      valueName: "x",
      example: "0.6", read: { try OptionInput.decimal($0) }),
    .word(
      .pieceLayout, \.pieceLayout,
      help:
        "piece.png framing: tight (the piece box; the default) or strip (full-height transparent strip; y = 0)."
    ),
    .onOff(
      .pieceShadow, \.pieceShadow, on: true,
      help: "Give the piece a drop shadow (piece.png is padded for it; start/target account for it)."),
    .value(
      .shadowOffset, \.shadowOffset,
      help: "Drop shadow offset in pixels, right and down (default 1,3); implies \(O.pieceShadow).",
      valueName: "dx,dy", example: "2,3", read: { try PixelOffset.parse($0) }),
    .value(
      .shadowBlur, \.shadowBlur,
      help: "Drop shadow blur radius in pixels, 0…32 (default 3); implies \(O.pieceShadow).", valueName: "r",
      example: "4", read: { try OptionInput.whole($0) }),
    .value(
      .shadowOpacity, \.shadowOpacity,
      help: "Drop shadow strength, 0…1 (default 0.5); implies \(O.pieceShadow).", valueName: "x",
      example: "0.4",
      read: { try OptionInput.decimal($0) }),
    .onOff(
      .pieceBevel, \.pieceBevel, on: true,
      help: "Bevel the piece: inside edge lit at the top left, shaded at the bottom right."),
    .value(
      .bevelWidth, \.bevelWidth,
      help: "Bevel depth (blur radius of its slope), 1…16 px (default 2); implies \(O.pieceBevel).",
      valueName: "r", example: "3", read: { try OptionInput.whole($0) }),
    .value(
      .bevelStrength, \.bevelStrength, help: "Bevel strength, 0…1 (default 0.5); implies \(O.pieceBevel).",
      valueName: "x", example: "0.7", read: { try OptionInput.decimal($0) }),
    .value(
      .maxPixels, \.maxPixels,
      help:
        "Refuse input images with more pixels than this, before decoding (default \(ImageCodec.defaultMaxPixels)).",
      example: "1000000",
      notInLooks: "it guards the input pictures every site shares; give it to serve itself",
      read: { try OptionInput.whole($0) }),
    .onOff(
      .noFsync, \.durableWrites, on: false,
      help: "Do not fsync output files (scratch output: faster; a crash may leave empty files).",
      notInLooks: "serve writes no files"),
    .word(
      .vary, \.vary,
      help: "Per-captcha background variation (crop, rotation, colour, noise); default from \(O.difficulty) "
        + "(none for classic, light for easy, strong otherwise).", valueName: "preset"),
    .value(
      .varyCrop, \.varyCrop,
      help: "Smallest crop window as a fraction of the largest, 0.5…1, drawn per captcha at a random place "
        + "(1 = no crop jitter).", valueName: "fraction", example: "0.8",
      read: { try OptionInput.decimal($0) }),
    .value(
      .varyRotation, \.varyRotation, help: "Largest background rotation in degrees, 0…10.", valueName: "deg",
      example: "3", read: { try OptionInput.decimal($0) }),
    .value(
      .varyColor, \.varyColor,
      help: "Colour jitter strength 0…1: gain ±8%, brightness ±16, gamma ±0.25, saturation ±25% at 1.",
      valueName: "x", example: "0.5", read: { try OptionInput.decimal($0) }),
    .value(
      .varyNoise, \.varyNoise, help: "Fine noise amplitude in levels, 0…16.", valueName: "levels",
      example: "4",
      read: { try OptionInput.whole($0) }),
    .value(
      .decoys, \.decoys,
      help: "Extra decoy holes in the same style with similar but different shapes, 0…16 (as many as fit); "
        + "default from \(O.difficulty) (classic 0, easy 1, normal 1, hard 4 twins of the piece's own outline); "
        + "with \(O.styleKey) and no \(O.decoys), other-shape decoys number the key's own 2…4.",
      example: "2", read: { try OptionInput.whole($0) }),
    .value(
      .styleKey, \.styleKey,
      help:
        "A secret that draws this deployment's own family of looks (light, palette, texture, knobs, rim); "
        + "default: the environment variable \(StyleKey.environmentVariable). Same key and seed, same captcha; "
        + "answer.json records only a fingerprint.", valueName: "secret", example: "a deployment's secret",
      notInLooks: "a style key is a secret; name the environment variable holding it with \"style_key_env\"",
      read: { try OptionInput.verbatim($0) }),
  ]

  /// The options named in sentences but given by each command its own way, not through the table:
  /// the kind (`--kind`: one for make, a list for serve) and the threads of one captcha.
  public static let commandsOwn: Set<CaptchaOption> = [.kind, .threads]

  private static let byOption = Dictionary(uniqueKeysWithValues: rows.map { ($0.option, $0) })

  /// The row of `option` (every option outside `commandsOwn` has one).
  public static func row(_ option: CaptchaOption) -> OptionRow {
    guard let row = byOption[option] else { preconditionFailure("\(option) has no row in OptionTable") }
    return row
  }
}
