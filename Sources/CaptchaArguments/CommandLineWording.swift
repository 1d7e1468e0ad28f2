import CaptchaKit

/// How the command line words the library's errors: options as their flags (`--piece-size`),
/// response fields as `verify`'s options (`--x`), and each error category as a sysexits code. The
/// library's errors name no flag and carry no exit code; this is the one place that does.
public enum CommandLineWording {
  /// `--piece-size`.
  public static func flag(_ option: CaptchaOption) -> String { "--" + option.rawValue }

  /// `--display-width`.
  public static func flag(_ field: ResponseField) -> String { "--" + field.rawValue }

  /// `sentence` with its options and fields spelled as flags.
  public static func text(_ sentence: Sentence) -> String {
    sentence.text(option: flag, field: flag)
  }

  /// The message and exit code of a library error, or nil for an error from elsewhere.
  public static func report(_ error: any Error) -> (message: String, exitCode: Int32)? {
    if let e = error as? OptionError { return (text(e.sentence), CaptchaError.Kind.usage.exitCode) }
    if let e = error as? VerifyError { return (text(e), CaptchaError.Kind.usage.exitCode) }
    guard let e = CaptchaError(thrown: error) else { return nil }
    return (e.message, e.kind.exitCode)
  }

  /// A response that does not fit its captcha, in `verify`'s words.
  public static func text(_ error: VerifyError) -> String {
    func list(_ fields: [ResponseField]) -> String {
      guard let first = fields.first else { return "" }
      let rest = fields.dropFirst().map(flag)
      return rest.isEmpty ? flag(first) : "\(flag(first)) (or \(rest.joined(separator: ", ")))"
    }
    let kind = error.kind ?? ""
    let field = error.fields.first.map(flag) ?? ""
    switch error.code {
    case .missing:
      return "the answer is a \(kind) captcha; answer it with \(list(error.answeredWith))"
    case .notFor:
      return "the answer is a \(kind) captcha; answer it with \(list(error.answeredWith)), not \(field)"
    case .bothGiven:
      return "give either \(error.fields.map(flag).joined(separator: " or ")), not both"
    case .notFinite:
      return "\(field) must be a finite number"
    case .notPositive:
      return "\(field) must be a positive number"
    case .requiredInMode:
      return "the answer is in \(error.mode ?? "") mode, so \(field) is required"
    case .noSteps:
      return
        "the answer has no steps (made without \(flag(CaptchaOption.steps))); answer it with \(field)"
    case .notAStop:
      guard let stop = error.stop else { return error.description }
      return
        "\(flag(ResponseField.step)) \(stop.step) is not a stop of the answer; its stops are 0…\(stop.count - 1)"
    default:
      return error.description
    }
  }
}

extension CaptchaError.Kind {
  /// The sysexits code the command line exits with: 64 usage, 65 bad data, 66 missing input,
  /// 73 cannot create, 74 I/O error; 70 (internal software error) for a category it does not know.
  public var exitCode: Int32 {
    switch self {
    case .usage: return 64
    case .badData: return 65
    case .missingInput: return 66
    case .cannotCreate: return 73
    case .io: return 74
    default: return 70
    }
  }
}
