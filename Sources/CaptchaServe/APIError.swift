import CaptchaSupport
import Hummingbird

/// An error answered as JSON, `{"error": "one sentence saying what is wrong"}`, with its status.
/// Every 4xx and 5xx response of `serve` has this body.
public struct APIError: HTTPResponseError, Equatable {
  public var status: HTTPResponse.Status
  public var message: String
  /// Extra headers (Retry-After on 429).
  public var headers: HTTPFields

  public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
    self.status = status
    self.message = message
    self.headers = headers
  }

  public func response(from request: Request, context: some RequestContext) throws -> Response {
    jsonResponse
  }

  /// The error as a JSON response.
  public var jsonResponse: Response {
    Response.json(.object([("error", .string(message))]), status: status, headers: headers)
  }
}

extension Response {
  /// A JSON response of `value` (compact, UTF-8).
  static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:])
    -> Response
  {
    body(
      Array(JSONWriter.text(value, layout: .compact).utf8), mediaType: "application/json", status: status,
      headers: headers)
  }

  /// A response of `bytes` with the given media type.
  static func body(
    _ bytes: [UInt8], mediaType: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
  ) -> Response {
    var fields = headers
    fields[.contentType] = mediaType
    fields[.cacheControl] = "no-store"
    return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
