import CaptchaService
import Logging
import NIOCore

/// The one log line each verify and each siteverify writes, for an operator to count passes and
/// fails per kind and site, spot a client hammering, and see latency:
/// `verify endpoint=verify result=pass kind=slide site=default client=203.0.113.0/24 latency_ms=0.84`.
/// It never holds an id, a token, a secret, an answer or a full client address.
public struct VerifyLogEntry: Sendable, Equatable {
  /// The endpoint: `verify` or `siteverify`.
  public var endpoint: String
  /// What came of it: `pass`, `fail`, or a refusal (verify: `unknown`, `expired`,
  /// `already_verified`, `bad_request`, `rate_limited`, `unavailable`; siteverify: its error code, such as
  /// `timeout-or-duplicate`).
  public var result: String
  /// The challenge's kind, when the challenge was found.
  public var kind: String?
  /// The site (its site key), where known.
  public var site: String?
  /// The client's network (`ClientPrefix`), never its full address.
  public var client: String
  /// Seconds from the request's arrival at the route to its answer.
  public var latency: Double

  public init(
    endpoint: String, result: String, kind: String? = nil, site: String? = nil, client: String,
    latency: Double
  ) {
    self.endpoint = endpoint
    self.result = result
    self.kind = kind
    self.site = site
    self.client = client
    self.latency = latency
  }

  /// The entry as log metadata, in a fixed set of keys.
  public var metadata: Logger.Metadata {
    var fields: Logger.Metadata = [
      "endpoint": "\(endpoint)", "result": "\(result)", "client": "\(client)",
      "latency_ms": "\(VerifyLog.milliseconds(latency))",
    ]
    if let kind { fields["kind"] = "\(kind)" }
    if let site { fields["site"] = "\(site)" }
    return fields
  }
}

/// Writes `VerifyLogEntry` lines; the shared helper of every endpoint that judges an answer.
public enum VerifyLog {
  /// The log message of every entry (the fields are in the metadata).
  public static let message: Logger.Message = "verify"

  /// Logs `entry` at info level.
  public static func record(_ entry: VerifyLogEntry, to logger: Logger) {
    logger.info(message, metadata: entry.metadata)
  }

  /// Times `body` and logs one entry for it: `describe` turns its outcome (a value or an error)
  /// into the result, kind and site. The error, if any, is rethrown.
  /// `client` is the network the line names (`ClientPrefix`).
  public static func timing<T>(
    _ endpoint: String, client: String, logger: Logger,
    describe: (Result<T, any Error>) -> (result: String, kind: String?, site: String?),
    _ body: () async throws -> T
  ) async throws -> T {
    let started = ContinuousClock.now
    let outcome: Result<T, any Error>
    do {
      outcome = .success(try await body())
    } catch {
      outcome = .failure(error)
    }
    let (result, kind, site) = describe(outcome)
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    record(
      VerifyLogEntry(
        endpoint: endpoint, result: result, kind: kind, site: site, client: client,
        latency: seconds),
      to: logger)
    return try outcome.get()
  }

  /// Milliseconds with two decimals, as text.
  static func milliseconds(_ seconds: Double) -> String {
    let hundredths = Int((seconds * 100_000).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

/// A client's network for logs: the /24 of an IPv4 address, the /48 of an IPv6 one, so lines can
/// be grouped by network without keeping who the person was.
public enum ClientPrefix {
  /// `203.0.113.0/24`, `2001:db8:1::/48`, or `unknown` when there is no IP address.
  public static func of(_ address: SocketAddress?) -> String {
    guard let address, let ip = address.ipAddress else { return "unknown" }
    return of(ip: ip)
  }

  /// The prefix of the client a request counts against (the peer, or the address a trusted proxy
  /// forwarded: `--trust-proxy`).
  public static func of(client: ClientAddress?) -> String {
    guard let client else { return "unknown" }
    return of(ip: client.description)
  }

  /// The prefix of an address written as text (IPv4 dotted, or IPv6 in any form NIO accepts).
  public static func of(ip: String) -> String {
    guard let address = try? SocketAddress(ipAddress: ip, port: 0) else { return "unknown" }
    switch address {
    case .v4(let v4):
      let host = UInt32(bigEndian: v4.address.sin_addr.s_addr)
      return "\(host >> 24).\((host >> 16) & 0xff).\((host >> 8) & 0xff).0/24"
    case .v6(let v6):
      var bytes = [UInt8](repeating: 0, count: 16)
      withUnsafeBytes(of: v6.address.sin6_addr) { raw in
        for i in 0..<16 { bytes[i] = raw[i] }
      }
      if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
        return "\(bytes[12]).\(bytes[13]).\(bytes[14]).0/24"
      }
      let groups = (0..<3).map { String(UInt16(bytes[2 * $0]) << 8 | UInt16(bytes[2 * $0 + 1]), radix: 16) }
      return groups.joined(separator: ":") + "::/48"
    default:
      return "unknown"
    }
  }
}
