import Hummingbird

/// The page a browser request comes from, read from its `Origin` header: the hostname, without the
/// port, that sites allow or refuse. No `Origin` (servers, curl) is the empty hostname; `null`
/// (a file or a sandboxed frame) is the hostname `null`, which only `*` allows.
struct PageOrigin: Equatable {
  /// The header as sent (what `Access-Control-Allow-Origin` repeats).
  var header: String?
  var hostname: String

  /// The origin of `request`; a 400 `APIError` when `Origin` is not `scheme://host[:port]`.
  init(_ request: Request) throws {
    guard let value = request.headers[.origin] else {
      self.header = nil
      self.hostname = ""
      return
    }
    guard let hostname = Self.hostname(of: value) else {
      throw APIError(.badRequest, "the Origin header \"\(value.prefix(100))\" is not scheme://host[:port]")
    }
    self.header = value
    self.hostname = hostname
  }

  /// `shop.example` for `https://shop.example:8443`; `[::1]` for `http://[::1]:80`; nil when `value`
  /// is not an origin.
  static func hostname(of value: String) -> String? {
    if value == "null" { return "null" }
    guard let schemeEnd = value.range(of: "://"), !value[..<schemeEnd.lowerBound].isEmpty else { return nil }
    var rest = value[schemeEnd.upperBound...]
    guard !rest.isEmpty, !rest.contains("/"), !rest.contains("@"), !rest.contains(" ") else { return nil }
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else { return nil }
      let after = rest[rest.index(after: close)...]
      guard after.isEmpty || (after.hasPrefix(":") && Int(after.dropFirst()) != nil) else { return nil }
      return String(rest[...close]).lowercased()
    }
    if let colon = rest.lastIndex(of: ":") {
      guard Int(rest[rest.index(after: colon)...]) != nil else { return nil }
      rest = rest[..<colon]
    }
    return rest.isEmpty ? nil : rest.lowercased()
  }
}
