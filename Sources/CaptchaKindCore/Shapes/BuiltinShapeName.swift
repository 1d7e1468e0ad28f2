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
