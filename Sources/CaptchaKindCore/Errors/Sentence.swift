/// One sentence for the user that names options or response fields without spelling them: each
/// front end (the command line, the HTTP API, sites.json) writes the names its own way. Written as a
/// string with the names interpolated: `"\(CaptchaOption.pieceSize) \(p) is too small"`.
public struct Sentence: Equatable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  /// A piece of the sentence: words, or a name for the front end to spell.
  public enum Part: Equatable, Sendable {
    case text(String)
    case option(CaptchaOption)
    case field(ResponseField)
  }

  public var parts: [Part]

  public init(parts: [Part]) {
    self.parts = parts
  }

  public init(stringLiteral value: String) {
    parts = [.text(value)]
  }

  public init(stringInterpolation: StringInterpolation) {
    parts = stringInterpolation.parts
  }

  /// The two sentences one after the other.
  public static func + (first: Sentence, second: Sentence) -> Sentence {
    Sentence(parts: first.parts + second.parts)
  }

  /// The sentence with each option written by `option` and each field by `field`.
  public func text(option: (CaptchaOption) -> String, field: (ResponseField) -> String) -> String {
    parts.map { part in
      switch part {
      case .text(let words): return words
      case .option(let o): return option(o)
      case .field(let f): return field(f)
      }
    }
    .joined()
  }

  /// The sentence with names written plainly (`piece-size`), for logs and library users.
  public var description: String {
    text(option: { $0.rawValue }, field: { $0.rawValue })
  }

  /// Collects the parts of an interpolated sentence.
  public struct StringInterpolation: StringInterpolationProtocol {
    var parts: [Part] = []

    public init(literalCapacity: Int, interpolationCount: Int) {}

    public mutating func appendLiteral(_ literal: String) {
      if !literal.isEmpty { parts.append(.text(literal)) }
    }

    public mutating func appendInterpolation(_ option: CaptchaOption) {
      parts.append(.option(option))
    }

    public mutating func appendInterpolation(_ field: ResponseField) {
      parts.append(.field(field))
    }

    public mutating func appendInterpolation(_ value: some Any) {
      parts.append(.text("\(value)"))
    }
  }
}
