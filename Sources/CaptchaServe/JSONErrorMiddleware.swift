import Hummingbird
import Logging

/// Turns every error into a JSON error response: `APIError` as it is, Hummingbird's own errors
/// (no such route, body too large) with a sentence for their status, anything else as a 500 that
/// is logged (its details stay in the log).
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as APIError {
      return error.jsonResponse
    } catch let error as any HTTPResponseError {
      return APIError(error.status, Self.sentence(for: error.status, request: request)).jsonResponse
    } catch {
      context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
      return APIError(.internalServerError, "the server failed to answer this request; see its log")
        .jsonResponse
    }
  }

  /// A sentence for a status Hummingbird raised itself.
  static func sentence(for status: HTTPResponse.Status, request: Request) -> String {
    switch status {
    case .notFound: return "no such endpoint: \(request.method) \(request.uri.path)"
    case .contentTooLarge: return "the request body is larger than \(ServeLimits.maxBodyBytes) bytes"
    default: return "the request failed: \(status.reasonPhrase.lowercased())"
    }
  }
}

/// Limits on what a request may send.
enum ServeLimits {
  /// The largest request body read (a drag track of `DragTrack.maxSamples` samples fits).
  static let maxBodyBytes = 1 << 20
}
