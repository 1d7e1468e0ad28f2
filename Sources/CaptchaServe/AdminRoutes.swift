import CaptchaService
import Foundation
import HTTPTypes
import Hummingbird

/// The operator's endpoints, on only with an admin token (`serve --admin-token-file`): the report's
/// JSON at `/admin/v1/report?site=&since=&until=`. Each asks for `Authorization: Bearer <token>`
/// and answers 401 without it; without a token the routes do not exist (404).
struct AdminRoutes {
  let service: ChallengeService
  let token: AdminToken

  func add(to router: Router<ServeRequestContext>) {
    router.get("/admin/v1/report") { request, context in try await report(request, context) }
  }

  func report(_ request: Request, _ context: ServeRequestContext) async throws -> Response {
    try token.authorize(request)
    let query = request.uri.queryParameters
    let site = query["site"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
    do {
      let period = try AnalyticsPeriod.parse(
        since: query["since"].map(String.init).flatMap { $0.isEmpty ? nil : $0 },
        until: query["until"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }, now: service.now())
      return .json(try await service.report(sitekey: site, period: period).json)
    } catch let error as AnalyticsReportError {
      throw APIError(.badRequest, Self.text(error))
    } catch let error as ChallengeStoreUnavailable {
      throw ChallengeRoutes.unavailable(error, context)
    }
  }

  /// A report error in the words of the endpoint's query parameters.
  static func text(_ error: AnalyticsReportError) -> String {
    switch error {
    case .badSince(let text):
      return
        "\"since\" is \"\(text)\"; give a duration such as 24h, 7d, 30m or 90s, or a time such as 2026-12-06T10:00:00Z"
    case .badUntil(let text):
      return "\"until\" is \"\(text)\"; give a time such as 2026-12-06T10:00:00Z"
    case .emptyPeriod(let since, let until):
      return
        "the period is empty: \"since\" (\(AnalyticsReport.timeText(since))) must come before \"until\" (\(AnalyticsReport.timeText(until)))"
    case .unknownSite(let site):
      return "site \"\(site)\" is unknown here"
    }
  }
}

/// The admin token a request must carry (`Authorization: Bearer <token>`), compared in constant time.
public struct AdminToken: Sendable {
  private let bytes: [UInt8]

  /// The token; nil when it is empty (an admin token file must hold one).
  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    bytes = Array(trimmed.utf8)
  }

  /// Whether `candidate` is the token (time independent of where they differ).
  func matches(_ candidate: some Collection<UInt8>) -> Bool {
    var difference = UInt8(truncatingIfNeeded: candidate.count ^ bytes.count)
    for (index, byte) in candidate.enumerated() {
      difference |= byte ^ bytes[index % bytes.count]
    }
    return difference == 0
  }

  /// Throws a 401 `APIError` unless the request carries the token.
  func authorize(_ request: Request) throws {
    let header = request.headers[.authorization] ?? ""
    let prefix = "Bearer "
    guard header.hasPrefix(prefix), matches(Array(header.utf8.dropFirst(prefix.utf8.count))) else {
      throw APIError(
        .unauthorized, "this needs the admin token: send it as \"Authorization: Bearer <token>\"",
        headers: [.wwwAuthenticate: "Bearer"])
    }
  }
}
