import Logging
import Synchronization

/// Why the newest attempt to open a connection failed. postgres-nio's pool retries a failing server
/// in the background and reports each failure only to its background logger, while a waiting call
/// just waits; this log handler listens there, so a call that timed out can say "connection refused"
/// or "database "x" does not exist" instead of only "did not answer". Cleared once a call succeeds.
final class ConnectionFailureLog: Sendable {
  private let newest = Mutex<String?>(nil)

  var reason: String? { newest.withLock { $0 } }

  func clear() {
    newest.withLock { $0 = nil }
  }

  /// A logger for postgres-nio that records connection failures and passes every message on to
  /// `upstream` as before.
  func listening(to upstream: Logger) -> Logger {
    Logger(label: upstream.label) { _ in
      RecordingHandler(upstream: upstream.handler, forwardLevel: upstream.logLevel, failures: self)
    }
  }

  fileprivate func record(postgresError text: String) {
    newest.withLock { $0 = Self.reason(fromDebugText: text) }
  }

  /// The server's own message (`message: …` in a server error), or the connection error's cause.
  static func reason(fromDebugText text: String) -> String {
    if let start = text.range(of: "message: ") {
      let rest = text[start.upperBound...]
      let end = rest.range(of: ", routine: ")?.lowerBound ?? rest.firstIndex(of: "]") ?? rest.endIndex
      return String(rest[..<end])
    }
    if text.contains("Connection refused") { return "connection refused" }
    if text.contains("connectTimeout") || text.contains("timedOut") { return "the connection timed out" }
    if text.contains("NXDOMAIN") || text.contains("unknown host") || text.contains("getaddrinfo") {
      return "the host name does not resolve"
    }
    return "could not connect"
  }
}

/// Forwards to the upstream handler; records postgres-nio's "Connection creation failed" errors.
private struct RecordingHandler: LogHandler {
  /// postgres-nio logs connection failures at this level.
  static let recordedLevel = Logger.Level.info

  var upstream: any LogHandler
  /// The level from which messages reach `upstream` (its own level); lower ones are only recorded.
  var forwardLevel: Logger.Level
  let failures: ConnectionFailureLog

  var metadata: Logger.Metadata {
    get { upstream.metadata }
    set { upstream.metadata = newValue }
  }

  var metadataProvider: Logger.MetadataProvider? {
    get { upstream.metadataProvider }
    set { upstream.metadataProvider = newValue }
  }

  var logLevel: Logger.Level {
    get { min(forwardLevel, Self.recordedLevel) }
    set { forwardLevel = newValue }
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { upstream[metadataKey: key] }
    set { upstream[metadataKey: key] = newValue }
  }

  func log(event: LogEvent) {
    if event.message.description == "Connection creation failed",
      let error = event.metadata?["psql_error"]
    {
      failures.record(postgresError: "\(error)")
    }
    if event.level >= forwardLevel { upstream.log(event: event) }
  }
}
