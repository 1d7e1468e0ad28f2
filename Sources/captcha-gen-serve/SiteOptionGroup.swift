import ArgumentParser
import CaptchaKit
import CaptchaService
import Foundation
import Logging

/// `serve`'s options for sites and pass tokens (DESIGN.md "Sites and pass tokens").
struct SiteOptionGroup: ParsableArguments {
  /// The environment variable the default site's secret comes from without `--secret-file`.
  static let secretVariable = "CAPTCHA_GEN_SECRET"
  /// The longest a pass token may live (`--token-ttl`): a day.
  static let maxTokenTTL = 86_400

  @Option(
    help: ArgumentHelp(
      "The sites served (site keys, secrets' SHA-256, allowed hostnames and kinds); see docs/serving.md. "
        + "Without it, one site 'default' for pages on any host.",
      valueName: "sites.json"))
  var sites: String?

  @Option(
    name: .customLong("secret-file"),
    help: ArgumentHelp(
      "Without --sites: the file holding the default site's secret (a final newline is not part of it); "
        + "otherwise \(secretVariable) is read.",
      valueName: "file"))
  var secretFile: String?

  @Option(
    name: .customLong("token-ttl"),
    help: ArgumentHelp("Seconds a pass token stays valid for siteverify.", valueName: "seconds"))
  var tokenTTL = Int(ServiceSettings.defaultTokenTTL)

  @Flag(
    name: .customLong("test-keys"),
    help:
      "Also serve the documented test sites, and Turnstile's, hCaptcha's and reCAPTCHA's published test keys, whose siteverify always passes or always fails (for a site's CI)."
  )
  var testKeys = false

  func validate() throws {
    guard tokenTTL > 0 else { throw ValidationError("--token-ttl \(tokenTTL) must be at least 1 second") }
    guard tokenTTL <= Self.maxTokenTTL else {
      throw ValidationError(
        "--token-ttl \(tokenTTL) is longer than a day (\(Self.maxTokenTTL) s); a pass token is for one form post"
      )
    }
    if sites != nil && secretFile != nil {
      throw ValidationError(
        "--secret-file is for the default site; with --sites each site's secret is in the file")
    }
  }

  /// The sites these options describe, their kinds checked against `offered`. Throws a
  /// `CaptchaError`: 66 for a file that cannot be read, 64 for one that is wrong.
  func registry(
    offered: [ChallengeChoice], environment: [String: String] = ProcessInfo.processInfo.environment,
    logger: Logger
  ) throws -> SiteRegistry {
    var registry: SiteRegistry
    if let path = sites {
      if environment[Self.secretVariable] != nil {
        throw CaptchaError(
          .usage,
          "\(Self.secretVariable) is the default site's secret; with --sites each site's secret is in the file, so unset it"
        )
      }
      registry = SiteRegistry(sites: try loadSites(path, offered: offered))
    } else {
      let secret = try defaultSecret(environment: environment)
      if secret == nil {
        logger.warning(
          "no secret for the default site (--secret-file or \(Self.secretVariable)): siteverify refuses every token"
        )
      }
      registry = .single(secret: secret)
    }
    if testKeys {
      logger.warning("--test-keys is on: the public test secrets pass or fail any token; never in production")
      registry = registry.addingTestKeys()
    }
    return registry
  }

  func loadSites(_ path: String, offered: [ChallengeChoice]) throws -> [Site] {
    let bytes = try read(path, option: "--sites")
    do {
      let sites = try SitesFile.parse(bytes)
      for (i, site) in sites.enumerated() {
        for (j, kind) in (site.kinds ?? []).enumerated() where !offered.contains(kind) {
          throw SitesFileError(
            at: "sites[\(i)].kinds[\(j)]", .kindNotOffered(kind.name, offered: offered.map(\.name)))
        }
      }
      return sites
    } catch let error as SitesFileError {
      throw CaptchaError(.usage, "--sites \(path): \(error.description)")
    }
  }

  /// The kinds of the sites with look options, by site key (`SiteLooks`); a look that does not work
  /// is a usage error naming the site and the option.
  func siteFactories(
    _ registry: SiteRegistry, offered: [String], backgrounds: ChallengeBackgrounds?,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> [String: [SiteLookFactories]] {
    do {
      return try SiteLooks.factories(
        sites: registry.sites, offered: offered, backgrounds: backgrounds, environment: environment)
    } catch let error as SitesFileError {
      throw CaptchaError(.usage, "--sites \(sites ?? ""): \(error.description)")
    }
  }

  /// The default site's secret: `--secret-file`, else the environment variable, else none.
  func defaultSecret(environment: [String: String]) throws -> String? {
    if let path = secretFile {
      var text = String(decoding: try read(path, option: "--secret-file"), as: UTF8.self)
      if text.hasSuffix("\n") { text.removeLast() }
      guard !text.isEmpty else { throw CaptchaError(.usage, "--secret-file \(path) is empty") }
      guard !text.contains("\n") else {
        throw CaptchaError(.usage, "--secret-file \(path) holds more than one line; a secret is one line")
      }
      return text
    }
    guard let value = environment[Self.secretVariable] else { return nil }
    guard !value.isEmpty else { throw CaptchaError(.usage, "\(Self.secretVariable) is set but empty") }
    return value
  }

  func read(_ path: String, option: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CaptchaError(
        .missingInput, "\(option) \(path): the file cannot be read (missing, or not allowed)")
    }
    return [UInt8](data)
  }
}
