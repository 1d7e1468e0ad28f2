import CaptchaImaging
public import CaptchaKindCore
public import CaptchaSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// answer.json of a rotate captcha (schema 1, `"kind": "rotate"`): the clockwise turn that makes
/// the piece upright, the tolerance in degrees, where the piece's centre sits on the background,
/// the files, and what is needed to reproduce it. Keys in `CodingKeys` order.
public struct RotateAnswer: Equatable, Codable, Sendable {
  /// A point on the background: whole pixels `{x, y}`, the same record as a piece position.
  public typealias Center = PiecePosition

  public var schema: Int = AnswerHeader.schemaVersion
  public var kind: String = RotateKind.name
  public var generator: String = CaptchaKitVersion.generator
  public var seed: UInt64
  /// The clockwise turn in degrees, 0 ≤ angle < 360, that makes piece.png upright again.
  public var angle: Double
  /// Accepted circular distance from `angle`, in degrees.
  public var tolerance: Int
  /// The piece's centre on the background.
  public var center: Center
  public var background: FileInfo
  public var piece: FileInfo
  /// `--steps`: the stops, when the answer is stepped.
  public var steps: StepStops?
  public var source: SourceInfo?
  public var resize: ResizeInfo?
  public var variation: VariationRecord?

  public init(
    seed: UInt64, angle: Double, tolerance: Int, center: Center, background: FileInfo,
    piece: FileInfo, steps: StepStops? = nil, source: SourceInfo? = nil,
    resize: ResizeInfo? = nil, variation: VariationRecord? = nil
  ) {
    self.seed = seed
    self.angle = angle
    self.tolerance = tolerance
    self.center = center
    self.background = background
    self.piece = piece
    self.steps = steps
    self.source = source
    self.resize = resize
    self.variation = variation
  }

  enum CodingKeys: String, CodingKey {
    case schema, kind, generator, seed, angle, tolerance, center, background, piece, steps, source, resize
    case variation
  }

  /// The answer as an ordered JSON value.
  public var json: JSONValue {
    // JSONValueEncoder never fails and the synthesized encode(to:) only forwards to it.
    try! JSONValueEncoder.encode(self)
  }

  /// answer.json's bytes (UTF-8, trailing newline).
  public var jsonBytes: [UInt8] { JSONWriter.bytes(json) }

  /// The part every kind's answer shares.
  public var header: AnswerHeader {
    AnswerHeader(kind: kind, seed: seed, background: background, piece: piece, source: source)
  }

  /// Parses and checks answer.json bytes (`.badData` naming `name`).
  public static func parse(_ bytes: [UInt8], name: String) throws -> RotateAnswer {
    let a = try AnswerDecoding.decode(RotateAnswer.self, from: bytes, name: name)
    guard a.schema == AnswerHeader.schemaVersion else {
      throw CaptchaError(
        .badData, "\(name): answer schema \(a.schema) is not supported; this captcha-gen reads schema 1")
    }
    guard a.angle.isFinite, (0..<360).contains(a.angle), a.tolerance >= 0 else {
      throw CaptchaError(.badData, "\(name): \"angle\" must be in 0…360 and \"tolerance\" not negative")
    }
    _ = try a.steps?.validated(name: name)
    return a
  }
}
