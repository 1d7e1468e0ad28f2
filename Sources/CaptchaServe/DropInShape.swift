import CaptchaService
import CaptchaSupport

/// A captcha service whose integrations work unmodified against captcha-gen (DESIGN.md "Drop-in
/// compatibility"): where its siteverify and its script live, what its siteverify reads, and its
/// answers' fields and error codes. The token rules are `/v1/siteverify`'s.
enum DropInShape: String, CaseIterable, Sendable {
  case turnstile
  case hcaptcha
  case recaptcha

  /// Where the service's siteverify is answered.
  var verifyPath: String {
    switch self {
    case .turnstile: return "/turnstile/v0/siteverify"
    case .hcaptcha: return "/siteverify"
    case .recaptcha: return "/recaptcha/api/siteverify"
    }
  }

  /// Where the service's widget script is served.
  var scriptPath: String {
    switch self {
    case .turnstile: return "/turnstile/v0/api.js"
    case .hcaptcha: return "/1/api.js"
    case .recaptcha: return "/recaptcha/api.js"
    }
  }

  /// Old reCAPTCHA clients send siteverify as a GET with its fields in the query.
  var acceptsQuery: Bool { self == .recaptcha }
  /// Turnstile's siteverify takes `idempotency_key`; the others have none.
  var readsIdempotencyKey: Bool { self == .turnstile }
  /// hCaptcha's siteverify takes the `sitekey` the page used and refuses one of another site.
  var checksSitekey: Bool { self == .hcaptcha }

  /// The service's error code for a refused token.
  func code(_ refusal: SiteverifyRefusal) -> String {
    guard self == .hcaptcha else { return refusal.code.rawValue }
    switch refusal.reason {
    case .used: return "already-seen-response"
    case .expired: return "expired-input-response"
    case .unknownToken: return "invalid-or-already-seen-response"
    default: return refusal.code.rawValue
    }
  }

  /// The service's error code for a request refused before its token was looked at.
  func code(_ problem: DropInProblem) -> String {
    switch problem {
    case .unreadable: return SiteverifyErrorCode.badRequest.rawValue
    case .storeUnavailable: return SiteverifyErrorCode.internalError.rawValue
    case .sitekeyMismatch: return "sitekey-secret-mismatch"
    }
  }

  /// The answer for a token that passed: the service's fields, and the labels the page gave it.
  func success(_ claims: PassClaims, labels: DropInLabels) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("success", .bool(true)),
      ("challenge_ts", .string(claims.challengeTS.formatted(.iso8601))),
      ("hostname", .string(claims.hostname)),
      ("error-codes", .array([])),
    ]
    switch self {
    case .turnstile:
      fields += [("action", .string(labels.action ?? "")), ("cdata", .string(labels.cdata ?? ""))]
    case .hcaptcha:
      fields.append(("credit", .bool(false)))
    case .recaptcha:
      fields.append(("score", .double(Self.passScore)))
      if let action = labels.action { fields.append(("action", .string(action))) }
    }
    return .object(fields)
  }

  /// The answer for a refusal: the service's code, and the reason in one sentence (`error`).
  func failure(code: String, sentence: String) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("success", .bool(false)), ("error-codes", .array([.string(code)])), ("error", .string(sentence)),
    ]
    switch self {
    case .turnstile: fields.append(("messages", .array([])))
    case .hcaptcha: break
    case .recaptcha: fields.append(("score", .double(Self.failScore)))
    }
    return .object(fields)
  }

  /// reCAPTCHA v3's score for a passed puzzle and for anything else: a puzzle is passed or not.
  static let passScore = 1.0
  static let failScore = 0.0
}

/// Why a drop-in siteverify refused a request before its token was checked.
enum DropInProblem: Equatable {
  /// A body (or query) that cannot be read, in one sentence.
  case unreadable(String)
  /// The token store did not answer.
  case storeUnavailable
  /// hCaptcha's `sitekey` is not the site key of the secret's site.
  case sitekeyMismatch

  var sentence: String {
    switch self {
    case .unreadable(let sentence): return sentence
    case .storeUnavailable:
      return "the token store is unavailable; the token was not checked, try again later"
    case .sitekeyMismatch: return "\"sitekey\" is not the site key of the site whose secret was sent"
    }
  }
}
