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

/// `--kind` of `make` and `batch`: one kind (default slide). Given twice, it is refused rather than
/// cut to the last (make and batch make one kind per run).
public struct SingleKindOption: ParsableArguments {
  @Option(
    name: .customLong("kind"),
    help: ArgumentHelp(
      "Captcha kind: \(KindCatalog.names.joined(separator: ", ")) (default \(KindCatalog.names[0])).",
      valueName: "kind"))
  var kindNames: [KindName] = []

  public init() {}

  public func validate() throws {
    guard kindNames.count <= 1 else {
      throw ValidationError(
        "--kind is given \(kindNames.count) times; this command makes one kind per run (run it once per kind)."
      )
    }
  }

  /// The kind's name.
  public var name: String { kindNames.first?.name ?? KindCatalog.names[0] }

  /// The kind these options and `captchaOptions` describe, one captcha using up to `threads`.
  public func kind(_ captchaOptions: MakeOptionGroup, withInputImages: Bool, threads: Int = 1) throws
    -> any CaptchaKind
  {
    try captchaOptions.kinds(named: [name], withInputImages: withInputImages, threads: threads)[0]
  }
}

/// `serve --kind slide,rotate,pattern`: the kinds offered, in order (the first is the default),
/// each one of `KindCatalog.names`, none twice.
public struct KindList: StructuredArgument, Equatable {
  public var names: [String]

  public init(names: [String]) { self.names = names }

  public static func parse(_ text: String) throws -> KindList {
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
      PlainText.trimmed(String($0))
    }
    if let unknown = names.first(where: { !KindCatalog.names.contains($0) }) {
      throw ValidationError(
        "'\(unknown)' is not a captcha kind; expected a comma list of \(KindCatalog.names.joined(separator: ", "))"
      )
    }
    guard Set(names).count == names.count else { throw ValidationError("a kind is listed twice") }
    return KindList(names: names)
  }

  /// The lists one after the other (`--kind` given more than once).
  public init(joining lists: [KindList]) {
    names = lists.flatMap(\.names)
  }

  public var defaultValueDescription: String { names.joined(separator: ",") }
}
