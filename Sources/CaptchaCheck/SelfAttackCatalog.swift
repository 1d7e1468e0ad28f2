import CaptchaImaging
import CaptchaKinds
import CaptchaSupport

/// The built-in self-attack of each captcha kind, chosen by answer.json's `kind`, so `make --check`
/// and `batch --check` work for every kind without knowing what is inside it. A new kind adds its
/// attacks here.
public enum SelfAttackCatalog {
  /// Attacks a captcha's encoded files (answer.json among them) as a client would receive them.
  public static func run(files: CaptchaFiles) throws -> SelfAttackReport {
    let name = CaptchaFiles.answerFileName
    guard let bytes = files.bytes(named: name) else {
      throw CaptchaError(.badData, "check: the captcha has no \(name)")
    }
    let header = try AnswerHeader.decode(bytes, name: name)
    switch header.kindName {
    case SlideKind.name:
      return try SelfAttack.run(files: files, answer: try SlideAnswer.parse(bytes, name: name))
    case PatternKind.name:
      return try patternAttack(files: files, answer: try PatternAnswer.parse(bytes, name: name))
    case RotateKind.name:
      return try RimMatchAttack.run(files: files, answer: try RotateAnswer.parse(bytes, name: name))
    default:
      throw CaptchaError(.badData, "check: there is no self-attack for \(header.kindName) captchas")
    }
  }

  /// The pattern self-attack: icon template matching on the decoded board and hint.
  static func patternAttack(files: CaptchaFiles, answer: PatternAnswer) throws -> SelfAttackReport {
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

  /// Attacks the captcha in `folder` (written by `make` or `batch`) from its files.
  public static func run(folder: String) throws -> SelfAttackReport {
    let answerBytes = try AnswerDecoding.readBytes(
      path: PathText.appending(folder, CaptchaFiles.answerFileName))
    let header = try AnswerHeader.decode(answerBytes, name: CaptchaFiles.answerFileName)
    var files: [(name: String, bytes: [UInt8])] = []
    for name in [header.piece.file, header.background.file] {
      files.append((name, try ImageCodec.readFile(path: PathText.appending(folder, name))))
    }
    files.append((CaptchaFiles.answerFileName, answerBytes))
    return try run(files: CaptchaFiles(files: files))
  }
}

extension JSONValue {
  /// This answer's JSON with the self-attack's report appended as `check` (for `make --check
  /// --json` on stdout; answer.json on disk never carries it). Without a report, unchanged.
  public func appending(check report: SelfAttackReport?) -> JSONValue {
    guard let report, case .object(var members) = self else { return self }
    members.append(("check", report.json))
    return .object(members)
  }
}
