public import CaptchaHoles
import CaptchaImaging
public import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// What each `--difficulty` preset sets on a slide captcha besides the background variation.
extension Difficulty {
  /// The rim of the hardened presets' piece, in pixels: opaque, so the pixels at the piece's
  /// border, which continue the picture just outside the true hole pixel for pixel (what the
  /// boundary attack compares), are covered, and a pixel thinner than the striped look's rim, which
  /// ran over the eroded hole's 4-px band too. Measured on the train photos (30 captchas): at
  /// 2.5 px the boundary attack found the target 40% of the time, at 4 px 13%.
  static let hardenedRimWidth = 4.0

  /// The strength of the `normal` preset's recess light (`TexturedHole.opacity`; `easy` and `hard`
  /// keep the hole's 0.75). The recess light is what the PyPI slide solvers read: measured on the
  /// train photos and the built-in background with one decoy (docs/security.md
  /// "Slide"), 0.55 instead of 0.75 took the best PyPI solver from 53.3% / 86.7% to 36.7% / 46.7%
  /// and the best cheap attack from 73.3% / 90.0% to 66.7% / 66.7%, while a blind person read
  /// went from 29 to 27 of 30.
  static let normalRecessOpacity = 0.55

  /// The piece look of the hardened presets: an opaque light rim `hardenedRimWidth` wide.
  static var hardenedPieceStyle: PieceStyle { PieceStyle(rimWidth: hardenedRimWidth, rimOpacity: 1) }

  /// The preset's piece shape: the procedural jigsaw for the hardened presets (its knobs and
  /// notches read as a jigsaw piece; twins share them); the fixed classic piece otherwise.
  public var defaultShape: BuiltinShapeName { self == .classic ? .classic : .jigsaw }

  /// The preset's hole style: the textured hole for the hardened presets, the shaded hole for
  /// classic (what `--hole-opacity` alone adjusts).
  public var defaultHoleStyle: HoleStyleName { self == .classic ? .shade : .texture }

  /// The preset's decoys: all on the piece's own row (the row says nothing). `easy` and `normal`
  /// draw one decoy whose knob/notch layout differs from the piece's, which a person reads at a
  /// glance (blind reads of 30: 29 right with one such decoy, 24 with two; the cheap attacks
  /// found the target as often either way: docs/security.md, "Slide"); `hard` draws twins with
  /// the piece's own outline, which leaves a person only the picture to go by (measured: about 4
  /// in 10 right, see docs/security.md).
  public var decoys: DecoySettings {
    switch self {
    case .classic: return DecoySettings()
    case .easy: return DecoySettings(count: 1, band: 0)
    case .normal: return DecoySettings(count: 1, band: 0)
    case .hard: return DecoySettings(count: 4, band: 0, twins: true)
    }
  }

  /// Sets the preset's look on `options`, shape included; other settings (size, mode…) stay as
  /// they are.
  public func apply(to options: inout SlideOptions) {
    options.shape = defaultShape.shape
    options.decoys = decoys
    options.variation = variation
    switch self {
    case .classic:
      options.holeStyle = ShadeHole()
      options.pieceStyle = PieceStyle()
    case .easy, .normal, .hard:
      options.holeStyle = self == .normal ? TexturedHole(opacity: Self.normalRecessOpacity) : TexturedHole()
      options.pieceStyle = Self.hardenedPieceStyle
    }
  }
}

extension SlideOptions {
  /// The options of a difficulty preset, with every other setting at its default.
  public init(difficulty: Difficulty) {
    self.init()
    difficulty.apply(to: &self)
  }
}
