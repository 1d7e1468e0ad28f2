/// The result of judging a response: pass or fail, one short reason for logs and clients, and the
/// reason's stable code for a client that words it in its own language. The reason never gives the
/// answer away (no distances to the target).
public struct Verdict: Equatable, Sendable {
  public var passed: Bool
  public var reason: String
  public var code: VerdictCode

  public init(passed: Bool, reason: String, code: VerdictCode) {
    self.passed = passed
    self.reason = reason
    self.code = code
  }
}

/// A stable key for why a response passed or failed (`reason_code` in serve's answers; the widget's
/// catalogs word each as `reason.CODE`). New codes may come: a client shows the English `reason`
/// for one it does not know.
public struct VerdictCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public var description: String { rawValue }

  /// The response is right (and its proof of work, if any, solved).
  public static let passed = VerdictCode(rawValue: "passed")
  /// slide: the piece is not where it fits.
  public static let notInGap = VerdictCode(rawValue: "not_in_gap")
  /// rotate: the picture is not turned upright.
  public static let notUpright = VerdictCode(rawValue: "not_upright")
  /// pattern: the path visits other dots, or in another order.
  public static let patternMismatch = VerdictCode(rawValue: "pattern_mismatch")
  /// pattern: the path visits fewer dots than the sequence has.
  public static let patternTooShort = VerdictCode(rawValue: "pattern_too_short")
  /// The drag track is not one a person makes.
  public static let trackRejected = VerdictCode(rawValue: "track_rejected")
  /// The server wants a drag track with every answer, and this one had none.
  public static let trackRequired = VerdictCode(rawValue: "track_required")
  /// The challenge has a proof of work and the answer carried no solution.
  public static let powMissing = VerdictCode(rawValue: "pow_missing")
  /// The proof of work's solution does not solve the challenge's puzzles.
  public static let powWrong = VerdictCode(rawValue: "pow_wrong")
}
