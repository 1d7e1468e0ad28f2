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
