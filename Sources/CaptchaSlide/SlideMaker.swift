import CaptchaHoles
public import CaptchaImaging
public import CaptchaKindCore
import CaptchaSupport
import VectorRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One generated captcha in memory: the two pictures and the answer.
public struct SlideCaptcha: Equatable, Sendable {
  /// piece.png's pixels (RGBA, transparent outside the shape).
  public var piece: RGBAImage
  /// The background with the hole.
  public var background: RGBAImage
  public var answer: SlideAnswer
}

/// Builds captchas: picks the placement, rasterises the piece path once, composes the piece and
/// the holed background from that one mask, and fills in the answer.
///
/// Random choices come from the project's own PRNG, in separate streams derived from the seed
/// (background, placement, shape variation), so the same background bytes, options, seed and
/// version always give the same captcha.
public enum SlideMaker {
  /// Stream numbers for `Xoshiro256StarStar(seed:stream:)`.
  enum Stream {
    static let placement: UInt64 = 0x706c  // "pl"
    static let shape: UInt64 = 0x7368  // "sh"
    static let hole: UInt64 = 0x686f  // "ho"
  }

  /// Flattening tolerance for piece outlines, in pixels: `PieceOutline.flatteningTolerance`.
  public static let flatteningTolerance = PieceOutline.flatteningTolerance

  /// The smallest piece `make` chooses by itself; smaller backgrounds are refused.
  public static let minimumAutoPieceSize = 16

  /// Makes a captcha from a decoded background (`source` describes the input file, nil for the
  /// built-in background): the background stage of `options` fits it first.
  ///
  /// Throws `OptionError` for impossible options, including a piece that does not fit the background
  /// (the message names the file and the sizes).
  public static func make(
    background input: consuming RGBAImage, source: SourceInfo?, options: SlideOptions, seed: UInt64
  ) throws -> SlideCaptcha {
    let options = options.styled()
    try options.validate()
    let prepared = try options.backgroundStage.prepare(
      SourceBackground(image: input, source: source), seed: seed)
    return try make(prepared: prepared, options: options, seed: seed)
  }

  /// Makes a captcha on an already prepared background, in named stages: the piece size, the
  /// placement, the piece and its hole cut from one mask, the decoys, the piece's framing (shadow
  /// padding, strip) and the answer. `options` must already be valid.
  public static func make(prepared: consuming PreparedBackground, options: SlideOptions, seed: UInt64) throws
    -> SlideCaptcha
  {
    let options = options.styled()  // the deployment's look, when a style key is set
    let record = (source: prepared.source, resize: prepared.resize, variation: prepared.variation)
    var background = prepared.image
    _ = consume prepared  // `background` now holds the only reference: the hole is drawn in place
    let p = try pieceSize(for: background, options: options, name: record.source?.file)
    var placeRNG = Xoshiro256StarStar(seed: seed, stream: Stream.placement)
    var placement = Placement.draw(
      width: background.width, height: background.height, pieceSize: p, mode: options.mode, rng: &placeRNG)
    let steps = try options.steps.map { n in
      try stepped(
        &placement, count: n, width: background.width, pieceSize: p, rng: &placeRNG, name: record.source?.file
      )
    }
    var shapeRNG = Xoshiro256StarStar(seed: seed, stream: Stream.shape)
    let shapeSeed = shapeRNG.next()
    let piece = try cutPiece(
      from: &background, at: placement.target, size: p, shapeSeed: shapeSeed, options: options, seed: seed)
    let decoys = try drawDecoys(
      into: &background, placement: placement, pieceSize: p, shapeSeed: shapeSeed, options: options,
      seed: seed)
    let framed = frame(piece, placement: placement, backgroundHeight: background.height, options: options)
    var answer = SlideAnswer(
      seed: seed, mode: options.mode, tolerance: options.tolerance,
      background: .init(
        file: options.format.backgroundFileName, width: background.width, height: background.height),
      piece: .init(file: CaptchaFiles.pieceFileName, width: framed.piece.width, height: framed.piece.height),
      shape: options.shape.name, start: framed.start, target: framed.target, source: record.source,
      resize: record.resize)
    if options.pieceLayout == .strip { answer.layout = .strip }
    answer.look = AnswerLook(options: options, shapeSeed: shapeSeed)
    answer.variation = record.variation
    answer.steps = steps?.shifted(by: framed.target.x - placement.target.x)
    answer.decoys = decoys?.map {
      $0.inConvention(
        ofTarget: framed.target, placedAt: placement.target, strip: options.pieceLayout == .strip)
    }
    return SlideCaptcha(piece: framed.piece, background: background, answer: answer)
  }

  /// `--steps N`: moves the target to one of N stops from the start to the largest valid x.
  static func stepped(
    _ placement: inout Placement, count: Int, width: Int, pieceSize p: Int, rng: inout Xoshiro256StarStar,
    name: String?
  ) throws -> StepStops {
    let m = Placement.margin(pieceSize: p)
    let stops = try StepStops.slide(
      count: count, start: placement.start.x, firstTarget: p + m, end: width - p - m, rng: &rng,
      name: name ?? "built-in background")
    placement.target.x = Int(stops.positions[stops.index])
    return stops
  }

