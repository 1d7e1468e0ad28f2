import ArgumentParser

/// The shape of a new site's keys (`site new --key-format`): captcha-gen's own, or one that a
/// Turnstile, hCaptcha or reCAPTCHA library which checks its keys' form takes as its service's.
/// Every shape works on every siteverify; only the look differs.
enum SiteKeyFormat: String, CaseIterable, ExpressibleByArgument {
  case captchaGen = "captcha-gen"
  case turnstile
  case hcaptcha
  case recaptcha

  /// A new public site key of this shape.
  func newSitekey() -> String {
    switch self {
    case .captchaGen: return "cgk_" + SiteKeys.randomHex(bytes: 12)
    case .turnstile: return "0x4AAAAAAA" + Self.randomBase64URL(count: 14)
    case .hcaptcha:
      let hex = SiteKeys.randomHex(bytes: 16)
      return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
        String(hex.dropFirst(range.lowerBound).prefix(range.count))
      }.joined(separator: "-")
    case .recaptcha: return "6L" + Self.randomBase64URL(count: 38)
    }
  }

  /// A new secret of this shape, with at least 150 random bits.
  func newSecret() -> String {
    switch self {
    case .captchaGen: return "cgs_" + SiteKeys.randomHex(bytes: 24)
    case .turnstile: return "0x4AAAAAAA" + Self.randomBase64URL(count: 25)
    case .hcaptcha: return "0x" + SiteKeys.randomHex(bytes: 20)
    case .recaptcha: return "6L" + Self.randomBase64URL(count: 38)
    }
  }

  /// `count` characters of A-Z, a-z, 0-9, `-` and `_`, 6 random bits each.
  static func randomBase64URL(count: Int) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    var random = SystemRandomNumberGenerator()
    return String((0..<count).map { _ in alphabet[Int(UInt8.random(in: 0...63, using: &random))] })
  }
}
