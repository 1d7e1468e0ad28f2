/// The result of judging a response: pass or fail and one short reason for logs and clients. The
/// reason never gives the answer away (no distances to the target).
public struct Verdict: Equatable, Sendable {
  public var passed: Bool
  public var reason: String

  public init(passed: Bool, reason: String) {
    self.passed = passed
    self.reason = reason
  }
}