  /// The piece side for `background`, refused (`OptionError`, naming the picture and the sizes) when the
  /// piece does not fit it in the drag mode.
  static func pieceSize(for background: RGBAImage, options: SlideOptions, name: String?) throws -> Int {
    let (w, h) = (background.width, background.height)
    try options.checkPieceFits(
      width: w, height: h, backgroundName: Sentence(stringLiteral: name ?? "built-in background"))
    return options.resolvedPieceSize(width: w, height: h)
  }

  /// Rasterises the piece outline once at `target` and composes the piece and the hole from that
  /// mask, drawing the hole into `background`.
  static func cutPiece(
    from background: inout RGBAImage, at target: PiecePosition, size p: Int, shapeSeed: UInt64,
    options: SlideOptions, seed: UInt64
  ) throws -> RGBAImage {
    let path = options.shape.path(size: Double(p), seed: shapeSeed)
    let box = PixelRect(x: target.x, y: target.y, width: p, height: p)
    let mask = try path.fill(
      rule: options.shape.fillRule, clip: box,
      transform: .translation(Double(box.x), Double(box.y)), tolerance: flatteningTolerance)
    var holeRNG = Xoshiro256StarStar(seed: seed, stream: Stream.hole)
    return Composer.compose(
      inPlace: &background, mask: mask, pieceBox: box, pieceStyle: options.pieceStyle,
      holeStyle: options.holeStyle, holeSeed: holeRNG.next(), threads: options.threads
    ).piece
  }

  /// The decoy holes `options.decoys` asks for, drawn into `background`; nil when none were asked for.
  static func drawDecoys(
    into background: inout RGBAImage, placement: Placement, pieceSize p: Int, shapeSeed: UInt64,
    options: SlideOptions, seed: UInt64
  ) throws -> [DecoyRecord]? {
    guard options.decoys.count > 0 else { return nil }
    return try DecoyStage.draw(
      into: &background, settings: options.decoys, placement: placement, pieceSize: p, mode: options.mode,
      shape: options.shape, shapeSeed: shapeSeed, holeStyle: options.holeStyle, seed: seed,
      threads: options.threads)
  }

  /// piece.png's final frame: padded for a drop shadow (start and target move up-left by the
  /// padding) and laid into a strip with `--piece-layout strip` (their y becomes 0).
  static func frame(_ piece: RGBAImage, placement: Placement, backgroundHeight: Int, options: SlideOptions)
    -> (piece: RGBAImage, start: PiecePosition, target: PiecePosition)
  {
    var piece = piece
    var start = placement.start
    var target = placement.target
    if let shadow = options.pieceShadow {
      piece = shadow.apply(to: piece)
      let pad = shadow.padding
      start = PiecePosition(x: start.x - pad.left, y: start.y - pad.top)
      target = PiecePosition(x: target.x - pad.left, y: target.y - pad.top)
    }
    if options.pieceLayout == .strip {
      piece = PieceLayout.strip(piece, atY: target.y, height: backgroundHeight)
      start.y = 0
      target.y = 0
    }
    return (piece, start, target)
  }

  /// Loads the background (or draws the built-in one), prepares it and makes the captcha.
  public static func make(imagePath: String?, options: SlideOptions, seed: UInt64) throws -> SlideCaptcha {
    try options.validate()
    let prepared = try SlideKind(options: options).preparedBackground(path: imagePath, seed: seed)
    return try make(prepared: prepared, options: options, seed: seed)
  }

  /// Encodes the captcha's files: piece.png (RGBA), background.png (RGB, or RGBA when the
  /// background has transparency) or background.jpg, and answer.json.
  ///
  /// The captcha is consumed: a JPEG background's pixel rows are given back to the system as the
  /// encoder reads them (`ImageCodec.encodeJPEG(releasing:quality:)`; a caller that keeps its copy
  /// costs one copy of the pixels instead).
  public static func encode(_ captcha: consuming SlideCaptcha, options: SlideOptions) throws -> CaptchaFiles {
    let (piece, answer) = (captcha.piece, captcha.answer.jsonBytes)
    var picture: RGBAImage? = captcha.background
    _ = consume captcha
    // The piece is encoded while the background is, when there are threads to spare. The slot is
    // emptied as the background is taken, so a JPEG encoder holds the only copy of its pixels.
    let format = options.format
    let quality = options.quality
    let (background, pieceFile) = ForkJoin.both(
      threads: options.threads,
      { () -> Result<[UInt8], any Error> in
        do {
          return .success(try format.encode(releasing: picture.take()!, quality: quality))
        } catch { return .failure(error) }
      },
      { Result { try ImageCodec.encodePNG(piece, keepAlpha: true) } })
    return CaptchaFiles(
      files: [
        (CaptchaFiles.pieceFileName, try pieceFile.get()),
        (options.format.backgroundFileName, try background.get()),
        (CaptchaFiles.answerFileName, answer),
      ])
  }
}
