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
    let kind = error.kind ?? ""
    let named = error.fields.first.map(field) ?? ""
    switch error.code {
    case .missing:
      return "a \(kind) challenge is answered with \(list(error.answeredWith))"
    case .notFor:
      return "a \(kind) challenge is answered with \(list(error.answeredWith)), not \(named)"
    case .bothGiven:
      return "give either \(error.fields.map(field).joined(separator: " or ")), not both"
    case .notFinite:
      return "\(named) must be a finite number"
    case .notPositive:
      return "\(named) must be a positive number"
    case .requiredInMode:
      return "this challenge is in \(error.mode ?? "") mode, so \(named) is required"
    case .noSteps:
      return "this challenge has no steps; answer it with \(named)"
    case .notAStop:
      guard let stop = error.stop else { return error.description }
      return "\(field(.step)) \(stop.step) is not a stop of this challenge; its stops are 0…\(stop.count - 1)"
    default:
      return error.description
    }
  }
}
