import VectorRaster

/// The names of the built-in piece shapes, in listing order: the values `--shape` accepts and
/// what answer.json's `piece.shape` records for them. `ShapeCatalog` lists them with a summary each.
public enum BuiltinShapeName: String, CaseIterable, Sendable {
  case classic
  case circle
  case square
  case jigsaw
  case tabs
  case rounded
  case star
  case shield

  /// The shape with this name (its `name` is this case's raw value).
  public var shape: any PieceShape {
    switch self {
    case .classic: return BuiltinShape.classic
    case .circle: return BuiltinShape.circle
    case .square: return BuiltinShape.square
    case .jigsaw: return JigsawShape()
    case .tabs: return TabsShape()
    case .rounded: return RoundedShape()
    case .star: return StarShape()
    case .shield: return ShieldShape()
    }
  }
}

/// Where a piece outline comes from: a built-in shape, or a custom outline (SVG path data, or a
/// file holding an SVG or path data) filled with a fill rule. One value, so a caller cannot ask
/// for two outlines at once or give a fill rule to a built-in shape.
public enum ShapeSource: Equatable, Sendable {
  case builtin(BuiltinShapeName)
  case pathData(String, fillRule: FillRule)
  case file(String, fillRule: FillRule)
}
