import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Finds path data in the text of a shape file: the `d` attribute of the first `<path>` element
/// that has one (quotes single or double, attributes in any order, comments skipped), or, for a
/// file with no markup at all, the whole text as path data.
public enum SVGPathExtractor {
  /// What a shape file holds.
  public enum Found: Equatable, Sendable {
    /// The `d` attribute's value, with the XML entities of attribute values decoded.
    case pathData(String)
    /// Markup without any `<path d=…>`.
    case noPath
    /// No markup at all: treat the whole text as path data.
    case notSVG
  }

  public static func pathData(in text: String) -> Found {
    let s = Array(text.utf8)
    guard s.contains(UInt8(ascii: "<")) else { return .notSVG }
    var i = 0
    while i < s.count {
      guard s[i] == UInt8(ascii: "<") else {
        i += 1
        continue
      }
      if starts(s, at: i, with: "<!--") {
        i = index(of: "-->", in: s, from: i + 4).map { $0 + 3 } ?? s.count
        continue
      }
      if starts(s, at: i, with: "<![CDATA[") {
        i = index(of: "]]>", in: s, from: i + 9).map { $0 + 3 } ?? s.count
        continue
      }
      // Element name, possibly with a namespace prefix (`svg:path`).
      var j = i + 1
      while j < s.count, isNameByte(s[j]) { j += 1 }
      let fullName = String(decoding: s[(i + 1)..<j], as: UTF8.self)
      let local = fullName.split(separator: ":").last.map(String.init) ?? fullName
      if local == "path", let d = attribute("d", in: s, from: j) {
        return .pathData(decodeEntities(d))
      }
      i = j
    }
    return .noPath
  }

  /// The value of attribute `name` in the tag whose attributes start at `from`; nil when the
  /// tag ends without it.
  static func attribute(_ name: String, in s: [UInt8], from: Int) -> String? {
    var i = from
    while i < s.count {
      while i < s.count, isSpace(s[i]) { i += 1 }
      guard i < s.count, s[i] != UInt8(ascii: ">"), s[i] != UInt8(ascii: "/") else { return nil }
      let nameStart = i
      while i < s.count, isNameByte(s[i]) { i += 1 }
      guard i > nameStart else { return nil }  // malformed tag
      let attrName = String(decoding: s[nameStart..<i], as: UTF8.self)
      while i < s.count, isSpace(s[i]) { i += 1 }
      guard i < s.count, s[i] == UInt8(ascii: "=") else { continue }  // attribute without value
      i += 1
      while i < s.count, isSpace(s[i]) { i += 1 }
      guard i < s.count else { return nil }
      let value: String
      let quote = s[i]
      if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
        guard let end = s[(i + 1)...].firstIndex(of: quote) else { return nil }
        value = String(decoding: s[(i + 1)..<end], as: UTF8.self)
        i = end + 1
      } else {
        let start = i
        while i < s.count, !isSpace(s[i]), s[i] != UInt8(ascii: ">") { i += 1 }
        value = String(decoding: s[start..<i], as: UTF8.self)
      }
      if attrName == name { return value }
    }
    return nil
  }

  static func decodeEntities(_ v: String) -> String {
    guard v.contains("&") else { return v }
    return
      v
      .replacing("&#10;", with: " ").replacing("&#xA;", with: " ").replacing("&#9;", with: " ")
      .replacing("&lt;", with: "<").replacing("&gt;", with: ">")
      .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
      .replacing("&amp;", with: "&")
  }

  static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
      || b == UInt8(ascii: ":") || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
      || b == UInt8(ascii: ".") || b >= 0x80
  }

  static func starts(_ s: [UInt8], at i: Int, with prefix: String) -> Bool {
    let p = Array(prefix.utf8)
    return i + p.count <= s.count && Array(s[i..<(i + p.count)]) == p
  }

  static func index(of needle: String, in s: [UInt8], from: Int) -> Int? {
    var i = from
    while i < s.count {
      if starts(s, at: i, with: needle) { return i }
      i += 1
    }
    return nil
  }
}
