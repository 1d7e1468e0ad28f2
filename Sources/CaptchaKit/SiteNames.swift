/// The forms of a site's names, shared by the sites file (CaptchaService) and `captcha-gen site
/// new`: site keys and page hostnames.
public enum SiteNames {
  /// Site keys and hostnames are at most this long.
  public static let maxLength = 253

  /// Letters, digits, `-`, `_` and `.`, 1 to `maxLength` characters.
  public static func isSitekey(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= maxLength
      && text.unicodeScalars.allSatisfy { isAlphanumeric($0) || "-_.".unicodeScalars.contains($0) }
  }

  /// A DNS name or an IP address as a page's `Origin` carries it (no scheme, port, path or spaces),
  /// or `*` for every page.
  public static func isHostname(_ text: String) -> Bool {
    if text == "*" { return true }
    if text.hasPrefix("[") && text.hasSuffix("]") {  // an IPv6 literal
      return text.count > 2
        && text.dropFirst().dropLast().unicodeScalars.allSatisfy { isHexDigit($0) || $0 == ":" || $0 == "." }
    }
    return !text.isEmpty && text.utf8.count <= maxLength && !text.hasPrefix(".") && !text.contains("..")
      && text.unicodeScalars.allSatisfy { isAlphanumeric($0) || "-.".unicodeScalars.contains($0) }
  }

  static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
  }

  static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
  }
}
