import CaptchaCheck
import CaptchaImaging
import CaptchaKinds
import CaptchaSupport

/// The captcha kinds this build knows: the one place that lists them. Everything that differs by
/// kind is asked of the kind's type (`CatalogKind`); nothing else names a kind.
public enum KindCatalog {
  /// Every kind, the default (slide) first.
  public static let kinds: [any CatalogKind.Type] = [SlideKind.self, RotateKind.self, PatternKind.self]

  /// The names of `kinds`, in order.
  public static var names: [String] { kinds.map { $0.name } }

  /// The kind called `name`, or nil.
  public static func kind(named name: String) -> (any CatalogKind.Type)? {
    kinds.first { $0.name == name }
  }

  /// The kind of an answer (`unnamedKind` when it names none); `.badData` naming `file` when this
  /// build does not know it.
  public static func kind(of header: AnswerHeader, in file: String) throws -> any CatalogKind.Type {
    guard let kind = kind(named: header.kindName) else {
      throw CaptchaError(
        .badData,
        "\(file): unknown captcha kind '\(header.kindName)'; this captcha-gen knows \(names.joined(separator: ", "))"
      )
    }
    return kind
  }

  /// The kinds called `names`, each built from `options`. An option that none of them takes is
  /// refused (`OptionError`); each kind uses the options it takes and checks them.
  public static func kinds(named names: [String], options: CaptchaOptions, building: KindBuilding) throws
    -> [any CaptchaKind]
  {
    let types = try names.map { name -> any CatalogKind.Type in
      guard let kind = kind(named: name) else {
        throw OptionError(
          "'\(name)' is not a captcha kind; \(CaptchaOption.kind) is one of \(Self.names.joined(separator: ", "))"
        )
      }
      return kind
    }
    if let stray = options.given.first(where: { option in !types.contains { $0.options.contains(option) } }) {
      throw types.count == 1
        ? OptionError("\(stray) does not apply to \(CaptchaOption.kind) \(names[0])")
        : OptionError("\(stray) applies to none of the kinds \(names.joined(separator: ", "))")
    }
    return try types.map { try $0.init(options: options, building: building) }
  }

  /// Judges `response` against answer.json at `path`, whatever its kind.
  public static func verify(answerPath path: String, response: ClientResponse) throws -> Verdict {
    try verify(answer: AnswerDecoding.readBytes(path: path), name: path, response: response)
  }

  /// Judges `response` against answer.json `bytes`, whatever its kind (`name` names it in errors).
  public static func verify(answer bytes: [UInt8], name: String, response: ClientResponse) throws -> Verdict {
    let header = try AnswerHeader.decode(bytes, name: name)
    return try kind(of: header, in: name).verify(answer: bytes, name: name, response: response)
  }

  /// Runs the kind's self-attack on a captcha's encoded files (answer.json among them), as a client
  /// would receive them.
  public static func selfAttack(files: CaptchaFiles) throws -> SelfAttackReport {
    let name = CaptchaFiles.answerFileName
    guard let bytes = files.bytes(named: name) else {
      throw CaptchaError(.badData, "check: the captcha has no \(name)")
    }
    return try kind(of: AnswerHeader.decode(bytes, name: name), in: name).selfAttack(
      files: files, answer: bytes)
  }

  /// Runs the self-attack on the captcha in `folder` (written by `make` or `batch`), from its files.
  public static func selfAttack(folder: String) throws -> SelfAttackReport {
    let answerBytes = try AnswerDecoding.readBytes(
      path: PathText.appending(folder, CaptchaFiles.answerFileName))
    let header = try AnswerHeader.decode(answerBytes, name: CaptchaFiles.answerFileName)
    var files: [(name: String, bytes: [UInt8])] = []
    for name in [header.piece.file, header.background.file] {
      files.append((name, try ImageCodec.readFile(path: PathText.appending(folder, name))))
    }
    files.append((CaptchaFiles.answerFileName, answerBytes))
    return try selfAttack(files: CaptchaFiles(files: files))
  }
}
