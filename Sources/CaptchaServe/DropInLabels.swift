/// The labels a page's script gives a drop-in widget's token: Turnstile's `action` and `cdata`,
/// reCAPTCHA v3's `action`. The widget sends them after the token, `TOKEN~ACTION~CDATA`, and the
/// service's siteverify gives them back. A visitor's browser chooses them, as with the services
/// themselves: they are labels for the site, not proof of anything.
struct DropInLabels: Equatable {
  var action: String?
  var cdata: String?

  static let separator: Character = "~"
  /// The longest action and cdata kept (Turnstile's cdata is at most 255 characters).
  static let maxActionLength = 100
  static let maxCdataLength = 255

  /// The token and its labels; a response whose labels are not letters, digits, `_`, `-` (and `/`
  /// in an action) of the allowed lengths is left whole, so it is not a token.
  static func split(_ response: String?) -> (token: String?, labels: DropInLabels) {
    guard let response, response.contains(separator) else { return (response, DropInLabels()) }
    let parts = response.split(separator: separator, maxSplits: 2, omittingEmptySubsequences: false)
    let action = parts[1]
    let cdata = parts.count > 2 ? parts[2] : ""
    guard action.count <= maxActionLength, cdata.count <= maxCdataLength,
      action.allSatisfy({ isLabelCharacter($0) || $0 == "/" }), cdata.allSatisfy(isLabelCharacter)
    else { return (response, DropInLabels()) }
    return (
      String(parts[0]),
      DropInLabels(action: action.isEmpty ? nil : String(action), cdata: cdata.isEmpty ? nil : String(cdata))
    )
  }

  static func isLabelCharacter(_ c: Character) -> Bool {
    c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-")
  }
}
