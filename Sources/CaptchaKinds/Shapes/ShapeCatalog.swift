import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Every built-in piece shape, in listing order, with a one-line summary each; and the one place
/// that turns command-line choices (`--shape`, `--shape-path`, `--shape-file`, `--fill-rule`,
/// `--piece-rotation`) into a `PieceShape`.
public enum ShapeCatalog {
  /// One built-in shape and its summary.
  public struct Entry: Sendable {
    public var shape: any PieceShape
    public var summary: String
    public var name: String { shape.name }
  }

  /// The built-in shapes in listing order.
  public static let entries: [Entry] = [
    Entry(shape: BuiltinShape.classic, summary: BuiltinShape.classic.summary),
    Entry(shape: BuiltinShape.circle, summary: BuiltinShape.circle.summary),
    Entry(shape: BuiltinShape.square, summary: BuiltinShape.square.summary),
    Entry(
      shape: JigsawShape(),
      summary: "procedural jigsaw: each side flat, knob or notch, knob size and place varied per seed"),
    Entry(shape: TabsShape(), summary: "square body with two round tabs out and two round notches in"),
    Entry(shape: RoundedShape(), summary: "a square with rounded corners"),
    Entry(shape: StarShape(), summary: "a five-pointed star"),
    Entry(shape: ShieldShape(), summary: "a shield: peaked top, straight sides, pointed bottom"),
  ]

  /// Every built-in shape, in listing order.
  public static var all: [any PieceShape] { entries.map(\.shape) }

  /// The names accepted by `--shape`, in listing order.
  public static var names: [String] { entries.map(\.name) }

  /// The built-in shape called `name`.
  ///
  /// - Throws: `.usage` naming the unknown shape and listing the valid names.
  public static func shape(named name: String) throws -> any PieceShape {
    if let e = entries.first(where: { $0.name == name }) { return e.shape }
    throw CaptchaError(
      .usage, "unknown shape '\(name)'; choose one of: \(names.joined(separator: ", "))")
  }

  /// The shape the command-line options describe: a built-in `name` (default classic), or a
  /// custom outline from `pathData` or `file` filled with `fillRule` (default nonzero), turned
  /// by `rotation` (`DEG` or `A:B`) when given.
  ///
  /// - Throws: `.usage` for conflicting or unknown choices; the errors of
  ///   `CustomShape.init(pathData:…)`, `CustomShape.load(file:…)` and `RotationSpec.parse`.
  public static func resolve(
    name: String? = nil, pathData: String? = nil, file: String? = nil, fillRule: String? = nil,
    rotation: String? = nil
  ) throws -> any PieceShape {
    let given = [
      name.map { _ in "--shape" }, pathData.map { _ in "--shape-path" }, file.map { _ in "--shape-file" },
    ]
    .compactMap { $0 }
    guard given.count <= 1 else {
      throw CaptchaError(.usage, "\(given.joined(separator: " and ")) cannot be used together; choose one")
    }
    var rule = FillRule.nonzero
    if let text = fillRule {
      guard let r = FillRule(rawValue: text) else {
        throw CaptchaError(.usage, "invalid --fill-rule '\(text)'; choose nonzero or evenodd")
      }
      guard pathData != nil || file != nil else {
        throw CaptchaError(
          .usage, "--fill-rule applies to custom shapes only; add --shape-path or --shape-file")
      }
      rule = r
    }
    var shape: any PieceShape
    if let d = pathData {
      shape = try CustomShape(pathData: d, fillRule: rule)
    } else if let f = file {
      shape = try CustomShape.load(file: f, fillRule: rule)
    } else {
      shape = try self.shape(named: name ?? BuiltinShape.classic.name)
    }
    if let r = rotation {
      shape = RotatedShape(base: shape, rotation: try RotationSpec.parse(r))
    }
    return shape
  }
}
