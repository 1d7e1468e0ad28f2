/// The named background-variation presets (`--vary`), in listing order.
public enum VariationPreset: String, CaseIterable, Sendable {
  /// No variation (`BackgroundVariation.none`).
  case none
  /// `BackgroundVariation.light`.
  case light
  /// `BackgroundVariation.strong`.
  case strong

  /// The variation this preset stands for.
  public var variation: BackgroundVariation {
    switch self {
    case .none: return BackgroundVariation.none
    case .light: return .light
    case .strong: return .strong
    }
  }
}
