import CaptchaKindCore

/// The names of the hole styles (`--hole-style`), in listing order; each is the `name` of the
/// style `HoleStyleCatalog` makes for it.
public enum HoleStyleName: String, CaseIterable, Sendable {
  case shade
  case overlay
  case transparent
  case outline
  case innerShadow = "inner-shadow"
  case stripes
  case texture

  /// The style with its default opacity, or with `opacity` (assumed within 0…1) when given.
  func style(opacity: Double?) -> any HoleStyle {
    switch self {
    case .shade: return opacity.map { ShadeHole(opacity: $0) } ?? ShadeHole()
    case .overlay: return opacity.map { OverlayHole(opacity: $0) } ?? OverlayHole()
    case .transparent: return opacity.map { TransparentHole(opacity: $0) } ?? TransparentHole()
    case .outline: return opacity.map { OutlineHole(opacity: $0) } ?? OutlineHole()
    case .innerShadow: return opacity.map { InnerShadowHole(opacity: $0) } ?? InnerShadowHole()
    case .stripes: return opacity.map { StripedHole(opacity: $0) } ?? StripedHole()
    case .texture: return opacity.map { TexturedHole(opacity: $0) } ?? TexturedHole()
    }
  }
}
