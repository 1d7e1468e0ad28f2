import CaptchaKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a sites file (`serve --sites sites.json`):
///
///     {"sites": [{"sitekey": "…", "secret_sha256": "<64 hex digits>", "hostnames": ["shop.example"],
///                 "kinds": ["slide"]?, "old_secrets": [{"secret_sha256": "…", "valid_until": "<ISO 8601>"}]?,
///                 …look options ("difficulty": "hard", "steps": 8)?,
///                 "looks": [{"name": "a", "weight": 3, …look options}]?}]}
///
/// Every problem is a `SitesFileError` naming the key (`sites[1].hostnames[0]`) and what is wrong.
/// Look options are any other key with a string, number or true/false; which names and values are
/// good is the front end's to check (serve checks them against its own options).
public enum SitesFile {
  /// The keys a site entry may have.
  public static let siteKeys = ["sitekey", "secret_sha256", "hostnames", "kinds", "old_secrets", "looks"]

  /// The sites in `bytes`, in order.
  public static func parse(_ bytes: [UInt8]) throws -> [Site] {
    guard let root = JSONNode.parse(bytes) else { throw SitesFileError(at: "", .notJSON) }
    guard case .object(let top) = root else {
      throw SitesFileError(at: "", .wrongType(expected: "an object"))
    }
    for key in top.keys where key != "sites" { throw SitesFileError(at: key, .unknownKey(known: ["sites"])) }
    guard let list = top["sites"] else { throw SitesFileError(at: "sites", .missing) }
    guard case .array(let entries) = list else {
      throw SitesFileError(at: "sites", .wrongType(expected: "a list"))
    }
    guard !entries.isEmpty else { throw SitesFileError(at: "sites", .empty) }
    var seen: Set<String> = []
    return try entries.enumerated().map { index, entry in
      let site = try self.site(entry, at: "sites[\(index)]")
      guard seen.insert(site.sitekey).inserted else {
        throw SitesFileError(at: "sites[\(index)].sitekey", .duplicateSitekey(site.sitekey))
      }
      return site
    }
  }

  static func site(_ node: JSONNode, at path: String) throws -> Site {
    guard case .object(let fields) = node else {
      throw SitesFileError(at: path, .wrongType(expected: "an object"))
    }
    if fields["secret"] != nil { throw SitesFileError(at: path + ".secret", .secretInClear) }
    let look = try fields.keys.sorted().filter { !siteKeys.contains($0) }.map { key in
      try lookOption(key, fields[key]!, at: path + "." + key)
    }
    let sitekey = try string(fields["sitekey"], at: path + ".sitekey")
    guard SiteNames.isSitekey(sitekey) else { throw SitesFileError(at: path + ".sitekey", .badSitekey) }
    let current = try digest(fields["secret_sha256"], at: path + ".secret_sha256")
    let old = try optionalList(fields["old_secrets"], at: path + ".old_secrets") { node, at in
      try oldSecret(node, at: at)
    }
    let hostnames = try list(fields["hostnames"], at: path + ".hostnames") { node, at in
      let name = try string(node, at: at)
      guard SiteNames.isHostname(name) else { throw SitesFileError(at: at, .badHostname(name)) }
      return name
    }
    let kinds = try optionalList(fields["kinds"], at: path + ".kinds") { node, at in
      ChallengeChoice(name: try string(node, at: at))
    }
    let looks = try fields["looks"].map { try self.looks($0, at: path + ".looks") } ?? []
    if !looks.isEmpty, let beside = look.first {
      throw SitesFileError(at: path + "." + beside.key, .lookOptionBesideLooks)
    }
    return Site(
      sitekey: sitekey, secrets: [SiteSecret(sha256: current)] + (old ?? []),
      hostnames: HostnameList(hostnames), kinds: kinds, look: look, looks: looks)
  }

  static func lookOption(_ key: String, _ node: JSONNode, at path: String) throws -> LookOption {
    switch node {
    case .string(let text): return LookOption(key: key, value: .string(text))
    case .number(let number): return LookOption(key: key, value: .number(number))
    case .bool(let flag): return LookOption(key: key, value: .bool(flag))
    default: throw SitesFileError(at: path, .badLookValue(known: siteKeys))
    }
  }

