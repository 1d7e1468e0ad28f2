/// Hides secrets in text that is about to be printed: given values (read from secret files), and
/// the password of any URL in it (`postgres://user:PASSWORD@host` → `postgres://user:***@host`).
public struct SecretRedaction: Sendable {
  public var secrets: [String]

  /// What replaces a hidden value.
  public static let mask = "***"

  public init(secrets: [String] = []) {
    self.secrets = secrets
  }

  public func redact(_ text: String) -> String {
    var out = text
    for secret in secrets where !secret.isEmpty {
      out = out.replacing(secret, with: Self.mask)
    }
    return Self.hidingURLPasswords(out)
  }

  /// `text` with the password of every `scheme://user:password@` replaced by the mask.
  static func hidingURLPasswords(_ text: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let scheme = rest.firstRange(of: "://") {
      out += rest[..<scheme.upperBound]
      rest = rest[scheme.upperBound...]
      // The authority's user part ends at the first '@' before any '/', space or quote.
      let authorityEnd =
        rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" || $0.isWhitespace || $0 == "'" || $0 == "\"" }
        ?? rest.endIndex
      let authority = rest[..<authorityEnd]
      // A URL form in a sentence (`USER[:PASSWORD]@HOST`) has brackets no real user part has.
      guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":"),
        !authority[..<at].contains("[")
      else { continue }
      out += rest[...colon] + mask
      rest = rest[at...]
    }
    return out + rest
  }
}
