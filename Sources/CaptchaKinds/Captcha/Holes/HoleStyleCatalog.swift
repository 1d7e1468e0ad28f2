import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// The hole styles selectable by name (`--hole-style`), in listing order.
public enum HoleStyleCatalog {
  /// Style names, in listing order.
  public static let names = [
    "shade", "overlay", "transparent", "outline", "inner-shadow", "stripes", "texture",
  ]

  /// One instance of every style with its default opacity.
  public static var all: [any HoleStyle] { names.compactMap { try? style(named: $0) } }

  /// The style called `name` (nil: `shade`), with `opacity` (0…1) when given; `.usage` errors name
  /// the option and the accepted values.
  public static func style(named name: String?, opacity: Double? = nil) throws -> any HoleStyle {
    if let o = opacity, !(o >= 0 && o <= 1) {
      throw CaptchaError(.usage, "--hole-opacity \(o) must be between 0 and 1")
    }
    switch name ?? "shade" {
    case "shade": return opacity.map { ShadeHole(opacity: $0) } ?? ShadeHole()
    case "overlay": return opacity.map { OverlayHole(opacity: $0) } ?? OverlayHole()
    case "transparent": return opacity.map { TransparentHole(opacity: $0) } ?? TransparentHole()
    case "outline": return opacity.map { OutlineHole(opacity: $0) } ?? OutlineHole()
    case "inner-shadow": return opacity.map { InnerShadowHole(opacity: $0) } ?? InnerShadowHole()
    case "stripes": return opacity.map { StripedHole(opacity: $0) } ?? StripedHole()
    case "texture": return opacity.map { TexturedHole(opacity: $0) } ?? TexturedHole()
    default:
      throw CaptchaError(
        .usage, "unknown --hole-style '\(name ?? "")'; use one of: \(names.joined(separator: ", "))")
    }
  }
}
