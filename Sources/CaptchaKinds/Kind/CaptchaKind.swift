import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// One kind of captcha (slide, and the kinds that follow) behind the seam that `make`, `batch`,
/// `verify`, `--check` and the golden tests share. Those callers know only this protocol: a kind
/// makes its files from a prepared background and a seed, and judges a client's response against
/// its own answer.json. Adding a kind means a type conforming to this protocol, an entry in
/// `KindCatalog`, and its self-attack in CaptchaCheck's `SelfAttackCatalog`; batch and verify do not
/// change.
public protocol CaptchaKind: Sendable {
  /// The kind's name: answer.json's `kind` (a missing `kind` means slide) and `--kind`.
  static var name: String { get }

  /// How this kind's background is prepared from the input picture.
  var backgroundStage: BackgroundStage { get }

  /// The background file this kind writes (`background.png` or `background.jpg`).
  var backgroundFileName: String { get }

  /// Whether files are fsynced before they get their names (`--no-fsync` turns it off).
  var writesDurably: Bool { get }

  /// Makes one captcha on `background` for `seed`: its encoded files and its answer.
  func make(_ background: consuming PreparedBackground, seed: UInt64) throws -> MadeCaptcha

  /// Judges `response` against this kind's answer.json `bytes` (`name` names the file in errors).
  /// Throws `.usage` when the response does not fit the kind (say, an angle for a slide captcha)
  /// and `.badData` when the answer is malformed.
  static func verify(answer bytes: [UInt8], name: String, response: ClientResponse) throws -> Verdict

  /// The kind's own members of a batch manifest line (slide: `target`), read from answer.json.
  static func manifestFields(answer bytes: [UInt8], name: String) throws -> [(String, JSONValue)]
}

/// A made captcha: the files to write (the pictures and answer.json, in writing order), the answer
/// as JSON (for `--json`), what every kind's answer has in common, and the manifest members.
public struct MadeCaptcha: Sendable {
  public var files: CaptchaFiles
  public var answer: JSONValue
  public var header: AnswerHeader
  public var manifestFields: [(String, JSONValue)]

  public init(
    files: CaptchaFiles, answer: JSONValue, header: AnswerHeader, manifestFields: [(String, JSONValue)]
  ) {
    self.files = files
    self.answer = answer
    self.header = header
    self.manifestFields = manifestFields
  }
}

/// What a client sends back, in the units of the background (or of a displayed width): each kind
/// reads the fields it understands and refuses a response meant for another kind.
public struct ClientResponse: Sendable {
  /// piece.png's top-left corner (slide).
  public var x: Double?
  public var y: Double?
  /// The width the client showed the background at; positions are scaled from it.
  public var displayWidth: Double?
  /// The drag that produced the answer, when the client sent one (slide: judged by `TrackJudge`;
  /// pattern: the path drawn, when no `path` is given).
  public var track: DragTrack?
  /// The points a client's finger passed through, in order (pattern: `--path`).
  public var path: [Point]?
  /// The clockwise turn in degrees (rotate).
  public var angle: Double?
  /// The chosen stop, 0-based (answers made with `--steps`).
  public var step: Int?

  public init(
    x: Double? = nil, y: Double? = nil, displayWidth: Double? = nil, track: DragTrack? = nil,
    path: [Point]? = nil, angle: Double? = nil, step: Int? = nil
  ) {
    self.x = x
    self.y = y
    self.displayWidth = displayWidth
    self.track = track
    self.path = path
    self.angle = angle
    self.step = step
  }
}

/// The result of judging a response: pass or fail and one short reason for logs and clients. The
/// reason never gives the answer away (no distances to the target).
public struct Verdict: Equatable, Sendable {
  public var passed: Bool
  public var reason: String

  public init(passed: Bool, reason: String) {
    self.passed = passed
    self.reason = reason
  }
}

/// What every kind's answer.json has in common: read first to find the kind, and by `batch
/// --resume` to check that an item's files are whole.
public struct AnswerHeader: Codable, Equatable, Sendable {
  public var schema: Int
  /// nil in answers written before kinds existed: those are slide answers.
  public var kind: String?
  public var seed: UInt64
  public var background: Answer.FileInfo
  public var piece: Answer.FileInfo
  public var source: SourceInfo?

  public init(
    schema: Int = Answer.schemaVersion, kind: String?, seed: UInt64, background: Answer.FileInfo,
    piece: Answer.FileInfo, source: SourceInfo?
  ) {
    self.schema = schema
    self.kind = kind
    self.seed = seed
    self.background = background
    self.piece = piece
    self.source = source
  }

  /// The kind's name (`slide` when the answer has no `kind`).
  public var kindName: String { kind ?? SlideKind.name }

  /// Decodes the common part of answer.json `bytes` (`.badData` naming `name`).
  public static func decode(_ bytes: [UInt8], name: String) throws -> AnswerHeader {
    let header = try AnswerDecoding.decode(AnswerHeader.self, from: bytes, name: name)
    guard header.schema == Answer.schemaVersion else {
      throw CaptchaError(
        .badData,
        "\(name): answer schema \(header.schema) is not supported; this captcha-gen reads schema 1")
    }
    return header
  }
}

/// The captcha kinds this build knows, by name.
public enum KindCatalog {
  /// Every kind, the default (slide) first.
  public static let kinds: [any CaptchaKind.Type] = [SlideKind.self, RotateKind.self, PatternKind.self]

  /// The names of `kinds`, in order.
  public static var names: [String] { kinds.map { $0.name } }

  /// The kind called `name`; `.badData` naming `file` when this build does not know it.
  public static func kind(named name: String, in file: String) throws -> any CaptchaKind.Type {
    guard let kind = kinds.first(where: { $0.name == name }) else {
      throw CaptchaError(
        .badData,
        "\(file): unknown captcha kind '\(name)'; this captcha-gen knows \(names.joined(separator: ", "))")
    }
    return kind
  }

  /// Judges `response` against answer.json at `path`, whatever its kind.
  public static func verify(answerPath path: String, response: ClientResponse) throws -> Verdict {
    try verify(answer: AnswerDecoding.readBytes(path: path), name: path, response: response)
  }

  /// Judges `response` against answer.json `bytes`, whatever its kind (`name` names it in errors).
  public static func verify(answer bytes: [UInt8], name: String, response: ClientResponse) throws -> Verdict {
    let header = try AnswerHeader.decode(bytes, name: name)
    return try kind(named: header.kindName, in: name).verify(answer: bytes, name: name, response: response)
  }
}
