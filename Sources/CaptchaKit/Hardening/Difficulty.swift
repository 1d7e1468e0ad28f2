/// Presets over the settings that make a captcha hard for solvers (`--difficulty`); the command
/// line's default is `normal`. Options given explicitly are applied on top of a preset.
///
/// - `classic`: the plain look of the classic generators: a darkened hole with an inner shadow
///   and a thin rim on the piece, no per-captcha variation. Solved by simple scripts nearly every
///   time; kept for comparison and for sites that want it.
/// - `easy`, `normal`, `hard`: the striped hole (`StripedHole`), whose fill holds nothing of the
///   cut-out picture and whose visible edge lies inside the piece's outline, with a wide rim on the
///   piece that hides its border pixels. The levels differ in how much else is layered on top.
public enum Difficulty: String, CaseIterable, Sendable {
  case classic
  case easy
  case normal
  case hard

  /// The piece look of the hardened presets: an opaque light rim one pixel wider than the hole's
  /// inset, so the piece's visible picture starts where the hole's does and its border pixels
  /// (which continue the picture around the true hole) are hidden.
  static func hardenedPieceStyle(inset: Double) -> PieceStyle {
    PieceStyle(rimWidth: inset + 1, rimOpacity: 1)
  }

  /// Sets the preset's look on `options`; other settings (size, shape, mode…) stay as they are.
  public func apply(to options: inout MakeOptions) {
    switch self {
    case .classic:
      options.holeStyle = ShadeHole()
      options.pieceStyle = PieceStyle()
      options.variation = .none
      options.decoys.count = 0
    case .easy, .normal, .hard:
      let hole = StripedHole()
      options.holeStyle = hole
      options.pieceStyle = Self.hardenedPieceStyle(inset: hole.inset)
      options.variation = self == .easy ? .light : .strong
      options.decoys.count = [.easy: 1, .normal: 2, .hard: 3][self]!
    }
  }
}

extension MakeOptions {
  /// The options of a difficulty preset, with every other setting at its default.
  public init(difficulty: Difficulty) {
    self.init()
    difficulty.apply(to: &self)
  }
}
