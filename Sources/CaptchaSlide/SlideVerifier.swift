import CaptchaHoles
import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// Checks a client's drop position against an answer.
public enum SlideVerifier {
  /// True when (x, y) — piece.png's top-left as the client placed it — is within the tolerance
  /// of the target: |x − target.x| ≤ tolerance and, unless the mode is horizontal,
  /// |y − target.y| ≤ tolerance (a missing y then fails).
  ///
  /// With `displayWidth` the position was measured on a background shown `displayWidth` pixels
  /// wide; it is scaled by `background.width / displayWidth` (both axes, the image keeps its aspect
  /// ratio) before comparing, so CSS scaling on the client does not matter. Non-finite inputs or a
  /// non-positive display width fail. A stepped answer (`--steps`) snaps x to the nearest stop and
  /// passes when that is the target's stop.
  public static func verify(answer: SlideAnswer, x: Double, y: Double?, displayWidth: Double? = nil)
    -> Bool
  {
    var scale = 1.0
    if let dw = displayWidth {
      guard dw.isFinite, dw > 0 else { return false }
      scale = Double(answer.background.width) / dw
    }
    guard x.isFinite else { return false }
    if let steps = answer.steps {
      return steps.nearestIndex(to: x * scale) == steps.index
    }
    let tol = Double(answer.tolerance)
    guard abs(x * scale - Double(answer.target.x)) <= tol else { return false }
    if answer.mode == .horizontal { return true }
    guard let y, y.isFinite else { return false }
    return abs(y * scale - Double(answer.target.y)) <= tol
  }
}
