/// How a kind is answered: the fields that answer it (a response needs at least one) and the fields
/// that may come with them. Every kind checks a response against its fields before judging it, so
/// each front end refuses a response of the wrong shape the same way (`VerifyError`).
public struct ResponseFields: Sendable {
  /// The fields that answer the kind, the usual one first.
  public var answeredWith: [ResponseField]
  /// Fields that may come with the answer.
  public var alsoAccepted: [ResponseField]

  public init(answeredWith: [ResponseField], alsoAccepted: [ResponseField]) {
    self.answeredWith = answeredWith
    self.alsoAccepted = alsoAccepted
  }

  /// Throws `VerifyError.notFor` for a field the kind does not take (the first in
  /// `ResponseField.allCases` order) and `.missing` when none of `answeredWith` is given.
  public func check(_ response: ClientResponse, kind: String) throws {
    let accepted = answeredWith + alsoAccepted
    if let stray = ResponseField.allCases.first(where: { response.has($0) && !accepted.contains($0) }) {
      throw VerifyError.notFor(kind: kind, field: stray, answeredWith: answeredWith)
    }
    guard answeredWith.contains(where: response.has) else {
      throw VerifyError.missing(kind: kind, answeredWith: answeredWith)
    }
  }
}

extension ClientResponse {
  /// Whether the response carries `field`.
  public func has(_ field: ResponseField) -> Bool {
    switch field {
    case .x: return x != nil
    case .y: return y != nil
    case .angle: return angle != nil
    case .step: return step != nil
    case .path: return path != nil
    case .track: return track != nil
    case .displayWidth: return displayWidth != nil
    }
  }
}
