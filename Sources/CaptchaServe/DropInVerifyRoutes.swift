import CaptchaService
import CaptchaSupport
import Foundation
import Hummingbird

/// The siteverify of Turnstile (`POST /turnstile/v0/siteverify`), hCaptcha (`POST /siteverify`) and
/// reCAPTCHA (`POST|GET /recaptcha/api/siteverify`), each in its service's shape (`DropInShape`),
/// so a site's existing library only changes its verify URL. Every answer is HTTP 200, as the
/// services' are: a library reads `success` and the error codes. The token rules are
/// `/v1/siteverify`'s. No CORS: they are for servers.
struct DropInVerifyRoutes {
  let service: ChallengeService

  func add(to router: Router<ServeRequestContext>) {
    for shape in DropInShape.allCases {
      router.post(RouterPath(shape.verifyPath)) { request, context in
        try await siteverify(shape, request, context)
      }
      if shape.acceptsQuery {
        router.get(RouterPath(shape.verifyPath)) { request, context in
          try await siteverify(shape, request, context)
        }
      }
    }
  }

  /// Checks the token and answers; one `VerifyLog` line per request, as `/v1/siteverify` writes.
  func siteverify(_ shape: DropInShape, _ request: Request, _ context: ServeRequestContext) async throws
    -> Response
  {
    var facts: (result: String, kind: String?, site: String?) = ("bad-request", nil, nil)
    return try await VerifyLog.timing(
      "siteverify", client: ClientPrefix.of(context.remoteAddress), logger: context.logger,
      describe: { _ in facts }
    ) {
      let answer = await answer(shape, request, context) { facts = $0 }
      return .json(answer)
    }
  }

  /// The answer's JSON, in the service's shape; `report` is told what to log.
  func answer(
    _ shape: DropInShape, _ request: Request, _ context: ServeRequestContext,
    report: ((result: String, kind: String?, site: String?)) -> Void
  ) async -> JSONValue {
    let body: SiteverifyBody
    do {
      body = try await Self.read(shape, request)
    } catch let error as SiteverifyBody.Unreadable {
      return refuse(shape, .unreadable(error.message), report)
    } catch {
      return refuse(shape, .unreadable("the body could not be read"), report)
    }
    if shape.checksSitekey, let sitekey = body.sitekey, let secret = body.secret,
      let site = service.sites.site(secret: secret, now: Date()), site.sitekey != sitekey
    {
      return refuse(shape, .sitekeyMismatch, report)
    }
    let (token, labels) = DropInLabels.split(body.response)
    let result: SiteverifyResult
    do {
      result = try await service.siteverify(
        secret: body.secret, response: token,
        idempotencyKey: shape.readsIdempotencyKey ? body.idempotencyKey : nil)
    } catch let error as ChallengeStoreUnavailable {
      context.logger.warning("pass token store unavailable", metadata: ["error": "\(error.description)"])
      return refuse(shape, .storeUnavailable, report)
    } catch {
      return refuse(shape, .storeUnavailable, report)
    }
    switch result {
    case .success(let claims):
      report(("pass", claims.kind, claims.sitekey))
      return shape.success(claims, labels: labels)
    case .failure(let refusal):
      let code = shape.code(refusal)
      report((code, nil, nil))
      return shape.failure(code: code, sentence: SiteverifyRoutes.sentence(refusal))
    }
  }

  func refuse(
    _ shape: DropInShape, _ problem: DropInProblem,
    _ report: ((result: String, kind: String?, site: String?)) -> Void
  ) -> JSONValue {
    let code = shape.code(problem)
    report((code, nil, nil))
    return shape.failure(code: code, sentence: problem.sentence)
  }

  /// The request's fields: reCAPTCHA's from the query when it holds `secret` or `response` (a GET,
  /// or a POST of an old client), otherwise the body, JSON or a form, as `/v1/siteverify` reads it.
  static func read(_ shape: DropInShape, _ request: Request) async throws -> SiteverifyBody {
    if shape.acceptsQuery, let query = request.uri.query, !query.isEmpty {
      guard let fields = SiteverifyBody.formFields(query) else {
        throw SiteverifyBody.Unreadable(message: "the query is not name=value pairs in form encoding")
      }
      if fields["secret"] != nil || fields["response"] != nil { return SiteverifyBody(fields) }
    }
    if request.method == .get {
      throw SiteverifyBody.Unreadable(message: "a GET carries its fields in the query: secret and response")
    }
    return try await SiteverifyBody.read(request)
  }
}
