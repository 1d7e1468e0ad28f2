import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// The built-in self-attack behind `make --check` and `batch --check`: runs attacks that see only
/// what a client gets, then judges each attack's score map against the answer (its guess, where
/// the true target ranks among all searched positions, and whether `verify` would accept the guess).
public enum SelfAttack {
  /// The attacks run by default: edge matching (class 1), masked correlation (class 2), boundary
  /// continuity (class 4) and hole finding by statistics (class 7a).
  public static let defaultAttacks: [any ClientAttack] = [
    EdgeMatchAttack(), MaskedNCCAttack(), BoundaryAttack(), HoleContrastAttack(),
  ]

  /// Attacks `view` and judges the results against `window`. Throws `.badData` when the piece is
  /// larger than the background (nothing to search).
  public static func run(
    _ view: ClientView, window: AnswerWindow, attacks: [any ClientAttack] = defaultAttacks
  ) throws -> SelfAttackReport {
    let space = view.searchSpace
    guard space.count > 0 else {
      throw CaptchaError(
        .badData,
        "check: the \(view.piece.width)×\(view.piece.height) piece does not fit the "
          + "\(view.background.width)×\(view.background.height) background")
    }
    let verdicts = attacks.map { attack -> AttackVerdict in
      let map = attack.scores(view)
      let guess = map.best
      return AttackVerdict(
        attack: attack.name, guess: guess, rank: map.rank(of: window), candidates: space.count,
        cracked: guess.map(window.accepts) ?? false)
    }
    return SelfAttackReport(verdicts: verdicts)
  }

  /// Attacks a captcha's encoded files exactly as a client would receive them (the background is
  /// decoded from its PNG, JPEG or WebP bytes), judged against its answer.
  public static func run(
    files: CaptchaFiles, answer: SlideAnswer, attacks: [any ClientAttack] = defaultAttacks
  ) throws -> SelfAttackReport {
    try run(ClientView(files: files, answer: answer), window: AnswerWindow(answer: answer), attacks: attacks)
  }
}
