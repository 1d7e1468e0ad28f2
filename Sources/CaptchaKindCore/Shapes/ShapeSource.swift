public import VectorRaster

/// Where a piece outline comes from: a built-in shape, or a custom outline (SVG path data, or a
/// file holding an SVG or path data) filled with a fill rule. One value, so a caller cannot ask
/// for two outlines at once or give a fill rule to a built-in shape.
public enum ShapeSource: Equatable, Sendable {
  case builtin(BuiltinShapeName)
  case pathData(String, fillRule: FillRule)
  case file(String, fillRule: FillRule)
}
