import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// A solver that sees only what a client gets (`ClientView`) and scores every candidate position of
/// the piece; the highest score is its guess. Attacks never see the answer: `SelfAttack` judges
/// their score maps against it afterwards.
public protocol ClientAttack: Sendable {
  /// The attack's name, as in the Python attack suite (tools/attacks).
  var name: String { get }
  /// Scores for every position of `view.searchSpace`.
  func scores(_ view: ClientView) -> ScoreMap
}
