import CaptchaSupport

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
