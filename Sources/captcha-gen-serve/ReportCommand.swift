import ArgumentParser
import CaptchaArguments
import CaptchaKit
import CaptchaService
import CaptchaStorePostgres
import Foundation
import Logging

/// `captcha-gen report`: the funnel of a period (docs/analytics.md), read from the PostgreSQL store
/// serve instances share (`--store`) or from a running serve's admin endpoint (`--serve` with the
/// admin token), printed as a table or, with `--json`, as the report's JSON. captcha-gen hands it to
/// this binary (`captcha-gen-serve report …`), which links the PostgreSQL client.
struct ReportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "captcha-gen \(ReportSummary.commandName)",
    abstract: ReportSummary.abstract,
    discussion: """
      Counts are summed over every serve instance that shares the store; rows of the audience \
      automation are test keys' and clients that say they are driven by automation. Exit codes: \
      64 for bad options (an unknown site, a bad period), 69 when the store or serve cannot be \
      reached, 77 when serve refuses the admin token.
      """)

  /// sysexits' EX_UNAVAILABLE and EX_NOPERM.
  static let unavailableExitCode: Int32 = 69
  static let refusedExitCode: Int32 = 77

  @Option(
    help: ArgumentHelp(
      "The PostgreSQL store serve instances share (postgres://USER@HOST:PORT/DB), read directly.",
      valueName: "url"))
  var store: String?

  @Option(
    name: .customLong("serve"),
    help: ArgumentHelp(
      "A running serve to ask instead (http://HOST:PORT), through GET /admin/v1/report.", valueName: "url"))
  var serveURL: String?

  @Option(
    name: .customLong("admin-token-file"),
    help: ArgumentHelp("With --serve: the file holding serve's admin token.", valueName: "file"))
  var adminTokenFile: String?

  @Option(help: ArgumentHelp("One site's rows only (default: every site).", valueName: "sitekey"))
  var site: String?

  @Option(
    help: ArgumentHelp(
      "The period's start: a duration back from --until (24h, 7d, 30m, 90s) or a time (2026-12-06T10:00:00Z). (default: 24h)",
      valueName: "duration|time"))
  var since: String?

  @Option(help: ArgumentHelp("The period's end, a time (default: now).", valueName: "time"))
  var until: String?

  @Flag(help: "Print the report's JSON (one line) instead of a table.")
  var json = false

  @Option(help: ArgumentHelp("Seconds to wait for the store or serve.", valueName: "seconds"))
  var timeout = 10.0

  func validate() throws {
    switch (store, serveURL) {
    case (nil, nil): throw ValidationError("give --store postgres://… or --serve http://HOST:PORT")
    case (.some, .some): throw ValidationError("give --store or --serve, not both")
    case (nil, .some):
      guard adminTokenFile != nil else {
        throw ValidationError("--serve needs --admin-token-file, the file holding serve's admin token")
      }
      _ = try ServeTarget.parse(serveURL!)
    case (.some(let url), nil):
      if adminTokenFile != nil { throw ValidationError("--admin-token-file goes with --serve, not --store") }
      guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
        throw ValidationError(
          "--store \(url): a report reads the PostgreSQL store (postgres://USER@HOST:PORT/DB)")
      }
      do { _ = try PostgresStoreConfiguration(url: url) } catch { throw ValidationError("--store: \(error)") }
    }
    guard timeout > 0 else { throw ValidationError("--timeout \(timeout) must be more than 0 seconds") }
  }

  func run() async throws {
    let period = try reportingErrors { try Self.period(since: since, until: until) }
    let text = try await (store != nil ? fromStore(period) : fromServe(period))
    if json {
      print(text)
    } else {
      print(try ReportTable.render(json: Data(text.utf8)), terminator: "")
    }
  }

  /// The period of `--since` and `--until`, or a usage error naming them.
  static func period(since: String?, until: String?) throws -> AnalyticsPeriod {
    do {
      return try AnalyticsPeriod.parse(since: since, until: until, now: Date())
    } catch let error as AnalyticsReportError {
      throw CaptchaError(.usage, text(error))
    }
  }

  /// A report error in the words of the command's options.
  static func text(_ error: AnalyticsReportError) -> String {
    switch error.code {
    case .badSince:
      return
        "--since \(error.refusedText ?? ""): give a duration such as 24h, 7d, 30m or 90s, or a time such as 2026-12-06T10:00:00Z or 2026-12-06T11:00:00+01:00"
    case .badUntil:
      return
        "--until \(error.refusedText ?? ""): give a time such as 2026-12-06T10:00:00Z or 2026-12-06T11:00:00+01:00"
    case .emptyPeriod:
      guard let period = error.emptyPeriod else { return error.description }
      return
        "the period is empty: --since (\(AnalyticsReport.timeText(period.since))) must come before --until (\(AnalyticsReport.timeText(period.until)))"
    case .unknownSite:
      return "--site \(error.sitekey ?? ""): no site of that key has ever been counted in this store"
    default:
      return error.description
    }
  }

  /// The report's JSON read from the store.
  func fromStore(_ period: AnalyticsPeriod) async throws -> String {
    var configuration = try PostgresStoreConfiguration(url: store!)
    configuration.requestTimeout = .milliseconds(Int64(timeout * 1000))
    var logger = Logger(label: "captcha-gen.report")
    logger.logLevel = .critical
    let postgres = PostgresChallengeStore(configuration: configuration, logger: logger)
    let result: Result<AnalyticsReport, any Error>
    do {
      result = .success(
        try await AnalyticsReport.read(from: postgres, sitekey: site, period: period, knownSites: nil))
    } catch {
      result = .failure(error)
    }
    await postgres.shutdown()
    switch result {
    case .success(let report): return JSONWriter.text(report.json, layout: .compact)
    case .failure(let error as AnalyticsReportError):
      printError("captcha-gen: " + Self.text(error))
      throw ExitCode(CaptchaError.Kind.usage.exitCode)
    case .failure(let error as ChallengeStoreUnavailable):
      printError("captcha-gen: the store cannot be read: \(error.description)")
      throw ExitCode(Self.unavailableExitCode)
    case .failure(let error): throw error
    }
  }

  /// The report's JSON from serve's admin endpoint.
  func fromServe(_ period: AnalyticsPeriod) async throws -> String {
    let target = try ServeTarget.parse(serveURL!)
    let token = try reportingErrors { try Self.readToken(adminTokenFile!) }
    var query = [
      ("since", AnalyticsReport.timeText(period.since)), ("until", AnalyticsReport.timeText(period.until)),
    ]
    if let site { query.append(("site", site)) }
    let path =
      target.pathPrefix + "/admin/v1/report?"
      + query.map { "\($0.0)=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
    let request = PlainHTTPGet(
      host: target.host, port: target.port, path: path, timeout: timeout,
      headers: [(name: "Authorization", value: "Bearer \(token)")], maxAnswerBytes: 64 << 20)
    let answer: PlainHTTPGet.Answer
    do {
      answer = try request.get()
    } catch {
      printError("captcha-gen: \(error.description)")
      throw ExitCode(Self.unavailableExitCode)
    }
    switch answer.status {
    case 200: return answer.body.trimmingCharacters(in: .whitespacesAndNewlines)
    case 401:
      printError("captcha-gen: \(serveURL!) refused the admin token of --admin-token-file \(adminTokenFile!)")
      throw ExitCode(Self.refusedExitCode)
    case 404:
      printError(
        "captcha-gen: \(serveURL!) has no report endpoint; start serve with --admin-token-file to turn it on")
      throw ExitCode(Self.unavailableExitCode)
    case 400:
      printError("captcha-gen: \(Self.errorSentence(answer.body))")
      throw ExitCode(CaptchaError.Kind.usage.exitCode)
    default:
      printError("captcha-gen: \(serveURL!) answered \(answer.status): \(Self.errorSentence(answer.body))")
      throw ExitCode(Self.unavailableExitCode)
    }
  }

  /// The admin token in `path` (one line), or an error naming the option.
  static func readToken(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CaptchaError(
        .missingInput, "--admin-token-file \(path): the file cannot be read (missing, or not allowed)")
    }
    let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty, !token.contains("\n") else {
      throw CaptchaError(.usage, "--admin-token-file \(path) must hold the token on one line")
    }
    return token
  }

  /// The sentence of serve's `{"error": "…"}` body (the body itself when it is not one).
  static func errorSentence(_ body: String) -> String {
    struct ErrorBody: Decodable { var error: String }
    return (try? JSONDecoder().decode(ErrorBody.self, from: Data(body.utf8)).error) ?? body
  }

  static func percentEncoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~:")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}

/// `--serve http://HOST:PORT[/PREFIX]`: where a running serve listens (plain HTTP).
struct ServeTarget: Equatable {
  var host: String
  var port: Int
  var pathPrefix: String

  static func parse(_ text: String) throws -> ServeTarget {
    guard let url = URLComponents(string: text), url.scheme == "http", let host = url.host, !host.isEmpty
    else {
      throw ValidationError(
        "--serve \(text): expected http://HOST:PORT (plain HTTP; ask a serve behind TLS from its own host, or use --store)"
      )
    }
    let path = url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path
    return ServeTarget(host: host, port: url.port ?? 80, pathPrefix: path)
  }
}
