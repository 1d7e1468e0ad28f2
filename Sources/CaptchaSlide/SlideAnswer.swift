import CaptchaHoles
import CaptchaImaging
public import CaptchaKindCore
public import CaptchaSupport
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

/// answer.json, schema 1 (see DESIGN.md): where the piece fits, the tolerance, and what is needed
/// to reproduce the captcha.
///
/// Keys are written in a fixed order: schema, kind (always `slide`; answers written before kinds
/// existed have none and read as slide), generator, seed, mode, tolerance, background,
/// piece, start, target, then the optional `source` (input file), `resize` (`--size`/`--fit`),
/// `layout`, `variation` and `decoys`.
public struct SlideAnswer: Equatable, Codable, Sendable {
  public var schema: Int = AnswerHeader.schemaVersion
  public var generator: String = CaptchaKitVersion.generator
  public var seed: UInt64
  public var mode: DragMode
  public var tolerance: Int
  public var background: FileInfo
  public var piece: FileInfo
  /// The piece's shape name (`piece.shape`).
  public var shape: String
  public var start: PiecePosition
  public var target: PiecePosition
  public var source: SourceInfo?
  public var resize: ResizeInfo?
  /// `layout`, written only for a strip piece (absent means a tight box).
  public var layout: PieceLayout?
  /// Rotation, padding, shadow and hole style, written only when not the defaults.
  public var look = AnswerLook()
  /// `variation`, written only when background variation is on (Hardening/).
  public var variation: VariationRecord?
  /// `decoys`, written only when decoys were asked for (Hardening/), even if none fitted.
  public var decoys: [DecoyRecord]?
  /// `steps`, written only with `--steps`: the x stops (after `target`).
  public var steps: StepStops?

  public init(
    seed: UInt64, mode: DragMode, tolerance: Int, background: FileInfo, piece: FileInfo,
    shape: String, start: PiecePosition, target: PiecePosition, source: SourceInfo? = nil,
    resize: ResizeInfo? = nil
  ) {
    self.seed = seed
    self.mode = mode
    self.tolerance = tolerance
    self.background = background
    self.piece = piece
    self.shape = shape
    self.start = start
    self.target = target
    self.source = source
    self.resize = resize
  }

  /// The answer as an ordered JSON value (keys in `CodingKeys` order).
  public var json: JSONValue {
    // Nothing in an answer's encoding throws: JSONValueEncoder never fails and every record's
    // encode(to:) only forwards to it.
    try! JSONValueEncoder.encode(self)
  }

  /// answer.json's bytes (UTF-8, trailing newline).
  public var jsonBytes: [UInt8] { JSONWriter.bytes(json) }

  // MARK: - Coding (answer.json's keys, in order)

  enum CodingKeys: String, CodingKey {
    case schema, kind, generator, seed, mode, tolerance, background, piece, start, target, steps, source,
      resize
    case layout, hole, style, variation, decoys
  }

  /// The `piece` object: the file, its shape and the recorded look of the piece.
  struct PieceRecord: Codable {
    var file: String
    var width: Int
    var height: Int
    var shape: String?
    var rotation: Double?
    var padding: PiecePadding?
    var shadow: PieceShadow?
    var bevel: PieceBevel?
  }

  /// The `style` object: the fingerprint of the style key the look was drawn with (never the key).
  struct StyleRecord: Codable {
    var fingerprint: String
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(schema, forKey: .schema)
    try c.encode(SlideKind.name, forKey: .kind)
    try c.encode(generator, forKey: .generator)
    try c.encode(seed, forKey: .seed)
    try c.encode(mode, forKey: .mode)
    try c.encode(tolerance, forKey: .tolerance)
    try c.encode(background, forKey: .background)
    try c.encode(
      PieceRecord(
        file: piece.file, width: piece.width, height: piece.height, shape: shape, rotation: look.rotation,
        padding: look.padding, shadow: look.shadow, bevel: look.bevel), forKey: .piece)
    try c.encode(start, forKey: .start)
    try c.encode(target, forKey: .target)
    try c.encodeIfPresent(steps, forKey: .steps)
    try c.encodeIfPresent(source, forKey: .source)
    try c.encodeIfPresent(resize, forKey: .resize)
    try c.encodeIfPresent(layout, forKey: .layout)
    try c.encodeIfPresent(look.hole, forKey: .hole)
    try c.encodeIfPresent(look.styleFingerprint.map(StyleRecord.init), forKey: .style)
    try c.encodeIfPresent(variation, forKey: .variation)
    try c.encodeIfPresent(decoys, forKey: .decoys)
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let piece = try c.decode(PieceRecord.self, forKey: .piece)
    self.init(
      seed: try c.decode(UInt64.self, forKey: .seed), mode: try c.decode(DragMode.self, forKey: .mode),
      tolerance: try c.decode(Int.self, forKey: .tolerance),
      background: try c.decode(FileInfo.self, forKey: .background),
      piece: FileInfo(file: piece.file, width: piece.width, height: piece.height), shape: piece.shape ?? "",
      start: try c.decode(PiecePosition.self, forKey: .start),
      target: try c.decode(PiecePosition.self, forKey: .target),
      source: try c.decodeIfPresent(SourceInfo.self, forKey: .source),
      resize: try c.decodeIfPresent(ResizeInfo.self, forKey: .resize))
    schema = try c.decode(Int.self, forKey: .schema)
    generator = try c.decode(String.self, forKey: .generator)
    layout = try c.decodeIfPresent(PieceLayout.self, forKey: .layout)
    look = AnswerLook(
      rotation: piece.rotation, padding: piece.padding, shadow: piece.shadow, bevel: piece.bevel,
      hole: try c.decodeIfPresent(AnswerLook.Hole.self, forKey: .hole),
      styleFingerprint: try c.decodeIfPresent(StyleRecord.self, forKey: .style)?.fingerprint)
    variation = try c.decodeIfPresent(VariationRecord.self, forKey: .variation)
    decoys = try c.decodeIfPresent([DecoyRecord].self, forKey: .decoys)
    steps = try c.decodeIfPresent(StepStops.self, forKey: .steps)
  }

  // MARK: - Reading

  /// Parses answer.json bytes; `name` names the file in errors (`.badData`, exit 65).
  public static func parse(_ bytes: [UInt8], name: String) throws -> SlideAnswer {
    let a = try AnswerDecoding.decode(SlideAnswer.self, from: bytes, name: name)
    guard a.schema == AnswerHeader.schemaVersion else {
      throw CaptchaError(
        .badData, "\(name): answer schema \(a.schema) is not supported; this captcha-gen reads schema 1")
    }
    guard a.tolerance >= 0, a.background.width > 0, a.background.height > 0 else {
      throw CaptchaError(.badData, "\(name): negative tolerance or empty background size")
    }
    _ = try a.steps?.validated(name: name)
    return a
  }

  /// Reads and parses answer.json at `path`: `.missingInput` (66) when it cannot be read,
  /// `.badData` (65) when it is not a schema-1 answer.
  public static func read(path: String) throws -> SlideAnswer {
    try parse(AnswerDecoding.readBytes(path: path), name: path)
  }
}
