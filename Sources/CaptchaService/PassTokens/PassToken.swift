import CaptchaKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The token a passing verify hands to the page, for the site's backend to check once with
/// siteverify: `cg1.<expiry, Unix seconds>.<192 random bits, base64url>`. The random part makes it
/// unguessable; the expiry in it only lets an expired token be told apart after its record is swept
/// (it never makes a token pass: the store's record decides). The store keeps its SHA-256 only.
public struct PassToken: Sendable, Equatable {
  /// The token as the page and the backend see it.
  public var text: String
  public var expiresAt: Date

  public init(text: String, expiresAt: Date) {
    self.text = text
    self.expiresAt = expiresAt
  }

  /// The longest response siteverify reads as a token (Turnstile's limit).
  public static let maxLength = 2048
  static let prefix = "cg1."
  static let randomBytes = 24

  /// A fresh token that expires at `expiresAt` (whole seconds).
  public static func make(expiresAt: Date) -> PassToken {
    var random = SystemRandomNumberGenerator()
    let bytes = (0..<randomBytes).map { _ in UInt8.random(in: 0...255, using: &random) }
    let seconds = Int64(expiresAt.timeIntervalSince1970.rounded(.down))
    return PassToken(
      text: prefix + String(seconds) + "." + Base64URL.encode(bytes),
      expiresAt: Date(timeIntervalSince1970: Double(seconds)))
  }

  /// The token in `text` if it has the form of one (nil: made up or damaged).
  public static func parse(_ text: String) -> PassToken? {
    guard text.utf8.count <= 64, text.hasPrefix(prefix) else { return nil }
    let parts = text.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let seconds = Int64(parts[0]), seconds > 0, parts[0].first != "+",
      Base64URL.decode(String(parts[1]))?.count == randomBytes
    else { return nil }
    return PassToken(text: text, expiresAt: Date(timeIntervalSince1970: Double(seconds)))
  }

  /// What the store keeps instead of the token: SHA-256 in hex.
  public var digest: String { SHA256.hexDigest(Array(text.utf8)) }
}

/// base64url without padding (RFC 4648 §5).
enum Base64URL {
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      let chunk = bytes[i..<min(i + 3, bytes.count)]
      let n = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
      for j in 0...chunk.count { out.append(alphabet[Int((n >> (18 - 6 * UInt32(j))) & 63)]) }
      i += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// nil when `text` has a character outside the alphabet or a length base64url never has.
  static func decode(_ text: String) -> [UInt8]? {
    let values = text.utf8.map { c in alphabet.firstIndex(of: c) }
    guard values.count % 4 != 1, values.allSatisfy({ $0 != nil }) else { return nil }
    var bytes: [UInt8] = []
    var i = 0
    while i < values.count {
      let group = values[i..<min(i + 4, values.count)].map { UInt32($0!) }
      let n = group.enumerated().reduce(UInt32(0)) { $0 | $1.element << (18 - 6 * UInt32($1.offset)) }
      for j in 0..<(group.count - 1) { bytes.append(UInt8((n >> (16 - 8 * UInt32(j))) & 255)) }
      i += 4
    }
    return encode(bytes) == text ? bytes : nil
  }
}
