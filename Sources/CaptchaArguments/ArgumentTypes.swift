import ArgumentParser
import CaptchaKit

// Enum-like options: each is a library enum whose raw values are the accepted words. ArgumentParser
// reads them, lists them in --help ("values: …") and completions, and answers a bad word with a
// usage error (exit 64) that lists the valid ones, e.g. "The value 'bogus' is invalid for
// '--fill-rule <rule>'. Please provide one of 'nonzero' and 'evenodd'."
extension Fit: ExpressibleByArgument {}
extension DragMode: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension PieceLayout: ExpressibleByArgument {}
extension Difficulty: ExpressibleByArgument {}
extension FillRule: ExpressibleByArgument {}
extension BuiltinShapeName: ExpressibleByArgument {}
extension HoleStyleName: ExpressibleByArgument {}
extension VariationPreset: ExpressibleByArgument {}

/// An option value written in a small syntax of its own (`320x160`, `-20:20`, `2,3`, `0/4`…).
/// `parse` reads it and, for text it cannot read, throws a `ValidationError` saying what was
/// expected; options declare `transform: T.parse` so ArgumentParser appends that reason to its usage
/// error ("The value 'x' is invalid for '--size <WxH>': expected …", exit 64).
public protocol StructuredArgument: ExpressibleByArgument {
  static func parse(_ text: String) throws -> Self
}

extension StructuredArgument {
  public init?(argument: String) {
    guard let value = try? Self.parse(argument) else { return nil }
    self = value
  }
}
