import Foundation
import Hummingbird

/// Reads a request's JSON body into a `Decodable` type; anything wrong is a 400 `APIError` whose
/// sentence names the field at fault. An empty body reads as `{}`, unless the body is `required`
/// (verify: a 400 then).
enum BodyDecoding {
  static func decode<T: Decodable>(_ type: T.Type, from request: Request, required: Bool = false) async throws
    -> T
  {
    let buffer = try await request.body.collect(upTo: ServeLimits.maxBodyBytes)
    if required && buffer.readableBytes == 0 {
      throw APIError(.badRequest, "the request has no body; send the answer as a JSON object")
    }
    let bytes = buffer.readableBytes == 0 ? Data("{}".utf8) : Data(buffer.readableBytesView)
    do {
      return try JSONDecoder().decode(type, from: bytes)
    } catch let DecodingError.keyNotFound(key, context) {
      throw APIError(.badRequest, "\"\(fieldName(context.codingPath + [key]))\" is missing")
    } catch let DecodingError.typeMismatch(expected, context) {
      guard !context.codingPath.isEmpty else {
        throw APIError(.badRequest, "the body must be a JSON object")
      }
      throw APIError(
        .badRequest, "\"\(fieldName(context.codingPath))\" must be \(description(of: expected))")
    } catch let DecodingError.valueNotFound(expected, context) {
      throw APIError(
        .badRequest, "\"\(fieldName(context.codingPath))\" is null; it must be \(description(of: expected))")
    } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
      throw APIError(.badRequest, "\"\(fieldName(context.codingPath))\" has an invalid value")
    } catch let error as APIError {
      throw error
    } catch {
      throw APIError(.badRequest, "the body is not valid JSON")
    }
  }

  /// `track[3].t` for the coding path track → 3 → t.
  static func fieldName(_ path: [any CodingKey]) -> String {
    path.reduce("") { name, key in
      if let index = key.intValue { return name + "[\(index)]" }
      return name.isEmpty ? key.stringValue : name + "." + key.stringValue
    }
  }

  /// "a number", "a string"… for a type the decoder expected.
  static func description(of type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Float.Type: return "a number"
    case is Int.Type: return "a whole number"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is [Any].Type: return "a list"
    default:
      let name = "\(type)"
      if name.hasPrefix("Array") { return "a list" }
      if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
      return "a value of another type"
    }
  }
}
