/// Why a PostgreSQL URL was refused; each description is one sentence that names the problem and
/// shows the URL without its password. A struct over a private list of reasons, so that a new
/// reason breaks no code that reads these (compare with the static members).
public struct PostgresURLError: Error, Equatable, Sendable, CustomStringConvertible {
  private enum Reason: Equatable, Sendable {
    case notPostgres(url: String)
    case missingUser(url: String)
    case missingHost(url: String)
    case badPort(url: String, port: String)
    case badEscape(url: String, part: String)
    case badDatabase(url: String, database: String)
    case unknownParameter(url: String, name: String)
    case badSSLMode(url: String, value: String)
  }

  private let reason: Reason

  private init(_ reason: Reason) { self.reason = reason }

  /// Neither `postgres://` nor `postgresql://`.
  public static func notPostgres(url: String) -> Self { Self(.notPostgres(url: url)) }
  /// No user before the `@`.
  public static func missingUser(url: String) -> Self { Self(.missingUser(url: url)) }
  /// No host.
  public static func missingHost(url: String) -> Self { Self(.missingHost(url: url)) }
  /// A port that is not a number from 1 to 65535.
  public static func badPort(url: String, port: String) -> Self { Self(.badPort(url: url, port: port)) }
  /// A broken %-escape in `part`.
  public static func badEscape(url: String, part: String) -> Self { Self(.badEscape(url: url, part: part)) }
  /// A database name with a `/`.
  public static func badDatabase(url: String, database: String) -> Self {
    Self(.badDatabase(url: url, database: database))
  }
  /// A query parameter other than sslmode.
  public static func unknownParameter(url: String, name: String) -> Self {
    Self(.unknownParameter(url: url, name: name))
  }
  /// An sslmode that is not one of `TLSMode`'s.
  public static func badSSLMode(url: String, value: String) -> Self {
    Self(.badSSLMode(url: url, value: value))
  }

  public var description: String {
    let form = "postgres://USER[:PASSWORD]@HOST[:PORT]/DB"
    switch reason {
    case .notPostgres(let url):
      return "The store URL '\(url)' is not a PostgreSQL URL; write \(form)."
    case .missingUser(let url):
      return "The PostgreSQL URL '\(url)' names no user; write \(form)."
    case .missingHost(let url):
      return "The PostgreSQL URL '\(url)' names no host; write \(form)."
    case .badPort(let url, let port):
      return "The PostgreSQL URL '\(url)' has port '\(port)'; a port is a number from 1 to 65535."
    case .badEscape(let url, let part):
      return "The PostgreSQL URL '\(url)' has a broken %-escape in '\(part)'; write %XX with two hex digits."
    case .badDatabase(let url, let database):
      return "The PostgreSQL URL '\(url)' has database '\(database)'; a database name has no '/'."
    case .unknownParameter(let url, let name):
      return "The PostgreSQL URL '\(url)' has parameter '\(name)'; the only parameter understood is sslmode."
    case .badSSLMode(let url, let value):
      let modes = PostgresStoreConfiguration.TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
      return "The PostgreSQL URL '\(url)' has sslmode '\(value)'; use one of \(modes)."
    }
  }
}

extension PostgresStoreConfiguration {
  /// Reads `postgres://USER[:PASSWORD]@HOST[:PORT][/DB][?sslmode=MODE]` (`postgresql://` too).
  /// User, password and database may be %-escaped; an IPv6 host goes in brackets. The timeouts and
  /// the connection limit keep their defaults.
  public init(url: String) throws(PostgresURLError) {
    let parts = try PostgresURLParts(url)
    let (username, password) = try parts.userAndPassword()
    let (host, port) = try parts.hostAndPort()
    let database = try parts.database() ?? username
    let tls = try parts.tlsMode()
    self.init(
      host: host, port: port, username: username, password: password, database: database, tls: tls)
  }
}

