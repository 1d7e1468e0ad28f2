import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport

/// Judges a clockwise turn against a rotate answer.
public enum RotateVerifier {
  /// The distance between two angles around the circle, 0…180 degrees (any finite inputs).
  public static func circularDistance(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 360)
    if d < 0 { d += 360 }
    return min(d, 360 - d)
  }

  /// True when `angle` is within the answer's tolerance of its angle around the circle; for a
  /// stepped answer, when `angle` snaps to the target stop. Non-finite angles fail.
  public static func verify(answer: RotateAnswer, angle: Double) -> Bool {
    guard angle.isFinite else { return false }
    if let steps = answer.steps {
      return steps.nearestIndex(to: angle, period: 360) == steps.index
    }
    return circularDistance(angle, answer.angle) <= Double(answer.tolerance)
  }
}
