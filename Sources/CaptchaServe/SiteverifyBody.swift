import Foundation
import Hummingbird

/// A `POST /v1/siteverify` body, as Turnstile's: `{secret, response, remoteip?, idempotency_key?}`
/// as JSON or as `application/x-www-form-urlencoded`. A body that is neither, or a field of the
/// wrong type, is a `SiteverifyBody.Unreadable` with a sentence (answered 400 `bad-request`).
struct SiteverifyBody: Equatable {
  var secret: String?
  var response: String?
  /// Accepted as Turnstile's is; not compared with anything (docs/serving.md says so).
  var remoteIP: String?
  var idempotencyKey: String?
  /// hCaptcha's optional site key, checked against the secret's site on `/siteverify` only.
  var sitekey: String?

  /// The largest body read: a 2048-character token, a secret and the other fields fit many times.
  static let maxBytes = 16 * 1024
  /// The longest idempotency key kept (a UUID is 36).
  static let maxIdempotencyKeyLength = 256

  /// Why a body could not be read, in one sentence.
  struct Unreadable: Error, Equatable {
    var message: String
  }

  static func read(_ request: Request) async throws -> SiteverifyBody {
    if let query = request.uri.query, Self.formFields(query)?["secret"] != nil {
      throw Unreadable(
        message: "the secret belongs in the body, not in the URL (URLs are logged); make a new secret")
    }
    let bytes: [UInt8]
    do {
      bytes = Array(buffer: try await request.body.collect(upTo: maxBytes))
    } catch {
      throw Unreadable(message: "the body is larger than \(maxBytes) bytes")
    }
    let mediaType = request.headers[.contentType]?.split(separator: ";").first?
      .trimmingCharacters(in: .whitespaces).lowercased()
    let body: SiteverifyBody
    switch mediaType {
    case "application/json": body = try json(bytes)
    case "application/x-www-form-urlencoded": body = try form(bytes)
    case nil: body = bytes.first == UInt8(ascii: "{") ? try json(bytes) : try form(bytes)
    case let other?:
      throw Unreadable(
        message: "a \(other) body is not read here; send JSON or application/x-www-form-urlencoded")
    }
    if let key = body.idempotencyKey, key.utf8.count > maxIdempotencyKeyLength {
      throw Unreadable(message: "\"idempotency_key\" is longer than \(maxIdempotencyKeyLength) characters")
    }
    return body
  }

  static let fieldNames = ["secret", "response", "remoteip", "idempotency_key", "sitekey"]

  static func json(_ bytes: [UInt8]) throws -> SiteverifyBody {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
      throw Unreadable(message: "the body is not a JSON object")
    }
    var fields: [String: String] = [:]
    for name in fieldNames {
      guard let value = object[name] else { continue }
      guard let text = value as? String else { throw Unreadable(message: "\"\(name)\" must be a string") }
      fields[name] = text
    }
    return SiteverifyBody(fields)
  }

  static func form(_ bytes: [UInt8]) throws -> SiteverifyBody {
    guard let text = String(validating: bytes, as: UTF8.self), let fields = formFields(text) else {
      throw Unreadable(message: "the body is neither JSON nor a form (application/x-www-form-urlencoded)")
    }
    return SiteverifyBody(fields)
  }

  init(_ fields: [String: String]) {
    self.init(
      secret: fields["secret"], response: fields["response"], remoteIP: fields["remoteip"],
      idempotencyKey: fields["idempotency_key"], sitekey: fields["sitekey"])
  }

  init(
    secret: String? = nil, response: String? = nil, remoteIP: String? = nil, idempotencyKey: String? = nil,
    sitekey: String? = nil
  ) {
    self.secret = secret
    self.response = response
    self.remoteIP = remoteIP
    self.idempotencyKey = idempotencyKey
    self.sitekey = sitekey
  }

  /// `a=1&b=x%20y` as fields (the first of a repeated name wins); nil when a pair is not `name=value`
  /// in form encoding (a bare word, a bad `%` escape, characters a form never sends unescaped).
  static func formFields(_ text: String) -> [String: String]? {
    var fields: [String: String] = [:]
    for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty,
        pair.unicodeScalars.allSatisfy({
          $0.isASCII && $0.value > 32 && !"\"<>\\^`{|}".unicodeScalars.contains($0)
        }),
        let name = decode(parts[0]), let value = decode(parts[1])
      else { return nil }
      if fields[name] == nil { fields[name] = value }
    }
    return fields
  }

  static func decode(_ part: Substring) -> String? {
    String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }
}
