/// An option's value as a front end received it: text (the command line, a JSON string), a JSON
/// number, or a JSON true/false (a switch). `OptionRow.set` reads it.
public enum OptionInput: Sendable, Equatable {
  case text(String)
  case number(Double)
  case bool(Bool)

  /// The value as text: a whole number without a fraction (`8`, not `8.0`).
  func valueText() throws -> String {
    switch self {
    case .text(let text): return text
    case .number(let number):
      let whole = number == number.rounded() && abs(number) < 1e15
      return whole ? String(Int64(number)) : String(number)
    case .bool: throw OptionValueError("expected a value, not true or false")
    }
  }

  /// Whether a switch is on.
  func switchValue() throws -> Bool {
    guard case .bool(let on) = self else { throw OptionValueError("expected true or false") }
    return on
  }

  /// A whole number.
  static func whole(_ text: String) throws -> Int {
    guard let value = Int(text) else { throw OptionValueError("expected a whole number") }
    return value
  }

  /// A finite decimal number.
  static func decimal(_ text: String) throws -> Double {
    guard let value = Double(text), value.isFinite else { throw OptionValueError("expected a number") }
    return value
  }

  /// Text taken as it is (a path, SVG path data, a secret).
  static func verbatim(_ text: String) throws -> String { text }

  /// One of the type's words.
  static func word<Value: RawRepresentable & CaseIterable>(_ text: String) throws -> Value
  where Value.RawValue == String {
    guard let value = Value(rawValue: text) else {
      let words = Value.allCases.map(\.rawValue)
      throw OptionValueError("expected one of \(words.joined(separator: ", "))")
    }
    return value
  }
}

/// An option's value that cannot be read: `reason` says what was expected ("expected
/// WIDTHxHEIGHT in positive whole pixels, e.g. 320x160"); the front end names the option and value.
public struct OptionValueError: Error, Equatable, Sendable, CustomStringConvertible {
  public var reason: String

  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String { reason }
}
