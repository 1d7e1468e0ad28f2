/// A small JSON value with ordered object keys, so reports and manifests come out byte-identical
/// from run to run (no dictionary order, no locale-dependent number formatting).
enum ReportJSON: Equatable {
  case string(String)
  case int(Int)
  /// A number written with a fixed count of decimals; non-finite values are written as `null`.
  case number(Double, decimals: Int)
  case bool(Bool)
  case null
  case array([ReportJSON])
  case object([(String, ReportJSON)])

  static func == (l: ReportJSON, r: ReportJSON) -> Bool { l.compact == r.compact }

  /// One line, no spaces.
  var compact: String {
    var s = ""
    write(into: &s, indent: nil, level: 0)
    return s
  }

  /// Indented by two spaces per level.
  var pretty: String {
    var s = ""
    write(into: &s, indent: "  ", level: 0)
    return s
  }

  private func write(into s: inout String, indent: String?, level: Int) {
    switch self {
    case .string(let v): Self.quote(v, into: &s)
    case .int(let v): s += String(v)
    case .number(let v, let d): s += v.isFinite ? formatFixed(v, d) : "null"
    case .bool(let v): s += v ? "true" : "false"
    case .null: s += "null"
    case .array(let items):
      writeContainer(items.map { (nil, $0) }, open: "[", close: "]", into: &s, indent: indent, level: level)
    case .object(let fields):
      writeContainer(
        fields.map { ($0.0, $0.1) }, open: "{", close: "}", into: &s, indent: indent, level: level)
    }
  }

  private func writeContainer(
    _ items: [(String?, ReportJSON)], open: String, close: String, into s: inout String, indent: String?,
    level: Int
  ) {
    s += open
    if items.isEmpty {
      s += close
      return
    }
    for (n, (key, value)) in items.enumerated() {
      if n > 0 { s += "," }
      if let indent { s += "\n" + String(repeating: indent, count: level + 1) }
      if let key {
        Self.quote(key, into: &s)
        s += indent == nil ? ":" : ": "
      }
      value.write(into: &s, indent: indent, level: level + 1)
    }
    if let indent { s += "\n" + String(repeating: indent, count: level) }
    s += close
  }

  static func quote(_ v: String, into s: inout String) {
    s += JSONWriter.quote(v)
  }
}