/// A PostgreSQL URL cut into its pieces, each read by one method.
private struct PostgresURLParts {
  /// The URL as messages show it: the password replaced by `***`.
  let shown: String
  var userInfo: Substring
  var hostPort: Substring
  var path: Substring?
  var query: Substring?

  init(_ url: String) throws(PostgresURLError) {
    let schemes = ["postgres://", "postgresql://"]
    guard let scheme = schemes.first(where: { url.hasPrefix($0) }) else {
      throw .notPostgres(url: Self.hidingPassword(url, afterScheme: nil))
    }
    shown = Self.hidingPassword(url, afterScheme: scheme)
    var rest = url.dropFirst(scheme.count)
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    if let slash = rest.firstIndex(of: "/") {
      path = rest[rest.index(after: slash)...]
      rest = rest[..<slash]
    }
    guard let at = rest.lastIndex(of: "@") else { throw .missingUser(url: shown) }
    userInfo = rest[..<at]
    hostPort = rest[rest.index(after: at)...]
  }

  func userAndPassword() throws(PostgresURLError) -> (String, String?) {
    let colon = userInfo.firstIndex(of: ":")
    let user = try decoded(userInfo[..<(colon ?? userInfo.endIndex)])
    guard !user.isEmpty else { throw .missingUser(url: shown) }
    guard let colon else { return (user, nil) }
    return (user, try decoded(userInfo[userInfo.index(after: colon)...]))
  }

  func hostAndPort() throws(PostgresURLError) -> (String, Int) {
    var host = hostPort
    var portText: Substring?
    if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
      let after = host[host.index(after: close)...]
      host = host[host.index(after: host.startIndex)..<close]
      if after.hasPrefix(":") { portText = after.dropFirst() }
    } else if let colon = host.lastIndex(of: ":") {
      portText = host[host.index(after: colon)...]
      host = host[..<colon]
    }
    guard !host.isEmpty else { throw .missingHost(url: shown) }
    guard let portText else { return (String(host), PostgresStoreConfiguration.defaultPort) }
    guard let port = Int(portText), (1...65535).contains(port) else {
      throw .badPort(url: shown, port: String(portText))
    }
    return (String(host), port)
  }

  func database() throws(PostgresURLError) -> String? {
    guard let path, !path.isEmpty else { return nil }
    let name = try decoded(path)
    guard !name.contains("/") else { throw .badDatabase(url: shown, database: name) }
    return name
  }

  func tlsMode() throws(PostgresURLError) -> PostgresStoreConfiguration.TLSMode {
    var mode = PostgresStoreConfiguration.TLSMode.prefer
    for pair in (query ?? "").split(separator: "&") {
      let (name, value) =
        pair.firstIndex(of: "=").map { (pair[..<$0], pair[pair.index(after: $0)...]) }
        ?? (pair, "")
      guard name == "sslmode" else { throw .unknownParameter(url: shown, name: String(name)) }
      guard let chosen = PostgresStoreConfiguration.TLSMode(rawValue: String(value)) else {
        throw .badSSLMode(url: shown, value: String(value))
      }
      mode = chosen
    }
    return mode
  }

  /// `%XX` escapes decoded as UTF-8.
  private func decoded(_ part: Substring) throws(PostgresURLError) -> String {
    var bytes: [UInt8] = []
    var utf8 = part.utf8[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      let hex = utf8.prefix(2)
      guard hex.count == 2, let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16) else {
        throw .badEscape(url: shown, part: String(part))
      }
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The URL with the password (between the user's `:` and the `@`) replaced by `***`.
  private static func hidingPassword(_ url: String, afterScheme scheme: String?) -> String {
    let authorityStart =
      scheme.map { url.index(url.startIndex, offsetBy: $0.count) }
      ?? url.range(of: "://")?.upperBound ?? url.startIndex
    let authorityEnd = url[authorityStart...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? url.endIndex
    let authority = url[authorityStart..<authorityEnd]
    guard let at = authority.lastIndex(of: "@"),
      let colon = authority[..<at].firstIndex(of: ":")
    else { return url }
    return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
  }
}
