import CaptchaImaging
public import CaptchaKindCore
public import CaptchaSupport
public import VectorRaster

/// answer.json of a pattern captcha (schema 1, `"kind": "pattern"`): the nine dot centres, the
/// secret sequence of dot indices, the snap radius, and the files. Keys in this order: schema,
/// kind, generator, seed, background, piece, dots, sequence, radius, then the optional source,
/// resize and variation.
public struct PatternAnswer: Equatable, Codable, Sendable {
  /// One dot centre in background pixels: whole pixels `{x, y}`, the same record as a piece position.
  public typealias Dot = PiecePosition

  public var schema: Int = AnswerHeader.schemaVersion
  public var kind: String = PatternKind.name
  public var generator: String = CaptchaKitVersion.generator
  public var seed: UInt64
  public var background: FileInfo
  public var piece: FileInfo
  public var dots: [Dot]
  public var sequence: [Int]
  public var radius: Int
  public var source: SourceInfo?
  public var resize: ResizeInfo?
  public var variation: VariationRecord?

  public init(
    seed: UInt64, background: FileInfo, piece: FileInfo, dots: [Dot], sequence: [Int],
    radius: Int,
    source: SourceInfo? = nil, resize: ResizeInfo? = nil, variation: VariationRecord? = nil
  ) {
    self.seed = seed
    self.background = background
    self.piece = piece
    self.dots = dots
    self.sequence = sequence
    self.radius = radius
    self.source = source
    self.resize = resize
    self.variation = variation
  }

  enum CodingKeys: String, CodingKey {
    case schema, kind, generator, seed, background, piece, dots, sequence, radius, source, resize, variation
  }

  /// The answer as JSON (keys in `CodingKeys` order).
  public var json: JSONValue {
    // JSONValueEncoder never fails and this record's encoding only forwards to it.
    try! JSONValueEncoder.encode(self)
  }

  /// The part every kind's answer shares.
  public var header: AnswerHeader {
    AnswerHeader(kind: kind, seed: seed, background: background, piece: piece, source: source)
  }

  /// The dots as points, for `PatternPathResolver`.
  public var points: [Point] { dots.map { Point(Double($0.x), Double($0.y)) } }

  /// Parses and checks a pattern answer (`.badData` naming `name`): nine dots, a sequence of
  /// 3…9 distinct dot indices, a positive radius.
  public static func parse(_ bytes: [UInt8], name: String) throws -> PatternAnswer {
    let a = try AnswerDecoding.decode(PatternAnswer.self, from: bytes, name: name)
    guard a.schema == AnswerHeader.schemaVersion else {
      throw CaptchaError(
        .badData, "\(name): answer schema \(a.schema) is not supported; this captcha-gen reads schema 1")
    }
    guard a.dots.count == PatternLayout.side * PatternLayout.side else {
      throw CaptchaError(.badData, "\(name): \"dots\" must hold 9 dot centres, not \(a.dots.count)")
    }
    guard PatternOptions.lengths.contains(a.sequence.count), Set(a.sequence).count == a.sequence.count,
      a.sequence.allSatisfy({ a.dots.indices.contains($0) })
    else {
      throw CaptchaError(.badData, "\(name): \"sequence\" must be 3 to 9 distinct dot indices from 0 to 8")
    }
    guard a.radius > 0 else {
      throw CaptchaError(.badData, "\(name): \"radius\" must be a positive number of pixels")
    }
    return a
  }
}
