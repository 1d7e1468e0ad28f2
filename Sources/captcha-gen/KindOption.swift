import ArgumentParser
import CaptchaKit

/// A `--kind` value: one of `KindCatalog.names` (anything else is refused with exit 64, listing them).
struct KindName: ExpressibleByArgument, Equatable {
  var name: String

  init(_ name: String) { self.name = name }

  init?(argument: String) {
    guard KindCatalog.names.contains(argument) else { return nil }
    name = argument
  }

  static var allValueStrings: [String] { KindCatalog.names }
  var defaultValueDescription: String { name }
}

extension MakeOptionGroup {
  /// The kind called `kind`, built from these arguments; `--length` only with `--kind pattern`.
  func kind(named kind: KindName) throws -> any CaptchaKind {
    switch kind.name {
    case PatternKind.name:
      return try PatternKind(
        options: PatternOptions(length: length ?? PatternOptions.defaultLength, make: makeOptions()))
    default:
      guard length == nil else {
        throw CaptchaError(.usage, "--length applies only to --kind pattern")
      }
      return SlideKind(options: try makeOptions())
    }
  }
}
