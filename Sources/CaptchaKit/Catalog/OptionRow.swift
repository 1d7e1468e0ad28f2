import CaptchaKinds

/// One option in `OptionTable`: what it is called, what its help says, how its value is written
/// and read, and where it goes in `CaptchaOptions`. The command line's flags, the catalog's
/// refusals (`CaptchaOptions.given`) and a site's look in sites.json all come from the rows.
public struct OptionRow: Sendable {
  /// The option's identity (`--piece-size` on the command line, `piece_size` in sites.json).
  public let option: CaptchaOption
  /// What the option does, naming other options without spelling them.
  public let help: Sentence
  /// The value's name in help (`WxH`, `n`); nil where the front end's default name reads well.
  public let valueName: String?
  /// Whether the option is a switch (no value: on when present).
  public let isSwitch: Bool
  /// Why a site's look in sites.json may not set the option; nil where it may.
  public let notInLooks: String?
  /// A value the option accepts, written as on the command line ("" for a switch).
  public let example: String
  let store: @Sendable (inout CaptchaOptions, OptionInput) throws -> Void
  let isGiven: @Sendable (CaptchaOptions) -> Bool

  /// Sets the option in `options` from `input`; throws `OptionValueError` saying what was expected.
  public func set(_ input: OptionInput, in options: inout CaptchaOptions) throws {
    try store(&options, input)
  }

  /// The kinds that take the option, in catalog order: each kind says which options it takes
  /// (`CatalogKind.options`), so a new kind changes no row.
  public var kinds: [String] {
    KindCatalog.kinds.filter { $0.options.contains(option) }.map { $0.name }
  }

  /// Whether `options` has this option given.
  public func isGiven(in options: CaptchaOptions) -> Bool {
    isGiven(options)
  }
}

extension OptionRow {
  /// An option with a value, read by `read` from its text.
  static func value<Value: Sendable>(
    _ option: CaptchaOption, _ keyPath: WritableKeyPath<CaptchaOptions, Value?> & Sendable,
    help: Sentence, valueName: String? = nil, example: String, notInLooks: String? = nil,
    read: @escaping @Sendable (String) throws -> Value
  ) -> OptionRow {
    OptionRow(
      option: option, help: help, valueName: valueName, isSwitch: false, notInLooks: notInLooks,
      example: example,
      store: { options, input in options[keyPath: keyPath] = try read(try input.valueText()) },
      isGiven: { $0[keyPath: keyPath] != nil })
  }

  /// An option with one of a type's words as its value (`--fit cover`).
  static func word<Value: RawRepresentable & CaseIterable & Sendable>(
    _ option: CaptchaOption, _ keyPath: WritableKeyPath<CaptchaOptions, Value?> & Sendable,
    help: Sentence, valueName: String? = nil, notInLooks: String? = nil
  ) -> OptionRow where Value.RawValue == String {
    value(
      option, keyPath, help: help, valueName: valueName, example: Value.allCases.first!.rawValue,
      notInLooks: notInLooks, read: { try OptionInput.word($0) })
  }

  /// A switch: present (true) stores `on`, absent or false leaves the option not given.
  static func onOff(
    _ option: CaptchaOption, _ keyPath: WritableKeyPath<CaptchaOptions, Bool?> & Sendable, on: Bool,
    help: Sentence, notInLooks: String? = nil
  ) -> OptionRow {
    OptionRow(
      option: option, help: help, valueName: nil, isSwitch: true, notInLooks: notInLooks, example: "",
      store: { options, input in
        if try input.switchValue() { options[keyPath: keyPath] = on }
      },
      isGiven: { $0[keyPath: keyPath] == on })
  }
}
