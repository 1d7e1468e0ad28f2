import CaptchaKit
import CaptchaService

/// How the HTTP API words the library's typed errors: response fields as the members of a verify
/// body (`"x"`, `"display_width"`). The command line words the same errors with its flags.
enum APIWording {
  /// `"display_width"`.
  static func field(_ field: ResponseField) -> String { "\"\(field.words(joinedBy: "_"))\"" }

  /// The service's refusal as one sentence.
  static func text(_ error: ChallengeServiceError) -> String {
    guard let verify = error.responseError else { return error.description }
    return text(verify)
  }

  /// A response that does not fit its challenge, in the API's words.
  static func text(_ error: VerifyError) -> String {
    func list(_ fields: [ResponseField]) -> String {
      guard let first = fields.first else { return "" }
      let rest = fields.dropFirst().map(field)
      return rest.isEmpty ? field(first) : "\(field(first)) (or \(rest.joined(separator: ", ")))"
    }
    switch error {
    case .missing(let kind, let fields):
      return "a \(kind) challenge is answered with \(list(fields))"
    case .notFor(let kind, let stray, let fields):
      return "a \(kind) challenge is answered with \(list(fields)), not \(field(stray))"
    case .bothGiven(let a, let b):
      return "give either \(field(a)) or \(field(b)), not both"
    case .notFinite(let f):
      return "\(field(f)) must be a finite number"
    case .notPositive(let f):
      return "\(field(f)) must be a positive number"
    case .requiredInMode(let f, let mode):
      return "this challenge is in \(mode) mode, so \(field(f)) is required"
    case .noSteps(let f):
      return "this challenge has no steps; answer it with \(field(f))"
    case .notAStop(let step, let count):
      return "\(field(.step)) \(step) is not a stop of this challenge; its stops are 0…\(count - 1)"
    }
  }
}
