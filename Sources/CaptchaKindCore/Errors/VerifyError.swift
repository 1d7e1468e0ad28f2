/// A response that does not answer a captcha the way its kind is answered. Each front end words it
/// (the command line with its options, the HTTP API with its fields); the command line exits 64 and
/// the HTTP API answers 400. A struct over a private list of reasons, so that a new reason is no
/// source break for code that reads these: compare `code` with the static members
/// (`error.code == .notFinite`), or the whole error with one (`error == .notFinite(.x)`), and read
/// the values a sentence needs from the properties below.
public struct VerifyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Which refusal it is; more may come.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case missing, notFor, bothGiven, notFinite, notPositive, requiredInMode, noSteps, notAStop
    }
    private let value: Value

    /// The response has none of the fields its kind is answered with.
    public static let missing = Code(value: .missing)
    /// A field that does not apply to the captcha's kind.
    public static let notFor = Code(value: .notFor)
    /// Two fields that are alternatives, both given.
    public static let bothGiven = Code(value: .bothGiven)
    /// A field that is not a finite number.
    public static let notFinite = Code(value: .notFinite)
    /// A field that must be a positive number.
    public static let notPositive = Code(value: .notPositive)
    /// A field the answer's drag mode requires.
    public static let requiredInMode = Code(value: .requiredInMode)
    /// A stop, for an answer made without steps.
    public static let noSteps = Code(value: .noSteps)
    /// A stop that is not one of the answer's stops.
    public static let notAStop = Code(value: .notAStop)

    public var description: String { value.rawValue }
  }

  private enum Reason: Equatable, Sendable {
    case missing(kind: String, answeredWith: [ResponseField])
    case notFor(kind: String, field: ResponseField, answeredWith: [ResponseField])
    case bothGiven(ResponseField, ResponseField)
    case notFinite(ResponseField)
    case notPositive(ResponseField)
    case requiredInMode(ResponseField, mode: String)
    case noSteps(answerWith: ResponseField)
    case notAStop(step: Int, count: Int)
  }

  private let reason: Reason

  private init(_ reason: Reason) { self.reason = reason }

  /// The response has none of the fields `kind` is answered with (`answeredWith`, first the usual).
  public static func missing(kind: String, answeredWith: [ResponseField]) -> Self {
    Self(.missing(kind: kind, answeredWith: answeredWith))
  }
  /// `field` does not apply to a `kind` captcha, which is answered with `answeredWith`.
  public static func notFor(kind: String, field: ResponseField, answeredWith: [ResponseField]) -> Self {
    Self(.notFor(kind: kind, field: field, answeredWith: answeredWith))
  }
  /// The two fields are alternatives: give one.
  public static func bothGiven(_ first: ResponseField, _ second: ResponseField) -> Self {
    Self(.bothGiven(first, second))
  }
  /// The field is not a finite number.
  public static func notFinite(_ field: ResponseField) -> Self { Self(.notFinite(field)) }
  /// The field must be a positive number.
  public static func notPositive(_ field: ResponseField) -> Self { Self(.notPositive(field)) }
  /// `field` is required by the answer's drag `mode` (`vertical`, `free`).
  public static func requiredInMode(_ field: ResponseField, mode: String) -> Self {
    Self(.requiredInMode(field, mode: mode))
  }
  /// A stop was given, but the answer was made without steps; answer it with `answerWith`.
  public static func noSteps(answerWith: ResponseField) -> Self { Self(.noSteps(answerWith: answerWith)) }
  /// The stop `step` is not one of the answer's `count` stops (0…count − 1).
  public static func notAStop(step: Int, count: Int) -> Self { Self(.notAStop(step: step, count: count)) }

  /// Which refusal this is.
  public var code: Code {
    switch reason {
    case .missing: return .missing
    case .notFor: return .notFor
    case .bothGiven: return .bothGiven
    case .notFinite: return .notFinite
    case .notPositive: return .notPositive
    case .requiredInMode: return .requiredInMode
    case .noSteps: return .noSteps
    case .notAStop: return .notAStop
    }
  }

  /// The fields the refusal is about, in its order: the stray field (`.notFor`), the two
  /// alternatives (`.bothGiven`), the field at fault (`.notFinite`, `.notPositive`,
  /// `.requiredInMode`), the field to answer with (`.noSteps`), the stop (`.notAStop`); none for
  /// `.missing`.
  public var fields: [ResponseField] {
    switch reason {
    case .missing: return []
    case .notFor(_, let field, _), .notFinite(let field), .notPositive(let field),
      .requiredInMode(let field, _),
      .noSteps(let field):
      return [field]
    case .bothGiven(let first, let second): return [first, second]
    case .notAStop: return [.step]
    }
  }

  /// The captcha's kind (`.missing`, `.notFor`); nil otherwise.
  public var kind: String? {
    switch reason {
    case .missing(let kind, _), .notFor(let kind, _, _): return kind
    default: return nil
    }
  }

  /// The fields the kind is answered with, first the usual (`.missing`, `.notFor`); empty otherwise.
  public var answeredWith: [ResponseField] {
    switch reason {
    case .missing(_, let fields), .notFor(_, _, let fields): return fields
    default: return []
    }
  }

  /// The answer's drag mode (`.requiredInMode`); nil otherwise.
  public var mode: String? {
    if case .requiredInMode(_, let mode) = reason { return mode }
    return nil
  }

  /// The stop given and the number of the answer's stops (`.notAStop`); nil otherwise.
  public var stop: (step: Int, count: Int)? {
    if case .notAStop(let step, let count) = reason { return (step, count) }
    return nil
  }

  /// The refusal with the fields written plainly (`display-width`), for logs and library users.
  public var description: String {
    func list(_ fields: [ResponseField]) -> String { fields.map(\.rawValue).joined(separator: " or ") }
    switch reason {
    case .missing(let kind, let fields): return "a \(kind) captcha is answered with \(list(fields))"
    case .notFor(let kind, let field, let fields):
      return "a \(kind) captcha is answered with \(list(fields)), not \(field.rawValue)"
    case .bothGiven(let first, let second):
      return "give either \(first.rawValue) or \(second.rawValue), not both"
    case .notFinite(let field): return "\(field.rawValue) must be a finite number"
    case .notPositive(let field): return "\(field.rawValue) must be a positive number"
    case .requiredInMode(let field, let mode):
      return "the answer is in \(mode) mode, so \(field.rawValue) is required"
    case .noSteps(let field): return "the answer has no steps; answer it with \(field.rawValue)"
    case .notAStop(let step, let count):
      return "step \(step) is not a stop of the answer; its stops are 0…\(count - 1)"
    }
  }
}
