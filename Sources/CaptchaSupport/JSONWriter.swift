/// A JSON value whose objects keep their keys in the order they were given, so that writing is
/// deterministic (answer.json's key order is part of what users see and diff).
public indirect enum JSONValue: Equatable, Sendable {
  case object([(String, JSONValue)])
  case array([JSONValue])
  case string(String)
  /// An integer, printed plainly (no exponent, no fraction).
  case int(Int64)
  /// An unsigned integer (seeds), printed plainly.
  case uint(UInt64)
  /// A finite number; integral values print without a fraction.
  case double(Double)
  case bool(Bool)
  case null

  public static func == (l: JSONValue, r: JSONValue) -> Bool {
    switch (l, r) {
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    case (.array(let a), .array(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.uint(let a), .uint(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.null, .null): return true
    default: return false
    }
  }
}

/// Writes `JSONValue`s as pretty-printed UTF-8 JSON: two-space indentation, one key per line,
/// keys in the given order, a trailing newline. Nested objects whose values are all scalars, with
/// at most `inlineLimit` keys and fitting in `inlineWidth` characters, are written on one line
/// (`{ "x": 0, "y": 51 }`), as in DESIGN.md.
public enum JSONWriter {
  /// Objects with at most this many scalar members are printed on one line.
  public static let inlineLimit = 4

  /// Inline objects longer than this many characters (with their indentation) are expanded.
  public static let inlineWidth = 100

  /// `{ "k": v, … }` on one line.
  private static func inline(_ members: [(String, JSONValue)]) -> String? {
    var out = "{ "
    for (i, (k, value)) in members.enumerated() {
      if i > 0 { out += ", " }
      out += quote(k) + ": "
      write(value, indent: 1, into: &out)
    }
    return out + " }"
  }

  /// The JSON text of `value`, ending with a newline.
  public static func string(_ value: JSONValue) -> String {
    var out = ""
    write(value, indent: 0, into: &out)
    out += "\n"
    return out
  }

  /// The UTF-8 bytes of `string(value)`.
  public static func bytes(_ value: JSONValue) -> [UInt8] { Array(string(value).utf8) }

  private static func isScalar(_ v: JSONValue) -> Bool {
    switch v {
    case .object, .array: return false
    default: return true
    }
  }

  private static func write(_ v: JSONValue, indent: Int, into out: inout String) {
    switch v {
    case .object(let members):
      if members.isEmpty {
        out += "{}"
      } else if indent > 0, members.count <= inlineLimit, members.allSatisfy({ isScalar($0.1) }),
        let line = inline(members), line.count + 2 * indent <= inlineWidth
      {
        out += line
      } else {
        let pad = String(repeating: "  ", count: indent + 1)
        out += "{\n"
        for (i, (k, value)) in members.enumerated() {
          out += pad + quote(k) + ": "
          write(value, indent: indent + 1, into: &out)
          out += i + 1 < members.count ? ",\n" : "\n"
        }
        out += String(repeating: "  ", count: indent) + "}"
      }
    case .array(let items):
      if items.isEmpty {
        out += "[]"
      } else {
        let pad = String(repeating: "  ", count: indent + 1)
        out += "[\n"
        for (i, item) in items.enumerated() {
          out += pad
          write(item, indent: indent + 1, into: &out)
          out += i + 1 < items.count ? ",\n" : "\n"
        }
        out += String(repeating: "  ", count: indent) + "]"
      }
    case .string(let s): out += quote(s)
    case .int(let n): out += String(n)
    case .uint(let n): out += String(n)
    case .double(let d):
      precondition(d.isFinite, "JSON numbers must be finite")
      if d == d.rounded() && abs(d) < 1e15 {
        out += String(Int64(d))
      } else {
        out += "\(d)"
      }
    case .bool(let b): out += b ? "true" : "false"
    case .null: out += "null"
    }
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  public static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 {
          let hex = String(u.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }
}
