import CaptchaKit
import CaptchaService
import Foundation
import HTTPTypes
import Hummingbird

/// The `/v1/challenges` endpoints: issue, pictures, verify. Issue and verify are counted against
/// the client (its address, or X-Forwarded-For's from a trusted proxy) for the rate limit and the
/// proof-of-work level.
struct ChallengeRoutes {
  let service: ChallengeService
  let dev: Bool
  let proxies: TrustedProxies

  func add(to router: Router<ServeRequestContext>) {
    router.post("/v1/challenges") { request, context in try await issue(request, context) }
    router.get("/v1/challenges/:id/background") { request, context in
      try await picture(.background, request, context)
    }
    router.get("/v1/challenges/:id/piece") { request, context in try await picture(.piece, request, context) }
    router.post("/v1/challenges/:id/verify") { request, context in try await verify(request, context) }
  }

  func issue(_ request: Request, _ context: ServeRequestContext) async throws -> Response {
    let body = try await BodyDecoding.decode(IssueRequestBody.self, from: request)
    let origin = try PageOrigin(request)
    do {
      let issued = try await service.issue(
        kind: body.kind.map(ChallengeChoice.init(name:)), sitekey: body.sitekey, hostname: origin.hostname,
        client: client(request, context),
        automation: body.client?.webdriver ?? false)
      let inline = body.inlineImages == true ? InlineImages(accept: request.headers[.accept]) : nil
      return .json(try ChallengeJSON.value(issued, inlineImages: inline, dev: dev))
    } catch let error as ChallengeServiceError {
      if error.code == .hostnameNotAllowed { throw APIError(.forbidden, APIWording.text(error)) }
      throw APIError(.badRequest, APIWording.text(error))
    } catch let error as RateLimited {
      throw Self.tooManyRequests(error)
    } catch let error as ChallengeStoreUnavailable {
      throw Self.unavailable(error, context)
    }
  }

  /// A challenge's picture, in the format the client's `Accept` header allows (`PictureNegotiation`).
  func picture(_ which: ChallengePicture, _ request: Request, _ context: ServeRequestContext) async throws
    -> Response
  {
    let id = try context.parameters.require("id")
    do {
      guard let stored = try await service.picture(id: id, which) else {
        throw APIError(
          .notFound, "challenge \(id) has no \(which.rawValue): it is unknown, verified or expired")
      }
      let picture = try PictureNegotiation.deliverable(stored, accept: request.headers[.accept])
      return .body(picture.bytes, mediaType: picture.mediaType, headers: [.vary: "Accept"])
    } catch let error as ChallengeStoreUnavailable {
      throw Self.unavailable(error, context)
    }
  }

  /// Judges the answer and answers it; one `VerifyLog` line per request, whatever came of it.
  func verify(_ request: Request, _ context: ServeRequestContext) async throws -> Response {
    let id = try context.parameters.require("id")
    var taken: StoredChallenge?
    let outcome = try await VerifyLog.timing(
      "verify", client: ClientPrefix.of(client: client(request, context)), logger: context.logger,
      describe: { (Self.logResult($0), taken?.kind, taken?.sitekey) }
    ) {
      try await judge(id: id, request, context) { taken = $0 }
    }
    switch outcome {
    case .verdict(let verdict, let token):
      var members: [(String, JSONValue)] = [
        ("pass", .bool(verdict.passed)), ("reason", .string(verdict.reason)),
        ("reason_code", .string(verdict.code.rawValue)),
      ]
      if let token {
        members += [
          ("token", .string(token.text)), ("token_expires_at", .string(token.expiresAt.formatted(.iso8601))),
        ]
      }
      return .json(.object(members))
    case .alreadyVerified:
      throw APIError(.conflict, "challenge \(id) was already verified; each challenge verifies once")
    case .expired:
      throw APIError(.gone, "challenge \(id) has expired; fetch a new one")
    case .unknown:
      throw APIError(.notFound, "challenge \(id) is unknown (never issued, or expired and removed)")
    }
  }

  /// The outcome of verifying `id` with the request's answer and proof of work; `taken` is told the
  /// challenge.
  func judge(
    id: String, _ request: Request, _ context: ServeRequestContext, taken: (StoredChallenge) -> Void
  ) async throws -> VerifyOutcome {
    let body = try await BodyDecoding.decode(VerifyRequestBody.self, from: request, required: true)
    let response = try body.clientResponse()
    let report = try body.client?.report()
    do {
      return try await service.verify(
        id: id, response: response, pow: try body.powSolution(), client: client(request, context),
        report: report, taken: taken)
    } catch let error as ChallengeServiceError {
      throw APIError(.badRequest, APIWording.text(error) + " (this challenge is now used up)")
    } catch let error as RateLimited {
      throw Self.tooManyRequests(error)
    } catch let error as ChallengeStoreUnavailable {
      throw Self.unavailable(error, context)
    }
  }

  /// The log's result for a verify: pass, fail, or why it was refused.
  static func logResult(_ outcome: Result<VerifyOutcome, any Error>) -> String {
    switch outcome {
    case .success(.verdict(let verdict, _)): return verdict.passed ? "pass" : "fail"
    case .success(.alreadyVerified): return "already_verified"
    case .success(.expired): return "expired"
    case .success(.unknown): return "unknown"
    case .failure(let error as APIError) where error.status == .tooManyRequests: return "rate_limited"
    case .failure(let error as APIError) where error.status == .serviceUnavailable: return "unavailable"
    case .failure: return "bad_request"
    }
  }

  /// The client a request counts against: the peer, or from a trusted proxy X-Forwarded-For's.
  func client(_ request: Request, _ context: ServeRequestContext) -> ClientAddress? {
    let peer = context.remoteAddress?.ipAddress.flatMap(ClientAddress.init)
    return proxies.client(peer: peer, forwardedFor: request.headers[values: .xForwardedFor])
  }

  /// 429 with Retry-After: the client is over its rate limit.
  static func tooManyRequests(_ error: RateLimited) -> APIError {
    APIError(.tooManyRequests, error.description, headers: [.retryAfter: String(error.retryAfter)])
  }

  /// 503: the store cannot be reached; nothing passes. The store's own words go to the log only.
  static func unavailable(_ error: ChallengeStoreUnavailable, _ context: ServeRequestContext) -> APIError {
    context.logger.warning("challenge store unavailable", metadata: ["error": "\(error.description)"])
    return APIError(.serviceUnavailable, "the challenge store is unavailable; try again later")
  }
}

extension HTTPField.Name {
  /// `X-Forwarded-For`, read only from trusted proxies.
  static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
