import CaptchaKit

/// A challenge made ahead of time and waiting in a pool: its pictures, its secret answer and what a
/// client may know about it. It has no id or expiry yet; `ChallengeService.issue` gives it both.
public struct ReadyChallenge: Sendable {
  /// The kind's name (`slide`, `rotate`, `pattern`).
  public var kind: String
  /// answer.json's bytes: the secret, kept by the store, never sent (except with `serve --dev`).
  public var answer: [UInt8]
  /// The same answer as a JSON value (what `--dev` adds to responses).
  public var answerJSON: JSONValue
  public var background: StoredPicture
  public var piece: StoredPicture
  /// What the client is told: sizes, the start position, the disc centre or the dots.
  public var facts: ChallengeFacts

  /// The challenge in `made`, a captcha of `kind` whose background file is `backgroundFileName`.
  public init(kind: any CaptchaKind, made: MadeCaptcha) throws {
    let name = type(of: kind).name
    guard let answer = made.files.bytes(named: CaptchaFiles.answerFileName),
      let background = made.files.bytes(named: kind.backgroundFileName),
      let piece = made.files.bytes(named: CaptchaFiles.pieceFileName)
    else {
      throw CaptchaError(.badData, "the \(name) kind made a captcha without its three files")
    }
    self.kind = name
    self.answer = answer
    self.answerJSON = made.answer
    self.background = StoredPicture(bytes: background, mediaType: Self.mediaType(of: kind.backgroundFileName))
    self.piece = try ServedPiece.picture(
      piece: StoredPicture(bytes: piece, mediaType: Self.mediaType(of: CaptchaFiles.pieceFileName)),
      beside: self.background)
    self.facts = try ChallengeFacts(answer: answer, kind: type(of: kind))
  }

  /// `image/jpeg` for a `.jpg` file name, `image/webp` for `.webp`, `image/png` otherwise.
  static func mediaType(of fileName: String) -> String {
    if fileName.hasSuffix(".jpg") { return ImageFormat.jpeg.mediaType }
    return (fileName.hasSuffix(".webp") ? ImageFormat.webp : ImageFormat.png).mediaType
  }
}
