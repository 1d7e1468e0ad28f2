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

/// Where a captcha's background came from, recorded in answer.json as `source`.
public struct SourceInfo: Equatable, Sendable {
  /// The input's file name (last path component only: answer.json never leaks server paths).
  public var file: String
  /// The decoded image's size (after EXIF orientation), before any `--size`.
  public var width: Int
  public var height: Int
  /// SHA-256 of the input file's bytes, lowercase hex.
  public var sha256: String

  public init(file: String, width: Int, height: Int, sha256: String) {
    self.file = file
    self.width = width
    self.height = height
    self.sha256 = sha256
  }

  /// The record for an input read from `path`: its last path component, the decoded `image`'s
  /// size and the SHA-256 of the file's `bytes`.
  public init(path: String, image: RGBAImage, bytes: [UInt8]) {
    self.init(
      file: URL(fileURLWithPath: path).lastPathComponent, width: image.width, height: image.height,
      sha256: SHA256.hexDigest(bytes))
  }
}

/// answer.json, schema 1 (see DESIGN.md): where the piece fits, the tolerance, and what is needed
/// to reproduce the captcha.
///
/// Keys are written in a fixed order: schema, generator, seed, mode, tolerance, background,
/// piece, start, target, then the optional `source` (input file), `resize` (`--size`/`--fit`),
/// `layout`, `variation` and `decoys`.
public struct Answer: Equatable, Sendable {
  /// An output file and its pixel size.
  public struct FileInfo: Equatable, Sendable {
    public var file: String
    public var width: Int
    public var height: Int

    public init(file: String, width: Int, height: Int) {
      self.file = file
      self.width = width
      self.height = height
    }
  }

  /// How the input was resized (`--size` and `--fit`); `width`/`height` equal the background's.
  public struct ResizeInfo: Equatable, Sendable {
    public var fit: Fit
    public var width: Int
    public var height: Int

    public init(fit: Fit, width: Int, height: Int) {
      self.fit = fit
      self.width = width
      self.height = height
    }
  }

  public static let schemaVersion = 1

  public var schema: Int = Answer.schemaVersion
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

  /// The answer as an ordered JSON value.
  public var json: JSONValue {
    func pos(_ p: PiecePosition) -> JSONValue { .object([("x", .int(Int64(p.x))), ("y", .int(Int64(p.y)))]) }
    var members: [(String, JSONValue)] = [
      ("schema", .int(Int64(schema))),
      ("generator", .string(generator)),
      ("seed", .uint(seed)),
      ("mode", .string(mode.rawValue)),
      ("tolerance", .int(Int64(tolerance))),
      (
        "background",
        .object([
          ("file", .string(background.file)), ("width", .int(Int64(background.width))),
          ("height", .int(Int64(background.height))),
        ])
      ),
      (
        "piece",
        .object(
          [
            ("file", .string(piece.file)), ("width", .int(Int64(piece.width))),
            ("height", .int(Int64(piece.height))), ("shape", .string(shape)),
          ] + look.pieceMembers)
      ),
      ("start", pos(start)),
      ("target", pos(target)),
    ]
    if let s = source {
      members.append(
        (
          "source",
          .object([
            ("file", .string(s.file)), ("width", .int(Int64(s.width))),
            ("height", .int(Int64(s.height))), ("sha256", .string(s.sha256)),
          ])
        ))
    }
    if let r = resize {
      members.append(
        (
          "resize",
          .object([
            ("fit", .string(r.fit.rawValue)), ("width", .int(Int64(r.width))),
            ("height", .int(Int64(r.height))),
          ])
        ))
    }
    if let l = layout { members.append(("layout", .string(l.rawValue))) }
    members += look.topMembers
    if let v = variation { members.append(("variation", v.json)) }
    if let d = decoys { members.append(("decoys", .array(d.map(\.json)))) }
    return .object(members)
  }

  /// answer.json's bytes (UTF-8, trailing newline).
  public var jsonBytes: [UInt8] { JSONWriter.bytes(json) }

  // MARK: - Reading

