import CaptchaImaging
import CaptchaSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading answer.json: the file's bytes with errors that name it, and decoding with one sentence
/// per failure (`.badData`, exit 65) that names the key at fault.
public enum AnswerDecoding {
  /// The bytes of the file at `path` (answer.json unless `what` says otherwise): `.missingInput`
  /// (66) when it is missing, a folder or unreadable.
  public static func readBytes(path: String, what: String = "answer file", article: String = "an") throws
    -> [UInt8]
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      var isDir: Bool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir {
        throw CaptchaError(.missingInput, "\(path): is a folder, not \(article) \(what)")
      }
      let exists = FileManager.default.fileExists(atPath: path)
      throw CaptchaError(.missingInput, exists ? "\(path): permission denied" : "\(path): no such \(what)")
    }
    return [UInt8](data)
  }

  /// Decodes `type` from JSON bytes, passing decoding errors through.
  public static func decodeJSON<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try JSONDecoder().decode(type, from: Data(bytes))
  }

  /// Decodes `type` from answer.json bytes; `name` names the file in errors.
  public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], name: String) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: Data(bytes))
    } catch let DecodingError.keyNotFound(key, ctx) {
      throw CaptchaError(
        .badData, "\(name): not a captcha answer: missing \"\(pathText(ctx.codingPath + [key]))\"")
    } catch let DecodingError.typeMismatch(_, ctx) {
      throw CaptchaError(
        .badData, "\(name): not a captcha answer: \"\(pathText(ctx.codingPath))\" has the wrong type")
    } catch let DecodingError.valueNotFound(_, ctx) {
      throw CaptchaError(.badData, "\(name): not a captcha answer: \"\(pathText(ctx.codingPath))\" is null")
    } catch let DecodingError.dataCorrupted(ctx) where !ctx.codingPath.isEmpty {
      throw CaptchaError(
        .badData, "\(name): not a captcha answer: \"\(pathText(ctx.codingPath))\" has an invalid value")
    } catch let error as CaptchaError {
      throw error
    } catch {
      throw CaptchaError(.badData, "\(name): not valid JSON")
    }
  }

  private static func pathText(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
  }
}
