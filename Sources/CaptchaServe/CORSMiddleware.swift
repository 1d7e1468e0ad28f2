import CaptchaService
import Hummingbird

/// CORS for the widget's endpoints (`/v1/challenges…`), so a page on another origin than the
/// server can use them: a preflight (which names no site) is answered for an origin some site
/// allows, and responses name that origin in `Access-Control-Allow-Origin`, never `*`. Every other
/// origin gets no CORS header (a preflight gets 403 and a sentence). Whether a request's own site
/// allows its page is the endpoint's check: its 403 carries no CORS header either, so no answer
/// names a page its site does not allow, even beside a site that allows any page (the widget
/// tells such a page apart by the server answering at all). No credentials are allowed.
/// `/v1/siteverify` is for servers: no CORS at all.
struct CORSMiddleware: RouterMiddleware {
  typealias Context = ServeRequestContext
  let sites: SiteRegistry

  /// How long a browser may keep a preflight's answer.
  static let maxAgeSeconds = 600
  static let pathPrefix = "/v1/challenges"

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.uri.path.hasPrefix(Self.pathPrefix), let header = request.headers[.origin] else {
      return try await next(request, context)
    }
    let hostname = PageOrigin.hostname(of: header)
    let allowed = hostname.map { sites.someSiteAllows($0) } ?? false
    if request.method == .options {
      guard hostname != nil else {
        return APIError(
          .badRequest, "the Origin header \"\(header.prefix(100))\" is not scheme://host[:port]"
        )
        .jsonResponse
      }
      let method = request.headers[.accessControlRequestMethod]
      guard method == "GET" || method == "POST" else {
        return APIError(.badRequest, "a preflight here asks for GET or POST (Access-Control-Request-Method)")
          .jsonResponse
      }
      guard allowed else {
        return APIError(.forbidden, "no site served here allows pages on \(header.prefix(100))").jsonResponse
      }
      var headers = corsHeaders(header)
      headers[.accessControlAllowMethods] = "GET, POST"
      headers[.accessControlAllowHeaders] = "Content-Type"
      headers[.accessControlMaxAge] = String(Self.maxAgeSeconds)
      return Response(status: .noContent, headers: headers)
    }
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as APIError {
      response = error.jsonResponse
    }
    if allowed, response.status != .forbidden { response.headers.append(contentsOf: corsHeaders(header)) }
    return response
  }

  func corsHeaders(_ origin: String) -> HTTPFields {
    [.accessControlAllowOrigin: origin, .vary: "Origin"]
  }
}
