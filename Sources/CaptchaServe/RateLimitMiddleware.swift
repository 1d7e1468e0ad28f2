import Hummingbird
import NIOCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Applies the per-client `RateLimiter` to the POST endpoints of the widget (issuing and
/// verifying); over the limit a client gets 429 with a JSON error and `Retry-After`. siteverify is
/// not limited: a site's backend sends all its visitors' tokens from one address, with a secret.
struct RateLimitMiddleware: RouterMiddleware {
  typealias Context = ServeRequestContext
  let limiter: RateLimiter

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .post, request.uri.path != "/v1/siteverify" else {
      return try await next(request, context)
    }
    let client = context.remoteAddress?.ipAddress ?? "unknown"
    if let wait = limiter.admit(client, now: Date().timeIntervalSince1970) {
      throw APIError(
        .tooManyRequests,
        "too many requests from \(client): the limit is \(limiter.perMinute) per minute; retry in \(wait) s",
        headers: [.retryAfter: String(wait)])
    }
    return try await next(request, context)
  }
}
