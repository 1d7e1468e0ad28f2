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

/// A background a batch worker loads once and reuses for all its items: the decoded picture, or,
/// when the kind's background stage does not depend on the seed, the picture already prepared (so
/// `--size` resizes it once, not once per item).
public enum BatchBackground: Sendable {
  case decoded(SourceBackground)
  case prepared(PreparedBackground)
}

/// `batch` over any captcha kind: each item is exactly what
/// `captcha-gen make --image <its background> --seed <seed_i> [options]` writes into its folder,
/// because both go through the kind's one `BackgroundStage` and its `make`.
public enum CaptchaBatch {
  /// An engine that makes captchas of `kind` for `request`.
  public static func engine(request: BatchRequest, kind: any CaptchaKind) -> BatchEngine<BatchBackground> {
    let stage = kind.backgroundStage
    return BatchEngine(
      request: request,
      load: { path in try load(path: path, stage: stage) },
      make: { item, background in try make(item, background, kind: kind) },
      existing: { item in existingItem(item, kind: kind) })
  }

  /// An engine that makes slide captchas with `options`.
  public static func engine(request: BatchRequest, options: SlideOptions) -> BatchEngine<BatchBackground> {
    engine(request: request, kind: SlideKind(options: options))
  }

  /// Decodes a background file; prepares it at once when that does not depend on the item.
  /// `serve`'s pool refill loads its backgrounds through this stage too.
  public static func load(path: String, stage: BackgroundStage) throws -> BatchBackground {
    let decoded = try stage.load(path: path)
    return stage.dependsOnSeed ? .decoded(decoded) : .prepared(try stage.prepare(decoded, seed: 0))
  }

  /// The prepared background for `seed`: the shared one, the shared picture prepared for the
  /// seed, or the kind's built-in picture drawn from the seed.
  static func prepared(_ background: BatchBackground?, seed: UInt64, kind: any CaptchaKind) throws
    -> PreparedBackground
  {
    switch background {
    case .prepared(let prepared)?: return prepared
    case .decoded(let decoded)?: return try kind.backgroundStage.prepare(decoded, seed: seed)
    case nil: return try kind.preparedBuiltIn(seed: seed)
    }
  }

  /// One captcha of `kind` for `seed` on a loaded background (nil: the built-in one), in memory:
  /// the stages every batch item and every challenge `serve` issues go through.
  public static func captcha(on background: BatchBackground?, seed: UInt64, kind: any CaptchaKind) throws
    -> MadeCaptcha
  {
    try kind.make(prepared(background, seed: seed, kind: kind), seed: seed)
  }

  /// Makes one item; its files are written when the engine runs the returned item's `write`.
  static func make(_ item: BatchItem, _ background: BatchBackground?, kind: any CaptchaKind) throws
    -> PendingItem
  {
    let made = try captcha(on: background, seed: item.seed, kind: kind)
    let durable = kind.writesDurably
    return PendingItem {
      try made.files.write(toDirectory: item.folderPath, durable: durable)
      return record(fields: made.manifestFields, header: made.header)
    }
  }

  /// The record of an item whose files are present and whole: answer.json is a schema-1 answer
  /// of this kind with this item's seed, source and background file name, and both pictures decode
  /// to the sizes it states. nil otherwise (the item is then made again).
  public static func existingItem(_ item: BatchItem, kind: any CaptchaKind) -> BatchItemRecord? {
    let dir = item.folderPath
    let answerPath = PathText.appending(dir, CaptchaFiles.answerFileName)
    guard let bytes = try? AnswerDecoding.readBytes(path: answerPath),
      let header = try? AnswerHeader.decode(bytes, name: answerPath),
      header.kindName == type(of: kind).name, header.seed == item.seed,
      header.background.file == kind.backgroundFileName,
      header.source?.file == item.backgroundPath.map({ PathText.lastComponent($0) }),
      decodes(PathText.appending(dir, header.piece.file), as: header.piece),
      decodes(PathText.appending(dir, header.background.file), as: header.background),
      let fields = try? type(of: kind).manifestFields(answer: bytes, name: answerPath)
    else { return nil }
    return record(fields: fields, header: header)
  }

  /// Whether the picture at `path` decodes to the size `info` states.
  static func decodes(_ path: String, as info: FileInfo) -> Bool {
    guard let image = try? ImageCodec.decodeFile(path: path).image else { return false }
    return image.width == info.width && image.height == info.height
  }

  static func record(fields: [(String, JSONValue)], header: AnswerHeader) -> BatchItemRecord {
    BatchItemRecord(
      fields: fields, pieceFile: header.piece.file, backgroundFile: header.background.file,
      answerFile: CaptchaFiles.answerFileName)
  }
}
