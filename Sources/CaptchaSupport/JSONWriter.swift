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
  /// A number with a fixed count of decimals (reports); non-finite values are written as `null`.
  case fixed(Double, decimals: Int)
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
    case (.fixed(let a, let da), .fixed(let b, let db)):
      return da == db && JSONWriter.fixedText(a, da) == JSONWriter.fixedText(b, db)
    case (.bool(let a), .bool(let b)): return a == b
    case (.null, .null): return true
    default: return false
    }
  }
}

/// The project's one JSON writer. Keys keep the order they were given and numbers are formatted
/// without locale, so every file it writes is byte-identical from run to run.
///
/// Three layouts:
/// - `.answer` (answer.json, `--json`): two-space indentation, one key per line, except that nested
///   objects whose values are all scalars, with at most `inlineLimit` keys and fitting in
///   `inlineWidth` characters, are written on one line (`{ "x": 0, "y": 51 }`), as in DESIGN.md;
/// - `.indented` (compare reports): two-space indentation, one member per line;
/// - `.compact` (manifest lines): one line, no spaces.
public enum JSONWriter {
  /// How a value is laid out.
  public enum Layout: Sendable {
    case answer
    case indented
    case compact
  }

  /// Objects with at most this many scalar members are printed on one line (`.answer`).
  public static let inlineLimit = 4

  /// Inline objects longer than this many characters (with their indentation) are expanded.
  public static let inlineWidth = 100

  /// The JSON text of `value`, without a trailing newline.
  public static func text(_ value: JSONValue, layout: Layout) -> String {
    var out = ""
    write(value, layout: layout, indent: 0, into: &out)
    return out
  }

  /// The JSON text of `value` in the answer layout, ending with a newline.
  public static func string(_ value: JSONValue) -> String {
    text(value, layout: .answer) + "\n"
  }

  /// The UTF-8 bytes of `string(value)`.
  public static func bytes(_ value: JSONValue) -> [UInt8] { Array(string(value).utf8) }

  private static func isScalar(_ v: JSONValue) -> Bool {
    switch v {
    case .object, .array: return false
    default: return true
    }
  }

  /// `{ "k": v, … }` on one line, when the answer layout allows it.
  private static func inlined(_ members: [(String, JSONValue)], indent: Int) -> String? {
    guard indent > 0, members.count <= inlineLimit, members.allSatisfy({ isScalar($0.1) }) else { return nil }
    var out = "{ "
    for (i, (k, value)) in members.enumerated() {
      if i > 0 { out += ", " }
      out += quote(k) + ": "
      write(value, layout: .answer, indent: 1, into: &out)
    }
    out += " }"
    return out.count + 2 * indent <= inlineWidth ? out : nil
  }

  private static func write(_ v: JSONValue, layout: Layout, indent: Int, into out: inout String) {
    switch v {
    case .object(let members):
      if layout == .answer, let line = inlined(members, indent: indent) {
        out += line
      } else {
        writeContainer(
          count: members.count, open: "{", close: "}", layout: layout, indent: indent, into: &out
        ) { i, out in
          out += quote(members[i].0) + (layout == .compact ? ":" : ": ")
          write(members[i].1, layout: layout, indent: indent + 1, into: &out)
        }
      }
    case .array(let items):
      writeContainer(count: items.count, open: "[", close: "]", layout: layout, indent: indent, into: &out) {
        i, out in write(items[i], layout: layout, indent: indent + 1, into: &out)
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
    case .fixed(let d, let decimals): out += d.isFinite ? fixedText(d, decimals) : "null"
    case .bool(let b): out += b ? "true" : "false"
    case .null: out += "null"
    }
  }

  /// `count` members written by `member`, one per line (all on one line in the compact layout);
  /// `[]`/`{}` when empty.
  private static func writeContainer(
    count: Int, open: String, close: String, layout: Layout, indent: Int, into out: inout String,
    member: (Int, inout String) -> Void
  ) {
    guard count > 0 else {
      out += open + close
      return
    }
    let compact = layout == .compact
    let pad = String(repeating: "  ", count: indent + 1)
    out += open
    for i in 0..<count {
      if i > 0 { out += "," }
      if !compact { out += "\n" + pad }
      member(i, &out)
    }
    if !compact { out += "\n" + String(repeating: "  ", count: indent) }
    out += close
  }

  /// Fixed-point text with `decimals` digits after the point, without Foundation's
  /// locale-dependent formatters; `nan`, `inf`, `-inf` for non-finite values.
  public static func fixedText(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let frac = Int(scaled - Double(whole) * scale)
    var fracText = String(frac)
    while fracText.count < decimals { fracText = "0" + fracText }
    let sign = value < 0 && scaled != 0 ? "-" : ""
    return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fracText)"
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