  static func oldSecret(_ node: JSONNode, at path: String) throws -> SiteSecret {
    guard case .object(let fields) = node else {
      throw SitesFileError(at: path, .wrongType(expected: "an object"))
    }
    for key in fields.keys.sorted() where !["secret_sha256", "valid_until"].contains(key) {
      throw SitesFileError(at: path + "." + key, .unknownKey(known: ["secret_sha256", "valid_until"]))
    }
    let sha = try digest(fields["secret_sha256"], at: path + ".secret_sha256")
    let text = try string(fields["valid_until"], at: path + ".valid_until")
    guard let until = try? Date(text, strategy: .iso8601) else {
      throw SitesFileError(at: path + ".valid_until", .badDate(text))
    }
    return SiteSecret(sha256: sha, validUntil: until)
  }

  // MARK: - Values

  static func string(_ node: JSONNode?, at path: String) throws -> String {
    guard let node else { throw SitesFileError(at: path, .missing) }
    guard case .string(let text) = node else {
      throw SitesFileError(at: path, .wrongType(expected: "a string"))
    }
    guard !text.isEmpty else { throw SitesFileError(at: path, .empty) }
    return text
  }

  static func digest(_ node: JSONNode?, at path: String) throws -> [UInt8] {
    let text = try string(node, at: path)
    guard let bytes = hexBytes(text), bytes.count == 32 else { throw SitesFileError(at: path, .badDigest) }
    return bytes
  }

  static func list<T>(_ node: JSONNode?, at path: String, _ item: (JSONNode, String) throws -> T) throws
    -> [T]
  {
    guard let node else { throw SitesFileError(at: path, .missing) }
    guard case .array(let items) = node else {
      throw SitesFileError(at: path, .wrongType(expected: "a list"))
    }
    guard !items.isEmpty else { throw SitesFileError(at: path, .empty) }
    return try items.enumerated().map { try item($1, "\(path)[\($0)]") }
  }

  static func optionalList<T>(_ node: JSONNode?, at path: String, _ item: (JSONNode, String) throws -> T)
    throws
    -> [T]?
  {
    guard let node else { return nil }
    return try list(node, at: path, item)
  }

