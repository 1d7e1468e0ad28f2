import CaptchaService
import Foundation
import HTTPTypes
import Hummingbird

/// The operator's endpoints, on only with an admin token (`serve --admin-token-file`): the report's
/// JSON at `/admin/v1/report?site=&since=&until=` and the dashboard at `/admin/?site=&since=`. Each
/// asks for `Authorization: Bearer <token>` or the cookie the dashboard's sign-in form sets, and
/// answers 401 without it (the dashboard with its sign-in form); without a token the routes do not
/// exist (404). Pages carry a strict Content-Security-Policy.
struct AdminRoutes {
  let service: ChallengeService
  let token: AdminToken

  /// The cookie the sign-in form sets.
  static let cookieName = "captcha_gen_admin"
  /// What the dashboard's pages may load: their own stylesheet, nothing else, no script at all.
  static let contentSecurityPolicy =
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

  func add(to router: Router<ServeRequestContext>) {
    router.get("/admin/v1/report") { request, context in try await report(request, context) }
    router.get("/admin/") { request, context in try await dashboard(request, context) }
    router.get("/admin/dashboard.css") { _, _ in
      Response.body(Array(DashboardStyle.css.utf8), mediaType: "text/css; charset=utf-8")
    }
    router.post("/admin/login") { request, _ in try await login(request) }
    router.post("/admin/logout") { _, _ in
      Self.redirect(
        to: "/admin/", cookie: "\(Self.cookieName)=; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=0")
    }
  }

  /// The dashboard for the query's site and period, or the sign-in form (401) without the token.
  func dashboard(_ request: Request, _ context: ServeRequestContext) async throws -> Response {
    guard token.admits(request) else {
      return Self.page(DashboardPage.login(message: nil), status: .unauthorized)
    }
    let query = request.uri.queryParameters
    let site = query["site"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
    let since = query["since"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? "24h"
    do {
      let period = try AnalyticsPeriod.parse(since: since, until: nil, now: service.now())
      let (report, timeline) = try await service.timeline(sitekey: site, period: period)
      let content = DashboardPage.Content(
        report: report, timeline: timeline, sitekeys: service.sites.sites.map(\.sitekey), site: site,
        since: since)
      return Self.page(DashboardPage.html(content))
    } catch let error as AnalyticsReportError {
      throw APIError(.badRequest, Self.text(error))
    } catch let error as ChallengeStoreUnavailable {
      throw ChallengeRoutes.unavailable(error, context)
    }
  }

  /// The sign-in form's POST: the right token sets the cookie and goes to the dashboard; a wrong
  /// one gets the form again (401).
  func login(_ request: Request) async throws -> Response {
    let body = try await request.body.collect(upTo: 4096)
    let form = String(buffer: body)
    let value =
      form.split(separator: "&").compactMap { pair -> String? in
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == "token" else { return nil }
        return parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding
      }.first ?? ""
    guard token.matches(Array(value.trimmingCharacters(in: .whitespaces).utf8)) else {
      return Self.page(DashboardPage.login(message: "That is not the admin token."), status: .unauthorized)
    }
    let cookie =
      "\(Self.cookieName)=\(AdminToken.cookieValue(value.trimmingCharacters(in: .whitespaces))); Path=/admin; HttpOnly; SameSite=Strict"
    return Self.redirect(to: "/admin/", cookie: cookie)
  }

  static func page(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
    Response.body(
      Array(html.utf8), mediaType: "text/html; charset=utf-8", status: status,
      headers: [.contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff"])
  }

  static func redirect(to location: String, cookie: String? = nil) -> Response {
    var headers: HTTPFields = [.location: location]
    if let cookie { headers[.setCookie] = cookie }
    return Response.body([], mediaType: "text/plain", status: .seeOther, headers: headers)
  }

  func report(_ request: Request, _ context: ServeRequestContext) async throws -> Response {
    guard token.admits(request) else { throw AdminToken.unauthorized }
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
    switch error.code {
    case .badSince:
      return
        "\"since\" is \"\(error.refusedText ?? "")\"; give a duration such as 24h, 7d, 30m or 90s, or a time such as 2026-12-06T10:00:00Z or 2026-12-06T11:00:00+01:00"
    case .badUntil:
      return
        "\"until\" is \"\(error.refusedText ?? "")\"; give a time such as 2026-12-06T10:00:00Z or 2026-12-06T11:00:00+01:00"
    case .emptyPeriod:
      guard let period = error.emptyPeriod else { return error.description }
      return
        "the period is empty: \"since\" (\(AnalyticsReport.timeText(period.since))) must come before \"until\" (\(AnalyticsReport.timeText(period.until)))"
    case .unknownSite:
      return "site \"\(error.sitekey ?? "")\" is unknown here"
    default:
      return error.description
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

  /// Whether the request carries the token: `Authorization: Bearer <token>`, or the dashboard's
  /// cookie.
  func admits(_ request: Request) -> Bool {
    let header = request.headers[.authorization] ?? ""
    let prefix = "Bearer "
    if header.hasPrefix(prefix) { return matches(Array(header.utf8.dropFirst(prefix.utf8.count))) }
    for field in request.headers[values: .cookie] {
      for pair in field.split(separator: ";") {
        let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(
          String.init)
        if parts.count == 2, parts[0] == AdminRoutes.cookieName, let value = parts[1].removingPercentEncoding,
          matches(Array(value.utf8))
        {
          return true
        }
      }
    }
    return false
  }

  /// The 401 of a request without the token.
  static let unauthorized = APIError(
    .unauthorized, "this needs the admin token: send it as \"Authorization: Bearer <token>\"",
    headers: [.wwwAuthenticate: "Bearer"])

  /// The token as a cookie value (percent-encoded beyond letters, digits and `-._~`).
  static func cookieValue(_ token: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return token.addingPercentEncoding(withAllowedCharacters: allowed) ?? token
  }
}

extension HTTPField.Name {
  static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
}
