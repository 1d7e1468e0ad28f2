import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

extension Answer {
  /// The answer's JSON with the self-attack's report appended as `check` (for `make --check
  /// --json` on stdout; answer.json on disk never carries it). Without a report, `json` unchanged.
  public func json(check report: SelfAttackReport?) -> JSONValue {
    guard let report, case .object(var members) = json else { return json }
    members.append(("check", report.json))
    return .object(members)
  }
}
