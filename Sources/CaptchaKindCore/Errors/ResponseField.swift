/// A field of a client's response (`ClientResponse`), by identity: the command line writes `--x`,
/// `--display-width`; the HTTP API `"x"`, `"display_width"`.
public enum ResponseField: String, CaseIterable, Sendable {
  case x
  case y
  case angle
  case step
  case path
  case track
  case displayWidth = "display-width"

  /// The field's words joined by `separator` (`display-width`, `display_width`).
  public func words(joinedBy separator: String) -> String {
    rawValue.split(separator: "-").joined(separator: separator)
  }
}