  private struct Wire: Decodable {
    struct File: Decodable {
      var file: String
      var width: Int
      var height: Int
      var shape: String?
    }
    struct Pos: Decodable {
      var x: Int
      var y: Int
    }
    struct Source: Decodable {
      var file: String
      var width: Int
      var height: Int
      var sha256: String
    }
    struct Resize: Decodable {
      var fit: String
      var width: Int
      var height: Int
    }
    var schema: Int
    var generator: String
    var seed: UInt64
    var mode: String
    var tolerance: Int
    var background: File
    var piece: File
    var start: Pos
    var target: Pos
    var source: Source?
    var layout: String?
    var resize: Resize?
  }

  /// The whole file, decoded once: `Answer`'s own keys, the recorded look and the hardening
  /// records, each read from the same top-level object.
  private struct Document: Decodable {
    var main: Wire
    var look: AnswerLook.Wire
    var hardening: AnswerHardening.Wire

    init(from decoder: Decoder) throws {
      main = try Wire(from: decoder)
      look = try AnswerLook.Wire(from: decoder)
      hardening = try AnswerHardening.Wire(from: decoder)
    }
  }

  /// Parses answer.json bytes; `name` names the file in errors (`.badData`, exit 65).
  public static func parse(_ bytes: [UInt8], name: String) throws -> Answer {
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: Data(bytes))
    } catch let DecodingError.keyNotFound(key, ctx) {
      throw CaptchaError(
        .badData, "\(name): not a captcha answer: missing \"\(pathText(ctx.codingPath + [key]))\"")
    } catch let DecodingError.typeMismatch(_, ctx) {
      throw CaptchaError(
        .badData, "\(name): not a captcha answer: \"\(pathText(ctx.codingPath))\" has the wrong type")
    } catch let DecodingError.valueNotFound(_, ctx) {
      throw CaptchaError(
        .badData, "\(name): not a captcha answer: \"\(pathText(ctx.codingPath))\" is null")
    } catch {
      throw CaptchaError(.badData, "\(name): not valid JSON")
    }
    let w = document.main
    guard w.schema == schemaVersion else {
      throw CaptchaError(
        .badData, "\(name): answer schema \(w.schema) is not supported; this captcha-gen reads schema 1")
    }
    guard let mode = DragMode(rawValue: w.mode) else {
      throw CaptchaError(.badData, "\(name): unknown mode '\(w.mode)'")
    }
    guard w.tolerance >= 0, w.background.width > 0, w.background.height > 0 else {
      throw CaptchaError(.badData, "\(name): negative tolerance or empty background size")
    }
    var a = Answer(
      seed: w.seed, mode: mode, tolerance: w.tolerance,
      background: FileInfo(file: w.background.file, width: w.background.width, height: w.background.height),
      piece: FileInfo(file: w.piece.file, width: w.piece.width, height: w.piece.height),
      shape: w.piece.shape ?? "", start: PiecePosition(x: w.start.x, y: w.start.y),
      target: PiecePosition(x: w.target.x, y: w.target.y))
    a.generator = w.generator
    if let s = w.source {
      a.source = SourceInfo(file: s.file, width: s.width, height: s.height, sha256: s.sha256)
    }
    if let l = w.layout { a.layout = PieceLayout(rawValue: l) }
    a.look = AnswerLook(document.look)
    (a.variation, a.decoys) = AnswerHardening.records(document.hardening)
    if let r = w.resize, let fit = Fit(rawValue: r.fit) {
      a.resize = ResizeInfo(fit: fit, width: r.width, height: r.height)
    }
    return a
  }

  /// Reads and parses answer.json at `path`: `.missingInput` (66) when it cannot be read,
  /// `.badData` (65) when it is not a schema-1 answer.
  public static func read(path: String) throws -> Answer {
    guard let data = FileManager.default.contents(atPath: path) else {
      var isDir: Bool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir {
        throw CaptchaError(.missingInput, "\(path): is a folder, not an answer file")
      }
      let exists = FileManager.default.fileExists(atPath: path)
      throw CaptchaError(
        .missingInput,
        exists ? "\(path): permission denied" : "\(path): no such answer file")
    }
    return try parse([UInt8](data), name: path)
  }

  private static func pathText(_ keys: [CodingKey]) -> String {
    keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
  }
}
