import CaptchaKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A website that embeds the widget: its public site key, the secret its backend proves itself
/// with (kept only as SHA-256), the page hostnames it may be used on and the kinds it may ask for.
public struct Site: Sendable, Equatable {
  /// The public key pages send (`data-sitekey`).
  public var sitekey: String
  /// The secrets siteverify accepts for this site: the current one, and older ones until their
  /// `validUntil` (a rotation's overlap).
  public var secrets: [SiteSecret]
  /// The hostnames of the pages the widget may run on.
  public var hostnames: HostnameList
  /// The kinds this site may ask for, in order (the first is its default); nil: every kind offered.
  public var kinds: [ChallengeChoice]?
  /// Test keys only: siteverify with this site's secret always gives this answer.
  public var testVerdict: TestVerdict?
  /// The site's own look (`"difficulty": "hard"`, `"steps": 8`, …), in key order; empty: the
  /// server's. `serve` builds the site's kinds from these as from its own options.
  public var look: [LookOption]
  /// A look experiment: several looks, each drawn by weight (empty: one look, `look`).
  public var looks: [SiteLook]

  public init(
    sitekey: String, secrets: [SiteSecret], hostnames: HostnameList, kinds: [ChallengeChoice]? = nil,
    testVerdict: TestVerdict? = nil, look: [LookOption] = [], looks: [SiteLook] = []
  ) {
    self.sitekey = sitekey
    self.secrets = secrets
    self.hostnames = hostnames
    self.kinds = kinds
    self.testVerdict = testVerdict
    self.look = look
    self.looks = looks
  }

  /// Whether `secret` is one of this site's secrets at `now`.
  public func accepts(secretDigest digest: [UInt8], now: Date) -> Bool {
    secrets.contains { $0.matches(digest) && ($0.validUntil.map { now < $0 } ?? true) }
  }

  /// What a test site's siteverify always answers.
  public enum TestVerdict: Sendable, Equatable {
    case pass
    case fail
  }
}

/// One look option of a site as the sites file gives it: a key that is not one of the site's own
/// (`SitesFile.siteKeys`) with a string, number or true/false.
public struct LookOption: Sendable, Equatable {
  public var key: String
  public var value: Value

  public init(key: String, value: Value) {
    self.key = key
    self.value = value
  }

  /// A look option's value.
  public enum Value: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
  }
}

/// One secret of a site, as its SHA-256 (the secret itself is never stored).
public struct SiteSecret: Sendable, Equatable {
  /// SHA-256 of the secret's UTF-8 bytes (32 bytes).
  public var sha256: [UInt8]
  /// The end of a rotated-out secret's overlap; nil for the current secret.
  public var validUntil: Date?

  public init(sha256: [UInt8], validUntil: Date? = nil) {
    self.sha256 = sha256
    self.validUntil = validUntil
  }

  /// The entry for a secret known in clear (`--secret-file`, `CAPTCHA_GEN_SECRET`, test keys).
  public init(secret: String) {
    self.init(sha256: SHA256.hash(Array(secret.utf8)))
  }

  /// Compares digests in time independent of where they differ.
  func matches(_ digest: [UInt8]) -> Bool {
    guard digest.count == sha256.count else { return false }
    return zip(digest, sha256).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}

/// The page hostnames a site allows: `*` allows every page; a hostname allows itself and its
/// subdomains (`shop.example` allows `www.shop.example`). A request without `Origin` (a server,
/// curl) has the empty hostname, which every site allows.
public struct HostnameList: Sendable, Equatable {
  /// The entries as written (lowercased, without a final dot).
  public var entries: [String]

  public init(_ entries: [String]) {
    self.entries = entries.map(HostnameList.normalized)
  }

  /// Every page.
  public static let any = HostnameList(["*"])

  /// Whether a page on `hostname` may use the site.
  public func allows(_ hostname: String) -> Bool {
    if hostname.isEmpty { return true }
    let host = Self.normalized(hostname)
    return entries.contains { entry in
      entry == "*" || host == entry || host.hasSuffix("." + entry)
    }
  }

  static func normalized(_ hostname: String) -> String {
    let lower = hostname.lowercased()
    return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
  }
}
