import CaptchaKit

/// A request the service refuses (HTTP 400; 403 for a page's host). A struct over a private list of
/// reasons, so that a new reason is no source break for code that reads these: compare `code` with
/// the static members (`error.code == .hostnameNotAllowed`), or the whole error with one
/// (`error == .secretAsSitekey`).
public struct ChallengeServiceError: Error, Equatable, CustomStringConvertible {
  /// Which refusal it is; more may come.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case kindNotOffered, responseDoesNotFit, unknownSitekey, secretAsSitekey, hostnameNotAllowed
      case kindNotAllowed
    }
    private let value: Value

    /// A kind this service does not offer.
    public static let kindNotOffered = Code(value: .kindNotOffered)
    /// A response that does not answer this challenge's kind (the challenge is used up).
    public static let responseDoesNotFit = Code(value: .responseDoesNotFit)
    /// A site key no site has.
    public static let unknownSitekey = Code(value: .unknownSitekey)
    /// A site's secret sent where its site key belongs.
    public static let secretAsSitekey = Code(value: .secretAsSitekey)
    /// A page on a host the site does not allow.
    public static let hostnameNotAllowed = Code(value: .hostnameNotAllowed)
    /// A kind the site does not allow.
    public static let kindNotAllowed = Code(value: .kindNotAllowed)

    public var description: String { value.rawValue }
  }

  private enum Reason: Equatable, Sendable {
    case kindNotOffered(String, offered: [String])
    case responseDoesNotFit(VerifyError)
    case unknownSitekey(String)
    case secretAsSitekey
    case hostnameNotAllowed(String, sitekey: String)
    case kindNotAllowed(String, sitekey: String, allowed: [String])
  }

  private let reason: Reason

  private init(_ reason: Reason) { self.reason = reason }

  /// A kind this service does not offer, and the kinds it offers.
  public static func kindNotOffered(_ kind: String, offered: [String]) -> Self {
    Self(.kindNotOffered(kind, offered: offered))
  }

  /// A response that does not answer this challenge's kind (the challenge is used up).
  public static func responseDoesNotFit(_ error: VerifyError) -> Self { Self(.responseDoesNotFit(error)) }

  /// A site key no site has.
  public static func unknownSitekey(_ sitekey: String) -> Self { Self(.unknownSitekey(sitekey)) }

  /// A site's secret sent where its site key belongs (the secret is now public: rotate it).
  public static let secretAsSitekey = Self(.secretAsSitekey)

  /// A page on a host the site does not allow (HTTP 403).
  public static func hostnameNotAllowed(_ hostname: String, sitekey: String) -> Self {
    Self(.hostnameNotAllowed(hostname, sitekey: sitekey))
  }

  /// A kind the site does not allow, and the kinds it allows.
  public static func kindNotAllowed(_ kind: String, sitekey: String, allowed: [String]) -> Self {
    Self(.kindNotAllowed(kind, sitekey: sitekey, allowed: allowed))
  }

  /// Which refusal this is.
  public var code: Code {
    switch reason {
    case .kindNotOffered: return .kindNotOffered
    case .responseDoesNotFit: return .responseDoesNotFit
    case .unknownSitekey: return .unknownSitekey
    case .secretAsSitekey: return .secretAsSitekey
    case .hostnameNotAllowed: return .hostnameNotAllowed
    case .kindNotAllowed: return .kindNotAllowed
    }
  }

  /// What is wrong with the response, for `.responseDoesNotFit` (each front end words it with its
  /// own field names); nil otherwise.
  public var responseError: VerifyError? {
    if case .responseDoesNotFit(let error) = reason { return error }
    return nil
  }

  public var description: String {
    switch reason {
    case .kindNotOffered(let name, let offered):
      return "kind \"\(name)\" is not offered here; this server offers \(offered.joined(separator: ", "))"
    case .responseDoesNotFit(let error):
      return "the response does not fit this challenge (\(error))"
    case .unknownSitekey(let key):
      return key.isEmpty ? "the site key is empty" : "site key \"\(key)\" is unknown here"
    case .secretAsSitekey:
      return "that is a site's secret, not its site key: the secret belongs only in the site's backend; "
        + "it has now been sent from a page, so make a new one"
    case .hostnameNotAllowed(let hostname, let sitekey):
      return "site key \"\(sitekey)\" does not allow pages on \(hostname)"
    case .kindNotAllowed(let kind, let sitekey, let allowed):
      return
        "site key \"\(sitekey)\" does not allow kind \"\(kind)\"; it allows \(allowed.joined(separator: ", "))"
    }
  }
}
