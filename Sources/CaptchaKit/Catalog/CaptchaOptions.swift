import CaptchaImaging
import CaptchaKinds
import VectorRaster

/// Every option a captcha can be made with, as given (nil: not given, the kind's default applies).
/// The command line fills it from its flags and a site's entry in sites.json from its members; each
/// kind in `KindCatalog` builds itself from it and takes only the options it knows
/// (`CatalogKind.options`). No front end decides which options belong to which kind.
public struct CaptchaOptions: Sendable {
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

  /// The options that were given, in `CaptchaOption.allCases` order.
  public var given: [CaptchaOption] {
    let present: [CaptchaOption: Bool] = [
      .difficulty: difficulty != nil, .size: size != nil, .fit: fit != nil, .format: format != nil,
      .quality: quality != nil, .maxPixels: maxPixels != nil, .noFsync: durableWrites == false,
      .vary: vary != nil, .varyCrop: varyCrop != nil, .varyRotation: varyRotation != nil,
      .varyColor: varyColor != nil, .varyNoise: varyNoise != nil, .steps: steps != nil,
      .tolerance: tolerance != nil, .pieceSize: pieceSize != nil, .length: length != nil,
      .shape: shape != nil, .shapePath: shapePath != nil, .shapeFile: shapeFile != nil,
      .fillRule: fillRule != nil, .pieceRotation: pieceRotation != nil, .mode: mode != nil,
      .holeStyle: holeStyle != nil, .holeOpacity: holeOpacity != nil, .pieceLayout: pieceLayout != nil,
      .pieceShadow: pieceShadow == true, .shadowOffset: shadowOffset != nil, .shadowBlur: shadowBlur != nil,
      .shadowOpacity: shadowOpacity != nil, .pieceBevel: pieceBevel == true, .bevelWidth: bevelWidth != nil,
      .bevelStrength: bevelStrength != nil, .decoys: decoys != nil, .styleKey: styleKey != nil,
    ]
    return CaptchaOption.allCases.filter { present[$0] ?? false }
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

/// A shift in whole pixels, right and down (`--shadow-offset DX,DY`).
public struct PixelOffset: Equatable, Sendable {
  public var dx: Int
  public var dy: Int

  public init(dx: Int, dy: Int) {
    self.dx = dx
    self.dy = dy
  }
}
