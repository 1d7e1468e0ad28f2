import CaptchaImaging
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
public struct Captcha: Equatable, Sendable {
  /// piece.png's pixels (RGBA, transparent outside the shape).
  public var piece: RGBAImage
  /// The background with the hole.
  public var background: RGBAImage
  public var answer: Answer
}

/// Builds captchas: picks the placement, rasterises the piece path once, composes the piece and
/// the holed background from that one mask, and fills in the answer.
///
/// Random choices come from the project's own PRNG, in separate streams derived from the seed
/// (background, placement, shape variation), so the same background bytes, options, seed and
/// version always give the same captcha.
public enum CaptchaMaker {
  /// Stream numbers for `Xoshiro256StarStar(seed:stream:)`.
  enum Stream {
    static let placement: UInt64 = 0x706c  // "pl"
    static let shape: UInt64 = 0x7368  // "sh"
    static let hole: UInt64 = 0x686f  // "ho"
  }

  /// Flattening tolerance for piece outlines, in pixels (well below what 8-bit coverage shows).
  public static let flatteningTolerance = 0.05

  /// The smallest piece `make` chooses by itself; smaller backgrounds are refused.
  public static let minimumAutoPieceSize = 16

  /// Makes a captcha from a decoded background (`source` describes the input file, nil for the
  /// built-in background). Applies `options.size`/`fit` first when given.
  ///
  /// Throws `.usage` for impossible options, including a piece that does not fit the background
  /// (the message names the file and the sizes).
  public static func make(
    background input: consuming RGBAImage, source: SourceInfo?, options: MakeOptions, seed: UInt64
  ) throws -> Captcha {
    let options = options.styled()
    try options.validate()
    let name = source?.file ?? "built-in background"
    guard input.width > 0, input.height > 0 else {
      throw CaptchaError(.badData, "\(name): the image is empty")
    }
    let inputWidth = input.width
    let inputHeight = input.height
    var background = consume input
    var resize: Answer.ResizeInfo? = nil
    var variation: VariationRecord? = nil
    if options.variation.isActive {
      variation = options.variation.apply(to: &background, size: options.size, fit: options.fit, seed: seed)
    }
    if let size = options.size {
      if variation == nil && (size.width != inputWidth || size.height != inputHeight) {
        background = Resize.fit(background, width: size.width, height: size.height, fit: options.fit)
      }
      if source != nil {
        resize = Answer.ResizeInfo(fit: options.fit, width: size.width, height: size.height)
      }
    }
    let w = background.width
    let h = background.height
    let p = options.resolvedPieceSize(width: w, height: h)
    if p > w || p > h {
      throw CaptchaError(
        .usage,
        "\(name): a \(p)×\(p) piece is larger than the \(w)×\(h) background; "
          + "use a smaller --piece-size or a larger --size")
    }
    guard Placement.fits(width: w, height: h, pieceSize: p, mode: options.mode) else {
      let need = Placement.minimumBackground(pieceSize: p, mode: options.mode)
      throw CaptchaError(
        .usage,
        "\(name): the \(w)×\(h) background is too small for a \(p) px piece in "
          + "\(options.mode.rawValue) mode (needs at least \(need.width)×\(need.height)); "
          + "scale it with --size or use a smaller --piece-size")
    }

    var placeRNG = Xoshiro256StarStar(seed: seed, stream: Stream.placement)
    let placement = Placement.draw(width: w, height: h, pieceSize: p, mode: options.mode, rng: &placeRNG)
    var shapeRNG = Xoshiro256StarStar(seed: seed, stream: Stream.shape)
    let shapeSeed = shapeRNG.next()
    let path = options.shape.path(size: Double(p), seed: shapeSeed)
    let box = PixelRect(x: placement.target.x, y: placement.target.y, width: p, height: p)
    let mask = try path.fill(
      rule: options.shape.fillRule, clip: box,
      transform: .translation(Double(box.x), Double(box.y)), tolerance: flatteningTolerance)
    var holeRNG = Xoshiro256StarStar(seed: seed, stream: Stream.hole)
    var (piece, _) = Composer.compose(
      inPlace: &background, mask: mask, pieceBox: box, pieceStyle: options.pieceStyle,
      holeStyle: options.holeStyle,
      holeSeed: holeRNG.next())

    var decoys: [DecoyRecord]? = nil
    if options.decoys.count > 0 {
      decoys = try DecoyStage.draw(
        into: &background, settings: options.decoys, placement: placement, pieceSize: p, mode: options.mode,
        shape: options.shape, shapeSeed: shapeSeed, holeStyle: options.holeStyle, seed: seed)
    }
    var start = placement.start
    var target = placement.target
    if let shadow = options.pieceShadow {
      // piece.png grows by the padding; its top-left moves up-left by as much.
      piece = shadow.apply(to: piece)
      let pad = shadow.padding
      start = PiecePosition(x: start.x - pad.left, y: start.y - pad.top)
      target = PiecePosition(x: target.x - pad.left, y: target.y - pad.top)
    }
    if options.pieceLayout == .strip {
      piece = PieceLayout.strip(piece, atY: target.y, height: h)
      start.y = 0
      target.y = 0
    }
    var answer = Answer(
      seed: seed, mode: options.mode, tolerance: options.tolerance,
      background: .init(file: options.format.backgroundFileName, width: w, height: h),
      piece: .init(file: pieceFileName, width: piece.width, height: piece.height), shape: options.shape.name,
      start: start, target: target, source: source, resize: resize)
    if options.pieceLayout == .strip { answer.layout = .strip }
    answer.look = AnswerLook(options: options, shapeSeed: shapeSeed)
    answer.variation = variation
    answer.decoys = decoys?.map {
      $0.inConvention(ofTarget: target, placedAt: placement.target, strip: options.pieceLayout == .strip)
    }
    return Captcha(piece: piece, background: background, answer: answer)
  }

