import ArgumentParser
import CaptchaArguments
import CaptchaKit

/// `captcha-gen site`: keys for a site that embeds the widget (DESIGN.md "Sites and pass tokens").
struct SiteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "site",
    abstract: "Make the keys of a site for `serve --sites` (see docs/serving.md).",
    subcommands: [SiteNewCommand.self, SiteSecretCommand.self]
  )
}

/// `captcha-gen site new --hostname H`: a new site key and secret; prints the sites.json entry and,
/// once, the secret.
struct SiteNewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new",
    abstract: "Print a new entry for sites.json and, once, its secret.",
    discussion: """
      The entry holds the secret's SHA-256 only; the secret itself is printed here and nowhere else: \
      give it to the site's backend (which sends it to /v1/siteverify), never to a page. With --json \
      both come as one object, {"entry": …, "secret": …}.
      """
  )

  @Option(
    name: .customLong("hostname"),
    help: ArgumentHelp(
      "A hostname the site's pages are on (its subdomains too); repeat it for more, or * for any page.",
      valueName: "host"))
  var hostnames: [String] = []

  @Option(
    name: .customLong("sitekey"),
    help: ArgumentHelp("The site key (default: a new random one).", valueName: "key"))
  var sitekey: String?

  @Option(
    name: .customLong("key-format"),
    help: ArgumentHelp(
      "The keys' shape: captcha-gen, or turnstile, hcaptcha or recaptcha for a library that checks its service's key form (every shape works on every siteverify).",
      valueName: "format"))
  var keyFormat = SiteKeyFormat.captchaGen

  @Flag(help: "Print {\"entry\": …, \"secret\": …} as JSON.")
  var json = false

  func validate() throws {
    guard !hostnames.isEmpty else {
      throw ValidationError("give at least one --hostname (or --hostname '*')")
    }
    for name in hostnames where !SiteNames.isHostname(name) {
      throw ValidationError(
        "--hostname \(name) is not a hostname: write shop.example (no scheme, port or path), or * for any page"
      )
    }
    if let sitekey, !SiteNames.isSitekey(sitekey) {
      throw ValidationError(
        "--sitekey must be letters, digits, '-', '_' or '.' (at most \(SiteNames.maxLength))")
    }
  }

  func run() throws {
    let secret = keyFormat.newSecret()
    let entry = JSONValue.object([
      ("sitekey", .string(sitekey ?? keyFormat.newSitekey())),
      ("secret_sha256", .string(SiteKeys.digest(secret))),
      ("hostnames", .array(hostnames.map { .string($0) })),
    ])
    if json {
      print(JSONWriter.text(.object([("entry", entry), ("secret", .string(secret))]), layout: .indented))
      return
    }
    print("Add this entry to the \"sites\" list of your sites file (serve --sites FILE):")
    print(JSONWriter.text(entry, layout: .indented))
    print("")
    print("The site's secret, shown only this once (for the site's backend, never for a page):")
    print(secret)
  }
}

/// `captcha-gen site secret`: a new secret for an existing site (a rotation).
struct SiteSecretCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "secret",
    abstract: "Print a new secret and its SHA-256, to rotate a site's secret.",
    discussion: """
      To rotate: put the printed SHA-256 into the site's "secret_sha256", and move the old value into \
      "old_secrets" as {"secret_sha256": OLD, "valid_until": "2026-12-01T00:00:00Z"}; both secrets \
      work until then (restart serve to read the file). Give the new secret to the backend meanwhile.
      """
  )

  func run() throws {
    let secret = SiteKeys.newSecret()
    print(JSONWriter.text(.object([("secret_sha256", .string(SiteKeys.digest(secret)))]), layout: .indented))
    print("")
    print("The new secret, shown only this once:")
    print(secret)
  }
}

/// New site keys and secrets from the system's secure random source.
enum SiteKeys {
  /// `cgs_` and 192 random bits in hex.
  static func newSecret() -> String { SiteKeyFormat.captchaGen.newSecret() }

  /// SHA-256 of the secret's UTF-8 bytes, in hex: what sites.json keeps.
  static func digest(_ secret: String) -> String { SHA256.hexDigest(Array(secret.utf8)) }

  static func randomHex(bytes count: Int) -> String {
    var random = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef")
    return String(
      (0..<count).flatMap { _ -> [Character] in
        let byte = UInt8.random(in: 0...255, using: &random)
        return [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
      })
  }
}
