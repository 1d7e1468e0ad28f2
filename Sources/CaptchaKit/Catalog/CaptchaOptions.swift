import CaptchaImaging
import CaptchaKinds
import VectorRaster

/// Every option a captcha can be made with, as given (nil: not given, the kind's default applies).
/// The command line fills it from its flags and a site's look in sites.json through `OptionTable`; each
/// kind in `KindCatalog` builds itself from it and takes only the options it knows
/// (`CatalogKind.options`). No front end decides which options belong to which kind.
public struct CaptchaOptions: Equatable, Sendable {
  // Every kind: the background and the files.
  public var difficulty: Difficulty?
  public var size: PixelSize?
  public var fit: Fit?
  public var format: OutputFormat?
  public var quality: Int?
  public var maxPixels: Int?
  /// false: do not fsync the files (`--no-fsync`).
  public var durableWrites: Bool?
  public var vary: VariationPreset?
  public var varyCrop: Double?
  public var varyRotation: Double?
  public var varyColor: Double?
  public var varyNoise: Int?
  // Slide and rotate.
  public var steps: Int?
  public var tolerance: Int?
  public var pieceSize: Int?
  // Pattern.
  public var length: Int?
  // Slide.
  public var shape: BuiltinShapeName?
  public var shapePath: String?
  public var shapeFile: String?
  public var fillRule: FillRule?
  public var pieceRotation: RotationSpec?
  public var mode: DragMode?
  public var holeStyle: HoleStyleName?
  public var holeOpacity: Double?
  public var pieceLayout: PieceLayout?
  /// true: a drop shadow with the default settings (the `shadow…` options imply it).
  public var pieceShadow: Bool?
  public var shadowOffset: PixelOffset?
  public var shadowBlur: Int?
  public var shadowOpacity: Double?
  /// true: a bevel with the default settings (the `bevel…` options imply it).
  public var pieceBevel: Bool?
  public var bevelWidth: Int?
  public var bevelStrength: Double?
  public var decoys: Int?
  /// The style key's secret, given explicitly.
  public var styleKey: String?
  /// A style key's secret that applies wherever a kind takes one but is never counted as given
  /// (the command line's `CAPTCHA_STYLE_KEY`), so it does not make other kinds refuse the options.
  public var fallbackStyleKey: String?

  public init() {}

  /// The options that were given, in `CaptchaOption.allCases` order (each row of `OptionTable`
  /// says whether its option is).
  public var given: [CaptchaOption] {
    OptionTable.rows.filter { $0.isGiven(in: self) }.map(\.option)
  }

  /// Sets `option` from `input` through its row; throws `OptionValueError` saying what was expected.
  public mutating func set(_ option: CaptchaOption, _ input: OptionInput) throws {
    try OptionTable.row(option).set(input, in: &self)
  }

  /// The rules between options that hold whatever the kind: one outline at most, a fill rule only
  /// for a custom outline. `OptionError` names the options.
  public func checkRules() throws {
    let outlines = given.filter { [.shape, .shapePath, .shapeFile].contains($0) }
    if outlines.count > 1 {
      throw OptionError("\(outlines[0]) and \(outlines[1]) cannot be used together; choose one.")
    }
    if fillRule != nil && shapePath == nil && shapeFile == nil {
      throw OptionError(
        "\(CaptchaOption.fillRule) applies to custom outlines only; add \(CaptchaOption.shapePath) or "
          + "\(CaptchaOption.shapeFile).")
    }
  }
}

/// A shift in whole pixels, right and down (`DX,DY`).
public struct PixelOffset: Equatable, Sendable {
  public var dx: Int
  public var dy: Int

  public init(dx: Int, dy: Int) {
    self.dx = dx
    self.dy = dy
  }
}