  static func hexBytes(_ text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    for i in stride(from: 0, to: digits.count, by: 2) {
      guard let high = hexValue(digits[i]), let low = hexValue(digits[i + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  static func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case 48...57: return c - 48
    case 97...102: return c - 87
    case 65...70: return c - 55
    default: return nil
    }
  }
}

/// A problem in a sites file: where (`sites[0].hostnames[1]`; empty for the whole file) and what.
public struct SitesFileError: Error, Equatable, CustomStringConvertible {
  /// The key at fault, as a path from the top of the file.
  public var keyPath: String
  public var problem: Problem

  public init(at keyPath: String, _ problem: Problem) {
    self.keyPath = keyPath
    self.problem = problem
  }

  /// What is wrong with the value at `keyPath`: a struct over a private list of reasons, so that a
  /// new reason breaks no code that reads these (compare with the static members).
  public struct Problem: Equatable, Sendable {
    fileprivate enum Reason: Equatable, Sendable {
      case notJSON
      case wrongType(expected: String)
      case missing
      case empty
      case unknownKey(known: [String])
      case secretInClear
      case badSitekey
      case duplicateSitekey(String)
      case badDigest
      case badHostname(String)
      case badDate(String)
      case kindNotOffered(String, offered: [String])
      case badLookValue(known: [String])
      case badLookOption(String)
      case duplicateLook(String)
      case badWeight
      case lookOptionBesideLooks
    }

    fileprivate let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The file is not JSON.
    public static let notJSON = Problem(.notJSON)
    /// A value of another type than `expected` ("a list").
    public static func wrongType(expected: String) -> Problem { Problem(.wrongType(expected: expected)) }
    /// A required key is missing.
    public static let missing = Problem(.missing)
    /// An empty string or list.
    public static let empty = Problem(.empty)
    /// A key that is not one of `known`.
    public static func unknownKey(known: [String]) -> Problem { Problem(.unknownKey(known: known)) }
    /// `"secret"` in a site: the file keeps only the secret's SHA-256.
    public static let secretInClear = Problem(.secretInClear)
    /// A site key with characters a site key may not have.
    public static let badSitekey = Problem(.badSitekey)
    /// A site key listed twice.
    public static func duplicateSitekey(_ sitekey: String) -> Problem { Problem(.duplicateSitekey(sitekey)) }
    /// A SHA-256 that is not 64 hex digits.
    public static let badDigest = Problem(.badDigest)
    /// A hostname that is not one.
    public static func badHostname(_ name: String) -> Problem { Problem(.badHostname(name)) }
    /// A time that is not ISO 8601.
    public static func badDate(_ text: String) -> Problem { Problem(.badDate(text)) }
    /// A kind the server does not offer (checked when the service starts).
    public static func kindNotOffered(_ kind: String, offered: [String]) -> Problem {
      Problem(.kindNotOffered(kind, offered: offered))
    }
    /// A key that is not the site's own, with a value no look option has (an object, list, null).
    public static func badLookValue(known: [String]) -> Problem { Problem(.badLookValue(known: known)) }
    /// A look option the front end does not know or whose value it refuses: its sentence, which
    /// follows the key ("is not a look option: …").
    public static func badLookOption(_ sentence: String) -> Problem { Problem(.badLookOption(sentence)) }
    /// A look name listed twice in a site's `looks`.
    public static func duplicateLook(_ name: String) -> Problem { Problem(.duplicateLook(name)) }
    /// A look's weight that is not a whole number from 1.
    public static let badWeight = Problem(.badWeight)
    /// A look option beside `looks`: each look carries its own.
    public static let lookOptionBesideLooks = Problem(.lookOptionBesideLooks)
  }

  /// The problem in one sentence without the file's name (the front end adds it).
  public var description: String {
    let key = keyPath.isEmpty ? "the file" : "\"\(keyPath)\""
    switch problem.reason {
    case .notJSON: return "the file is not valid JSON"
    case .wrongType(let expected): return "\(key) must be \(expected)"
    case .missing: return "\(key) is missing"
    case .empty: return "\(key) is empty"
    case .unknownKey(let known):
      return "\(key) is not a key of a sites file here; the keys are \(known.joined(separator: ", "))"
    case .secretInClear:
      return
        "\(key) holds a secret in clear: a sites file keeps only its SHA-256 as \"secret_sha256\" "
        + "(captcha-gen site new prints an entry); treat this secret as leaked and make a new one"
    case .badSitekey:
      return "\(key) must be letters, digits, '-', '_' or '.' (at most \(SiteNames.maxLength) characters)"
    case .duplicateSitekey(let sitekey): return "\(key): site key \"\(sitekey)\" is listed twice"
    case .badDigest: return "\(key) must be a SHA-256 in hex (64 hex digits)"
    case .badHostname(let name):
      return
        "\(key) \"\(name)\" is not a hostname (write shop.example: no scheme, port or path; or * for any page)"
    case .badDate(let text): return "\(key) \"\(text)\" is not an ISO 8601 time such as 2026-12-01T00:00:00Z"
    case .badLookValue(let known):
      return
        "\(key) is not a key of a site (\(known.joined(separator: ", "))), and a look option's value is a "
        + "string, number or true/false"
    case .badLookOption(let sentence): return "\(key) \(sentence)"
    case .duplicateLook(let name): return "\(key): look \"\(name)\" is listed twice"
    case .badWeight: return "\(key) must be a whole number from 1 to \(SiteLook.maxWeight)"
    case .lookOptionBesideLooks:
      return "\(key) is a look option beside \"looks\"; with looks, each look carries its own options"
    case .kindNotOffered(let kind, let offered):
      return
        "\(key) names kind \"\(kind)\", which this server does not offer (it offers \(offered.joined(separator: ", ")))"
    }
  }
}
