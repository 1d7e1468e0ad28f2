import CaptchaKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The sites a service serves (`serve --sites`, or the one default site): found by site key for
/// challenges and by secret for siteverify. The first site is the default of a request without
/// a site key.
public struct SiteRegistry: Sendable, Equatable {
  public let sites: [Site]

  /// `sites` in order; the site keys must differ (`SitesFile` checks that for a file).
  public init(sites: [Site]) {
    precondition(!sites.isEmpty, "a service serves at least one site")
    self.sites = sites
  }

  /// The site key of the one site a service has without a sites file.
  public static let defaultSitekey = "default"

  /// One site, `default`, for pages on any host; its secret (nil: none yet, so siteverify answers
  /// `invalid-input-secret`).
  public static func single(secret: String?) -> SiteRegistry {
    SiteRegistry(sites: [
      Site(
        sitekey: defaultSitekey, secrets: secret.map { [SiteSecret(secret: $0)] } ?? [], hostnames: .any)
    ])
  }

  /// The site of `sitekey`; nil: the default (first) site.
  public func site(sitekey: String?) -> Site? {
    guard let sitekey else { return sites[0] }
    return sites.first { $0.sitekey == sitekey }
  }

  /// The site whose secret (current, or rotated out and still in its overlap) is `secret`.
  public func site(secret: String, now: Date) -> Site? {
    let digest = SHA256.hash(Array(secret.utf8))
    return sites.first { $0.accepts(secretDigest: digest, now: now) }
  }

  /// Whether `text` is some site's secret (a secret sent where a site key belongs).
  public func isSecret(_ text: String) -> Bool {
    let digest = SHA256.hash(Array(text.utf8))
    return sites.contains { site in site.secrets.contains { $0.matches(digest) } }
  }

  /// Whether some site allows pages on `hostname` (what a CORS preflight, which names no site, is
  /// answered by).
  public func someSiteAllows(_ hostname: String) -> Bool {
    sites.contains { $0.hostnames.allows(hostname) }
  }

  /// These sites, the two test sites and the services' published test keys (`serve --test-keys`),
  /// for a site's own CI.
  public func addingTestKeys() -> SiteRegistry {
    SiteRegistry(sites: sites + TestKeys.sites + ServiceTestKeys.sites)
  }
}

/// The documented test keys (`serve --test-keys`): any page may use them, and siteverify with their
/// secret always answers the same, whatever the token, consuming nothing. Never use them in
/// production: anyone can read them here.
public enum TestKeys {
  public static let passSitekey = "test-always-pass"
  public static let passSecret = "test-secret-always-pass"
  public static let failSitekey = "test-always-fail"
  public static let failSecret = "test-secret-always-fail"

  static let sites = [
    Site(
      sitekey: passSitekey, secrets: [SiteSecret(secret: passSecret)], hostnames: .any, testVerdict: .pass),
    Site(
      sitekey: failSitekey, secrets: [SiteSecret(secret: failSecret)], hostnames: .any, testVerdict: .fail),
  ]
}
