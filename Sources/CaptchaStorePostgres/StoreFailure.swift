import CaptchaService
import PostgresNIO

/// Turns whatever a PostgreSQL call threw into the one error a `ChallengeStore` throws when it
/// cannot serve: `ChallengeStoreUnavailable`, with a sentence naming the server and the cause
/// (never the password).
enum StoreFailure {
  /// `lastConnectionFailure`: why the newest connection attempt failed, if one did since the last
  /// successful call (it explains a timeout spent waiting for a connection).
  static func unavailable(
    _ error: any Error, server: PostgresStoreConfiguration, timeout: Duration,
    lastConnectionFailure: String?
  ) -> ChallengeStoreUnavailable {
    let cause = cause(error, timeout: timeout, lastConnectionFailure: lastConnectionFailure)
    return ChallengeStoreUnavailable(
      "The challenge store is unavailable: PostgreSQL at \(server.serverName) \(cause).")
  }

  private static func cause(_ error: any Error, timeout: Duration, lastConnectionFailure: String?)
    -> String
  {
    switch error {
    case is DeadlineExceeded:
      let why = lastConnectionFailure.map { " (last connection attempt: \($0))" } ?? ""
      return "did not answer within \(seconds(timeout))\(why)"
    case is CancellationError:
      return "was not asked: the request was cancelled"
    case let error as PSQLError:
      return cause(error)
    case let error as PostgresDecodingError:
      return "returned a column this store cannot read (\(error.columnName))"
    default:
      return "failed: \(error)"
    }
  }

  private static func cause(_ error: PSQLError) -> String {
    switch error.code {
    case .server:
      let message = error.serverInfo?[.message] ?? "no message"
      return "refused the request: \(message)"
    case .connectionError:
      return "could not be reached\(error.underlying.map { " (\($0))" } ?? "")"
    case .serverClosedConnection, .uncleanShutdown:
      return "closed the connection"
    case .poolClosed, .clientClosedConnection:
      return "is no longer in use: the store was shut down"
    case .sslUnsupported:
      return "does not offer TLS, which sslmode=require asks for"
    default:
      return "failed (\(error.code))"
    }
  }

  private static func seconds(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    let value = Double(whole) + Double(attoseconds) / 1e18
    return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
