import CaptchaImaging
import CaptchaKinds
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

/// A background decoded once by a batch worker and reused for all its items: the pixels (already
/// resized when `--size` is given, exactly as `CaptchaMaker.make` would resize them) and the
/// `source` recorded in answer.json.
public struct BatchBackground: Sendable {
  public var image: RGBAImage
  public var source: SourceInfo?
}

/// `batch` over the real captcha pipeline: each item is exactly what
/// `captcha-gen make --image <its background> --seed <seed_i> [options]` writes into its folder.
public enum CaptchaBatch {
  /// An engine that makes captchas with `options` for `request`.
  public static func engine(request: BatchRequest, options: MakeOptions) -> BatchEngine<BatchBackground> {
    BatchEngine(
      request: request,
      load: { path in try load(path: path, options: options) },
      make: { item, background in try make(item, background, options: options) },
      existing: { item in existingItem(item, options: options) })
  }

  /// Decodes a background file and applies `--size`/`--fit` once.
  static func load(path: String, options: MakeOptions) throws -> BatchBackground {
    let loaded = try CaptchaMaker.loadBackground(imagePath: path, options: options, seed: 0)
    var image = loaded.image
    if let size = options.size, size.width != image.width || size.height != image.height {
      image = Resize.fit(image, width: size.width, height: size.height, fit: options.fit)
    }
    return BatchBackground(image: image, source: loaded.source)
  }

  /// Makes and writes one item; the procedural background is drawn from the item's own seed.
  static func make(_ item: BatchItem, _ background: BatchBackground?, options: MakeOptions) throws
    -> BatchItemRecord
  {
    let bg: BatchBackground
    if let background {
      bg = background
    } else {
      let drawn = try CaptchaMaker.loadBackground(imagePath: nil, options: options, seed: item.seed)
      bg = BatchBackground(image: drawn.image, source: drawn.source)
    }
    let captcha = try CaptchaMaker.make(
      background: bg.image, source: bg.source, options: options, seed: item.seed)
    try CaptchaMaker.encode(captcha, options: options).write(toDirectory: item.folderPath)
    return record(captcha.answer, options: options)
  }

  /// The record of an item whose three files are present and valid: both pictures decode to the
  /// sizes answer.json states, and answer.json parses as schema 1 with this item's seed.
  /// nil otherwise (the item is then made again).
  public static func existingItem(_ item: BatchItem, options: MakeOptions) -> BatchItemRecord? {
    let dir = item.folderPath
    let piecePath = PathText.appending(dir, CaptchaMaker.pieceFileName)
    let backgroundPath = PathText.appending(dir, options.format.backgroundFileName)
    let answerPath = PathText.appending(dir, CaptchaMaker.answerFileName)
    guard let answer = try? Answer.read(path: answerPath), answer.seed == item.seed,
      answer.background.file == options.format.backgroundFileName,
      answer.source?.file == item.backgroundPath.map({ PathText.lastComponent($0) }),
      let piece = try? ImageCodec.decodeFile(path: piecePath).image,
      piece.width == answer.piece.width, piece.height == answer.piece.height,
      let background = try? ImageCodec.decodeFile(path: backgroundPath).image,
      background.width == answer.background.width, background.height == answer.background.height
    else { return nil }
    return record(answer, options: options)
  }

  static func record(_ answer: Answer, options: MakeOptions) -> BatchItemRecord {
    BatchItemRecord(
      targetX: answer.target.x, targetY: answer.target.y, pieceFile: CaptchaMaker.pieceFileName,
      backgroundFile: options.format.backgroundFileName, answerFile: CaptchaMaker.answerFileName)
  }
}
