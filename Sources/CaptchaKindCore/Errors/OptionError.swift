/// Options that do not make a captcha: a value out of range, two options that do not go together, an
/// option for another kind. The sentence names the options; the front end spells them (the command
/// line exits 64).
public struct OptionError: Error, Equatable, Sendable, CustomStringConvertible {
  public var sentence: Sentence

  public init(_ sentence: Sentence) {
    self.sentence = sentence
  }

  public var description: String { sentence.description }
}
