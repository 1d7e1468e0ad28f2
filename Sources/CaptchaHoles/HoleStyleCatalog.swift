import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// The hole styles by name (`HoleStyleName`, `--hole-style`), in listing order.
public enum HoleStyleCatalog {
  /// Style names, in listing order.
  public static var names: [String] { HoleStyleName.allCases.map(\.rawValue) }

  /// One instance of every style with its default opacity.
  public static var all: [any HoleStyle] { HoleStyleName.allCases.map { $0.style(opacity: nil) } }

  /// The style called `name` (default `shade`), with `opacity` (0…1) when given.
  ///
  /// - Throws: `OptionError` naming the hole opacity when `opacity` is outside 0…1.
  public static func style(_ name: HoleStyleName = .shade, opacity: Double? = nil) throws -> any HoleStyle {
    if let o = opacity, !(o >= 0 && o <= 1) {
      throw OptionError("\(CaptchaOption.holeOpacity) \(o) must be between 0 and 1")
    }
    return name.style(opacity: opacity)
  }
}
