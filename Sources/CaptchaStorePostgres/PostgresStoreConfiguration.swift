/// Where the PostgreSQL challenge store connects and how long it waits. Built from a
/// `postgres://USER[:PASSWORD]@HOST[:PORT][/DB][?sslmode=disable|prefer|require]` URL with
/// `init(url:)`, or field by field.
public struct PostgresStoreConfiguration: Sendable, Equatable, CustomStringConvertible {
  /// Whether the connection is encrypted (the URL's `sslmode`).
  public enum TLSMode: String, Sendable, CaseIterable {
    /// Plain TCP.
    case disable
    /// TLS when the server offers it, plain TCP otherwise (PostgreSQL's default).
    case prefer
    /// TLS with a verified certificate, or no connection.
    case require
  }

  /// PostgreSQL's port when a URL names none.
  public static let defaultPort = 5432

  public var host: String
  public var port: Int
  public var username: String
  public var password: String?
  /// The database; PostgreSQL's rule applies when a URL names none: the user's name.
  public var database: String
  public var tls: TLSMode
  /// The longest one store call (`insert`, `take`, …) may take, waiting for a connection
  /// included, before it throws `ChallengeStoreUnavailable`: a dead database answers 503 quickly.
  public var requestTimeout: Duration
  /// The longest opening one TCP connection may take.
  public var connectTimeout: Duration
  /// Connections this store keeps open at most (per process).
  public var maximumConnections: Int

  public init(
    host: String, port: Int = defaultPort, username: String, password: String? = nil,
    database: String, tls: TLSMode = .prefer, requestTimeout: Duration = .seconds(2),
    connectTimeout: Duration = .seconds(1), maximumConnections: Int = 20
  ) {
    self.host = host
    self.port = port
    self.username = username
    self.password = password
    self.database = database
    self.tls = tls
    self.requestTimeout = requestTimeout
    self.connectTimeout = connectTimeout
    self.maximumConnections = maximumConnections
  }

  /// The server as `host:port/database`, for messages.
  public var serverName: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return "\(shownHost):\(port)/\(database)"
  }

  /// The URL without the password, for logs and messages.
  public var description: String {
    "postgres://\(username)@\(serverName)"
  }
}
