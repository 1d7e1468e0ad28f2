import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Presets over the settings that make a captcha hard for solvers (`--difficulty`); the command
/// line's default is `normal`. Options given explicitly are applied on top of a preset.
///
/// - `classic`: the plain look of the classic generators: a darkened hole with an inner shadow
///   and a thin rim on the piece, no per-captcha variation. Solved by simple scripts nearly every
///   time; kept for comparison and for sites that want it.
/// - `easy`, `normal`, `hard` (issue 12): the textured hole (`TexturedHole`: the photo's own
///   colour and texture, a recess's light as the cue), decoys exactly on the piece's row, a 4 px
///   opaque rim on the piece, and per-captcha background variation: easy: light variation, 1
///   decoy with other knobs and notches; normal: strong variation without noise, 2 such decoys;
///   hard: strong variation with noise and 4 twins with the piece's own outline (as many as fit:
///   2 to 4 at 320×160), which only the picture tells apart.
public enum Difficulty: String, CaseIterable, Sendable {
  case classic
  case easy
  case normal
  case hard

  /// The rim of the hardened presets' piece, in pixels: opaque, so the pixels at the piece's
  /// border, which continue the picture just outside the true hole pixel for pixel (what the
  /// boundary attack compares), are covered, and a pixel thinner than the striped look's rim, which
  /// ran over the eroded hole's 4-px band too. Measured on the train photos (30 captchas): at
  /// 2.5 px the boundary attack found the target 40% of the time, at 4 px 13%.
  static let hardenedRimWidth = 4.0

  /// The piece look of the hardened presets: an opaque light rim `hardenedRimWidth` wide.
  static var hardenedPieceStyle: PieceStyle { PieceStyle(rimWidth: hardenedRimWidth, rimOpacity: 1) }

  /// The preset's piece shape: the procedural jigsaw for the hardened presets (its knobs and
  /// notches read as a jigsaw piece; twins share them); the fixed classic piece otherwise.
  public var defaultShape: BuiltinShapeName { self == .classic ? .classic : .jigsaw }

  /// The preset's hole style: the textured hole for the hardened presets, the shaded hole for
  /// classic (what `--hole-opacity` alone adjusts).
  public var defaultHoleStyle: HoleStyleName { self == .classic ? .shade : .texture }

  /// The preset's decoys: all on the piece's own row (the row says nothing). `easy` and `normal`
  /// draw decoys whose knob/notch layout differs from the piece's, which a person reads at a
  /// glance; `hard` draws twins with the piece's own outline, which leaves a person only the
  /// picture to go by (measured: about 4 in 10 right, see README "Hard for bots").
  public var decoys: DecoySettings {
    switch self {
    case .classic: return DecoySettings()
    case .easy: return DecoySettings(count: 1, band: 0)
    case .normal: return DecoySettings(count: 2, band: 0)
    case .hard: return DecoySettings(count: 4, band: 0, twins: true)
    }
  }

  /// Sets the preset's look on `options`, shape included; other settings (size, mode…) stay as
  /// they are.
  public func apply(to options: inout MakeOptions) {
    options.shape = defaultShape.shape
    switch self {
    case .classic:
      options.holeStyle = ShadeHole()
      options.pieceStyle = PieceStyle()
      options.variation = .none
      options.decoys = decoys
    case .easy, .normal, .hard:
      options.holeStyle = TexturedHole()
      options.pieceStyle = Self.hardenedPieceStyle
      options.decoys = decoys
      switch self {
      case .easy:
        options.variation = .light
      case .normal:
        // Noise adds nothing against the attack suite once the crop varies, and it makes PNGs of
        // large pictures bigger and slower to encode.
        options.variation = .strong
        options.variation.noise = 0
      default:
        options.variation = .strong
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