  /// The name of the piece file.
  public static let pieceFileName = "piece.png"
  /// The name of the answer file.
  public static let answerFileName = "answer.json"

  /// The background for a run: the decoded `imagePath` with its `SourceInfo`, or the built-in
  /// procedural background at `options.size` (default 320×160) for `seed`.
  public static func loadBackground(imagePath: String?, options: MakeOptions, seed: UInt64) throws
    -> (image: RGBAImage, source: SourceInfo?)
  {
    try options.validate()
    guard let path = imagePath else {
      let size =
        options.size
        ?? PixelSize(width: ProceduralBackground.defaultWidth, height: ProceduralBackground.defaultHeight)
      return (ProceduralBackground.make(width: size.width, height: size.height, seed: seed), nil)
    }
    let (image, bytes) = try ImageCodec.decodeFile(path: path, maxPixels: options.maxPixels)
    let source = SourceInfo(path: path, image: image, bytes: bytes)
    return (image, source)
  }

  /// Loads the background (or draws the built-in one) and makes the captcha.
  public static func make(imagePath: String?, options: MakeOptions, seed: UInt64) throws -> Captcha {
    var loaded: (image: RGBAImage, source: SourceInfo?)? = try loadBackground(
      imagePath: imagePath, options: options, seed: seed)
    let source = loaded!.source
    // Hand the only reference to the pixels over, so the hole is drawn without copying them.
    let image = loaded.take()!.image
    return try make(background: consume image, source: source, options: options, seed: seed)
  }

  /// Encodes the captcha's files: piece.png (RGBA), background.png (RGB, or RGBA when the
  /// background has transparency) or background.jpg, and answer.json.
  public static func encode(_ captcha: Captcha, options: MakeOptions) throws -> CaptchaFiles {
    // The large background is encoded first, so its encoder's buffers never coexist with the
    // piece's encoded bytes (lower peak memory on big pictures).
    let background: [UInt8]
    switch options.format {
    case .png:
      background = try ImageCodec.encodePNG(captcha.background, keepAlpha: !captcha.background.isOpaque)
    case .jpeg:
      background = try ImageCodec.encodeJPEG(captcha.background, quality: options.quality)
    }
    let piece = try ImageCodec.encodePNG(captcha.piece, keepAlpha: true)
    return CaptchaFiles(
      files: [
        (pieceFileName, piece),
        (options.format.backgroundFileName, background),
        (answerFileName, captcha.answer.jsonBytes),
      ])
  }
}
