import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Presets over the settings that make a captcha hard for solvers (`--difficulty`); the command
/// line's default is `normal`. Options given explicitly are applied on top of a preset.
///
/// - `classic`: the plain look of the classic generators: a darkened hole with an inner shadow
///   and a thin rim on the piece, no per-captcha variation. Solved by simple scripts nearly every
///   time; kept for comparison and for sites that want it.
/// - `easy`, `normal`, `hard`: the striped hole (`StripedHole`), whose fill holds nothing of the
///   cut-out picture and whose visible edge lies inside the piece's outline, with an opaque rim on
///   the piece that hides its border pixels, per-captcha background variation and decoy holes:
///   easy: light variation, 1 decoy; normal: strong variation without noise, 2 decoys; hard:
///   strong variation with noise, 3 decoys (as many as fit: at 320×160 with a 60 px piece that is
///   usually 2).
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

  /// The preset's piece shape: the procedural jigsaw for the hardened presets, whose decoys
  /// differ from the piece in which sides have knobs or notches (plain for people to tell apart
  /// even with the hole's edge drawn inside the outline); the fixed classic piece otherwise.
  public var defaultShape: BuiltinShapeName { self == .classic ? .classic : .jigsaw }

  /// The preset's hole style: the striped hole for the hardened presets, the shaded hole for
  /// classic (what `--hole-opacity` alone adjusts).
  public var defaultHoleStyle: HoleStyleName { self == .classic ? .shade : .stripes }

  /// Sets the preset's look on `options`, shape included; other settings (size, mode…) stay as
  /// they are.
  public func apply(to options: inout MakeOptions) {
    options.shape = defaultShape.shape
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
      switch self {
      case .easy:
        options.variation = .light
        options.decoys.count = 1
      case .normal:
        // Noise adds nothing against the attack suite once the crop varies, and it makes PNGs of
        // large pictures bigger and slower to encode.
        options.variation = .strong
        options.variation.noise = 0
        options.decoys.count = 2
      default:
        options.variation = .strong
        options.decoys.count = 3
      }
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
