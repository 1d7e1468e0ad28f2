import CaptchaImaging
import CaptchaKinds
import CaptchaSupport

/// A kind with a built-in self-attack (`make --check`, `batch --check`): the strongest cheap attacks
/// on what a client of that kind receives. Every kind in the catalog has one.
public protocol SelfAttackingKind: CaptchaKind {
  /// Attacks a captcha's encoded files, exactly as a client would receive them, and judges the
  /// attacks against its answer.json `bytes`.
  static func selfAttack(files: CaptchaFiles, answer bytes: [UInt8]) throws -> SelfAttackReport
}

extension SlideKind: SelfAttackingKind {
  /// Edge matching, masked correlation, boundary continuity and hole statistics (`SelfAttack`).
  public static func selfAttack(files: CaptchaFiles, answer bytes: [UInt8]) throws -> SelfAttackReport {
    try SelfAttack.run(files: files, answer: try SlideAnswer.parse(bytes, name: CaptchaFiles.answerFileName))
  }
}

extension RotateKind: SelfAttackingKind {
  /// Rim matching, the upright prior and its half-means variant, the object axes
  /// (`RimMatchAttack`, `UprightPriorAttack`, `UprightHalvesAttack`, `ObjectAxisAttack`).
  public static func selfAttack(files: CaptchaFiles, answer bytes: [UInt8]) throws -> SelfAttackReport {
    try RimMatchAttack.run(
      files: files, answer: try RotateAnswer.parse(bytes, name: CaptchaFiles.answerFileName))
  }
}

extension PatternKind: SelfAttackingKind {
  /// Per-cell silhouettes on the decoded board and hint (`PatternTemplateAttack.run` forwards to
  /// `PatternSilhouetteAttack`).
  public static func selfAttack(files: CaptchaFiles, answer bytes: [UInt8]) throws -> SelfAttackReport {
    let answer = try PatternAnswer.parse(bytes, name: CaptchaFiles.answerFileName)
    guard let board = files.bytes(named: answer.background.file),
      let hint = files.bytes(named: answer.piece.file)
    else {
      throw CaptchaError(
        .badData, "check: the captcha lacks \(answer.background.file) or \(answer.piece.file)")
    }
    return SelfAttackReport(verdicts: [
      PatternTemplateAttack.run(
        board: try ImageCodec.decode(board, name: answer.background.file),
        hint: try ImageCodec.decode(hint, name: answer.piece.file), answer: answer)
    ])
  }
}
