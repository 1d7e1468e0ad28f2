import ArgumentParser
import CaptchaKit

/// `--kind NAME`: a captcha kind of this build, its valid values taken from `KindCatalog`, so a
/// new kind appears in `--help` and in the parse error by being added there.
struct KindOption: ExpressibleByArgument, Equatable {
  /// The kind's name (`KindCatalog.names`).
  let name: String

  init?(argument: String) {
    guard KindCatalog.names.contains(argument) else { return nil }
    name = argument
  }

  static var allValueStrings: [String] { KindCatalog.names }

  static let slide = KindOption(argument: SlideKind.name)!

  var defaultValueDescription: String { name }
}
