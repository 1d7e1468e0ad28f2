import CaptchaImaging
import CaptchaKinds

extension SlideKind: CatalogKind {
  public static let options = CaptchaOption.everyKind.union([
    .steps, .tolerance, .pieceSize, .shape, .shapePath, .shapeFile, .fillRule, .pieceRotation, .mode,
    .holeStyle, .holeOpacity, .pieceLayout, .pieceShadow, .shadowOffset, .shadowBlur, .shadowOpacity,
    .pieceBevel, .bevelWidth, .bevelStrength, .decoys, .styleKey,
  ])

  /// The difficulty's preset, then every option given on top of it; checked, and when the options
  /// alone fix the background's size, checked against it too.
  public init(options o: CaptchaOptions, building: KindBuilding) throws {
    try o.checkRules()
    let difficulty = o.resolvedDifficulty
    var s = SlideOptions(difficulty: difficulty)
    s.size = o.size
    s.fit = o.fit ?? .cover
    s.pieceSize = o.pieceSize
    s.shape = try ShapeCatalog.resolve(
      o.shapeSource(default: difficulty.defaultShape), rotation: o.pieceRotation)
    s.mode = o.mode ?? .horizontal
    s.tolerance = o.tolerance ?? SlideOptions.defaultTolerance
    s.steps = o.steps
    s.format = o.resolvedFormat
    s.quality = o.resolvedQuality
    s.maxPixels = o.maxPixels ?? ImageCodec.defaultMaxPixels
    s.durableWrites = o.resolvedDurableWrites
    s.pieceLayout = o.pieceLayout ?? .tight
    if o.holeStyle != nil || o.holeOpacity != nil {
      s.holeStyle = try HoleStyleCatalog.style(
        o.holeStyle ?? difficulty.defaultHoleStyle, opacity: o.holeOpacity)
    }
    s.pieceShadow = o.pieceShadowSettings
    s.pieceStyle.bevel = o.pieceBevelSettings
    s.variation = o.variation
    if let n = o.decoys {
      s.decoys.count = n
      s.decoys.isCountChosen = true
    }
    if let secret = o.styleKeySecret { s.styleKey = try StyleKey(secret: secret) }
    s.threads = building.threads
    try s.validate(withInputImages: building.withInputImages)
    self.init(options: s)
  }
}

extension CaptchaOptions {
  /// The piece outline `shape`, `shapePath` or `shapeFile` names (with `fillRule`), else `builtin`.
  func shapeSource(default builtin: BuiltinShapeName) -> ShapeSource {
    if let data = shapePath { return .pathData(data, fillRule: fillRule ?? .nonzero) }
    if let file = shapeFile { return .file(file, fillRule: fillRule ?? .nonzero) }
    return .builtin(shape ?? builtin)
  }

  /// The drop shadow the `pieceShadow` and `shadow…` options describe, or nil.
  var pieceShadowSettings: PieceShadow? {
    guard pieceShadow == true || shadowOffset != nil || shadowBlur != nil || shadowOpacity != nil else {
      return nil
    }
    var s = PieceShadow()
    if let offset = shadowOffset { (s.offsetX, s.offsetY) = (offset.dx, offset.dy) }
    if let b = shadowBlur { s.blur = b }
    if let o = shadowOpacity { s.opacity = o }
    return s
  }

  /// The bevel the `pieceBevel` and `bevel…` options describe, or nil.
  var pieceBevelSettings: PieceBevel? {
    guard pieceBevel == true || bevelWidth != nil || bevelStrength != nil else { return nil }
    var b = PieceBevel()
    if let w = bevelWidth { b.width = w }
    if let s = bevelStrength { b.strength = s }
    return b
  }
}
