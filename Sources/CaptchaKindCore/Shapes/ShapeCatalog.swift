import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Every built-in piece shape, in listing order, with a one-line summary each; and the one place
/// that turns a shape source and an optional rotation into a `PieceShape`.
public enum ShapeCatalog {
  /// One built-in shape and its summary.
  public struct Entry: Sendable {
    public var shape: any PieceShape
    public var summary: String
    public var name: String { shape.name }
  }

  /// The built-in shapes in listing order.
  public static let entries: [Entry] = BuiltinShapeName.allCases.map {
    Entry(shape: $0.shape, summary: summary($0))
  }

  /// The one-line description `captcha-gen shapes` prints for `name`.
  static func summary(_ name: BuiltinShapeName) -> String {
    switch name {
    case .classic: return BuiltinShape.classic.summary
    case .circle: return BuiltinShape.circle.summary
    case .square: return BuiltinShape.square.summary
    case .jigsaw:
      return "procedural jigsaw: each side flat, knob or notch, knob size and place varied per seed"
    case .tabs: return "square body with two round tabs out and two round notches in"
    case .rounded: return "a square with rounded corners"
    case .star: return "a five-pointed star"
    case .shield: return "a shield: peaked top, straight sides, pointed bottom"
    }
  }

  /// Every built-in shape, in listing order.
  public static var all: [any PieceShape] { entries.map(\.shape) }

  /// The built-in shape names, in listing order.
  public static var names: [String] { entries.map(\.name) }

  /// The shape `source` describes, turned by `rotation` when given.
  ///
  /// - Throws: the errors of `CustomShape.init(pathData:…)` and `CustomShape.load(file:…)`.
  public static func resolve(_ source: ShapeSource, rotation: RotationSpec? = nil) throws -> any PieceShape {
    var shape: any PieceShape
    switch source {
    case .builtin(let name): shape = name.shape
    case .pathData(let data, let rule): shape = try CustomShape(pathData: data, fillRule: rule)
    case .file(let path, let rule): shape = try CustomShape.load(file: path, fillRule: rule)
    }
    if let rotation {
      shape = RotatedShape(base: shape, rotation: rotation)
    }
    return shape
  }
}
