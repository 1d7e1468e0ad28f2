public import CaptchaSupport

/// A made captcha: the files to write (the pictures and answer.json, in writing order), the answer
/// as JSON (for `--json`), what every kind's answer has in common, and the manifest members.
public struct MadeCaptcha: Sendable {
  public var files: CaptchaFiles
  public var answer: JSONValue
  public var header: AnswerHeader
  public var manifestFields: [(String, JSONValue)]

  public init(
    files: CaptchaFiles, answer: JSONValue, header: AnswerHeader, manifestFields: [(String, JSONValue)]
  ) {
    self.files = files
    self.answer = answer
    self.header = header
    self.manifestFields = manifestFields
  }
}
