import CaptchaImaging
import CaptchaSupport

/// What every kind's answer.json has in common: read first to find the kind, and by `batch
/// --resume` to check that an item's files are whole.
public struct AnswerHeader: Codable, Equatable, Sendable {
  public var schema: Int
  /// nil in answers written before kinds existed: those are slide answers.
  public var kind: String?
  public var seed: UInt64
  public var background: FileInfo
  public var piece: FileInfo
  public var source: SourceInfo?

  public init(
    schema: Int = AnswerHeader.schemaVersion, kind: String?, seed: UInt64, background: FileInfo,
    piece: FileInfo, source: SourceInfo?
  ) {
    self.schema = schema
    self.kind = kind
    self.seed = seed
    self.background = background
    self.piece = piece
    self.source = source
  }

  /// The kind of answers written before kinds existed, which have no `kind`.
  public static let unnamedKind = "slide"

  /// The version of answer.json this build writes and reads.
  public static let schemaVersion = 1

  /// The kind's name (`unnamedKind` when the answer has no `kind`).
  public var kindName: String { kind ?? Self.unnamedKind }

  /// Decodes the common part of answer.json `bytes` (`.badData` naming `name`).
  public static func decode(_ bytes: [UInt8], name: String) throws -> AnswerHeader {
    let header = try AnswerDecoding.decode(AnswerHeader.self, from: bytes, name: name)
    guard header.schema == AnswerHeader.schemaVersion else {
      throw CaptchaError(
        .badData,
        "\(name): answer schema \(header.schema) is not supported; this captcha-gen reads schema 1")
    }
    return header
  }
}
