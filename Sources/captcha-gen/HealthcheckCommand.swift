import ArgumentParser
import CaptchaArguments
import CaptchaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `captcha-gen healthcheck`: asks a running serve for `GET /healthz` and exits 0 when it answers
/// 200, 1 otherwise (Docker's HEALTHCHECK contract; the image has no curl). Host and port default
/// to serve's own settings from the environment, so in the image it asks the server that runs.
struct HealthcheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "healthcheck",
    abstract: "Ask a running serve whether it is healthy (GET /healthz); exit 0 if so, 1 if not.",
    discussion: """
      For Docker's HEALTHCHECK and other probes: prints one line and exits 0 when serve answers \
      200 (it can reach its challenge store), 1 when it answers anything else or nothing within \
      --timeout. Host and port default to \(ServeSummary.hostVariable) and \
      \(ServeSummary.portVariable) when set (serve's own settings), else \(ServeSummary.defaultHost) \
      and \(ServeSummary.defaultPort); a wildcard host (0.0.0.0, ::) is asked on loopback.
      """)

  /// Docker's exit status for "unhealthy".
  static let unhealthyExitCode: Int32 = 1

  @Option(help: "The host serve listens on.")
  var host: String?

  @Option(help: "The port serve listens on.")
  var port: Int?

  @Option(help: "Seconds to wait for the answer.")
  var timeout = 2.0

  func validate() throws {
    guard timeout > 0 else { throw ValidationError("--timeout \(timeout) must be more than 0 seconds") }
    if let port, !(1...65535).contains(port) {
      throw ValidationError("--port \(port) is out of range 1…65535")
    }
  }

  func run() throws {
    let target = try probeTarget()
    let probe = PlainHTTPGet(host: target.host, port: target.port, path: "/healthz", timeout: timeout)
    do {
      let answer = try probe.get()
      let summary = "\(answer.status) \(answer.body.trimmingTrailingSpace)"
      guard answer.status == 200 else {
        printError("captcha-gen: unhealthy: \(target.host):\(target.port) answered \(summary)")
        throw ExitCode(Self.unhealthyExitCode)
      }
      _ = writeAll(fd: 1, Array("healthy: \(target.host):\(target.port) answered \(summary)\n".utf8))
    } catch let failure as PlainHTTPGet.Failure {
      printError("captcha-gen: unhealthy: \(failure.description)")
      throw ExitCode(Self.unhealthyExitCode)
    }
  }

  /// The host and port to ask: the options, else serve's variables, else serve's defaults.
  func probeTarget() throws -> (host: String, port: Int) {
    let environmentPort = Self.environment(ServeSummary.portVariable)
    let port =
      try self.port ?? environmentPort.map { text in
        guard let value = Int(text), (1...65535).contains(value) else {
          throw ValidationError("\(ServeSummary.portVariable) '\(text)' is not a port from 1 to 65535")
        }
        return value
      } ?? ServeSummary.defaultPort
    let host = self.host ?? Self.environment(ServeSummary.hostVariable) ?? ServeSummary.defaultHost
    return (Self.loopback(for: host), port)
  }

  /// The loopback address of a wildcard host's family; any other host unchanged.
  static func loopback(for host: String) -> String {
    switch host {
    case "0.0.0.0", "": return "127.0.0.1"
    case "::", "[::]": return "::1"
    default: return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
  }

  /// A variable's value when it is set and not empty.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
  }
}

extension String {
  /// The text without trailing spaces and line breaks.
  fileprivate var trimmingTrailingSpace: String {
    var text = Substring(self)
    while let last = text.last, last == " " || last == "\n" || last == "\r" { text = text.dropLast() }
    return String(text)
  }
}
