/// Whose traffic a count is: people's, or automation's (test keys, and clients that say they are
/// driven by a browser automation, `navigator.webdriver`), counted apart so that people's rates are
/// not mixed with a test suite's or an uptime monitor's.
public enum Audience: String, Sendable, Hashable, CaseIterable, Comparable {
  case people
  case automation

  /// Automation when the site is a test key's or the client says it is driven (`webdriver`).
  public init(testKey: Bool, webdriver: Bool) {
    self = testKey || webdriver ? .automation : .people
  }

  public static func < (a: Audience, b: Audience) -> Bool { a.rawValue < b.rawValue }
}

/// What one analytics count is about: a site, a kind, a look and an audience. Never an address, an
/// id, a token or an answer.
public struct AnalyticsLabels: Sendable, Hashable, Comparable {
  public var site: String
  public var kind: String
  public var look: String
  public var audience: Audience

  /// The look a site with one look (or none of its own) reports.
  public static let defaultLook = "default"
  /// The kind and look of siteverify failures whose token names no challenge (unknown, malformed).
  public static let unknown = "unknown"

  public init(site: String, kind: String, look: String = defaultLook, audience: Audience = .people) {
    self.site = site
    self.kind = kind
    self.look = look
    self.audience = audience
  }

  public static func < (a: AnalyticsLabels, b: AnalyticsLabels) -> Bool {
    (a.site, a.kind, a.look, a.audience.rawValue) < (b.site, b.kind, b.look, b.audience.rawValue)
  }
}
