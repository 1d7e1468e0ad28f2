import CaptchaService
import CaptchaSupport
import Hummingbird

/// `POST /v1/siteverify`: a site's backend checks a pass token, once (DESIGN.md "Sites and pass
/// tokens"). Every answer has Turnstile's shape, `{success, error-codes, …}`; a refusal also says
/// why in `error`, one sentence. No CORS: it is for servers.
struct SiteverifyRoutes {
  let service: ChallengeService

  func add(to router: Router<ServeRequestContext>) {
    router.post("/v1/siteverify") { request, context in try await siteverify(request, context) }
  }

  /// Checks the token and answers; one `VerifyLog` line per request: `pass` with the token's kind
  /// and site, or the refusal's error code.
  func siteverify(_ request: Request, _ context: ServeRequestContext) async throws -> Response {
    var facts: (result: String, kind: String?, site: String?) = ("bad_request", nil, nil)
    return try await VerifyLog.timing(
      "siteverify", client: ClientPrefix.of(context.remoteAddress), logger: context.logger,
      describe: { _ in facts }
    ) {
      try await answer(request, context) { facts = $0 }
    }
  }

  /// The answer to a siteverify request; `report` is told what to log.
  func answer(
    _ request: Request, _ context: ServeRequestContext,
    report: ((result: String, kind: String?, site: String?)) -> Void
  ) async throws -> Response {
    let body: SiteverifyBody
    do {
      body = try await SiteverifyBody.read(request)
    } catch let error as SiteverifyBody.Unreadable {
      return Self.failure(.badRequest, error.message, status: .badRequest)
    }
    let result: SiteverifyResult
    do {
      result = try await service.siteverify(
        secret: body.secret, response: body.response, idempotencyKey: body.idempotencyKey)
    } catch let error as ChallengeStoreUnavailable {
      context.logger.warning("pass token store unavailable", metadata: ["error": "\(error.description)"])
      report(("unavailable", nil, nil))
      return Self.failure(
        .internalError, "the token store is unavailable; the token was not checked, try again later",
        status: .serviceUnavailable)
    }
    switch result {
    case .success(let claims):
      report(("pass", claims.kind, claims.sitekey))
      return .json(
        .object([
          ("success", .bool(true)),
          ("challenge_ts", .string(claims.challengeTS.formatted(.iso8601))),
          ("hostname", .string(claims.hostname)),
          ("kind", .string(claims.kind)),
          ("sitekey", .string(claims.sitekey)),
          ("error-codes", .array([])),
        ]))
    case .failure(let refusal):
      report((refusal.code.rawValue, nil, nil))
      let status: HTTPResponse.Status = refusal.reason == .oversizedResponse ? .badRequest : .ok
      return Self.failure(refusal.code, Self.sentence(refusal), status: status)
    }
  }

  static func failure(_ code: SiteverifyErrorCode, _ sentence: String, status: HTTPResponse.Status)
    -> Response
  {
    .json(
      .object([
        ("success", .bool(false)), ("error-codes", .array([.string(code.rawValue)])),
        ("error", .string(sentence)),
      ]), status: status)
  }

  /// A refusal in words, using the body's field names.
  static func sentence(_ refusal: SiteverifyRefusal) -> String {
    switch refusal.reason {
    case .noSecret: return "\"secret\" is missing: send the site's secret"
    case .unknownSecret: return "\"secret\" is not the secret of any site served here"
    case .noResponse: return "\"response\" is missing: send the token the widget put into the form"
    case .oversizedResponse:
      return
        "\"response\" is \(refusal.responseLength ?? 0) bytes long; a token is at most \(PassToken.maxLength)"
    case .malformedResponse: return "\"response\" is not a pass token"
    case .unknownToken: return "this pass token is unknown (never issued, or expired and removed)"
    case .otherSite: return "this pass token belongs to another site"
    case .used: return "this pass token was already checked; each token checks once"
    case .expired: return "this pass token has expired"
    case .testKeyAlwaysFails: return "this is the test secret that always fails"
    default: return refusal.description
    }
  }
}
