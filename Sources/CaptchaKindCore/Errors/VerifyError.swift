/// A response that does not answer a captcha the way its kind is answered. Each front end words it
/// (the command line with its options, the HTTP API with its fields); the command line exits 64 and
/// the HTTP API answers 400.
public enum VerifyError: Error, Equatable, Sendable {
  /// The response has none of the fields `kind` is answered with (`answeredWith`, first the usual).
  case missing(kind: String, answeredWith: [ResponseField])
  /// `field` does not apply to a `kind` captcha, which is answered with `answeredWith`.
  case notFor(kind: String, field: ResponseField, answeredWith: [ResponseField])
  /// The two fields are alternatives: give one.
  case bothGiven(ResponseField, ResponseField)
  /// The field is not a finite number.
  case notFinite(ResponseField)
  /// The field must be a positive number.
  case notPositive(ResponseField)
  /// `field` is required by the answer's drag `mode` (`vertical`, `free`).
  case requiredInMode(ResponseField, mode: String)
  /// A stop was given, but the answer was made without steps; answer it with `answerWith`.
  case noSteps(answerWith: ResponseField)
  /// The stop `step` is not one of the answer's `count` stops (0…count − 1).
  case notAStop(step: Int, count: Int)
}
