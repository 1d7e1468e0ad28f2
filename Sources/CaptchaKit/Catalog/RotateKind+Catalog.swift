import CaptchaKinds

extension RotateKind: CatalogKind {
  public static let options = CaptchaOption.everyKind.union([.steps, .tolerance, .pieceSize])

  /// The shared background stage and files; `pieceSize` is the disc's diameter, `tolerance` in degrees.
  public init(options o: CaptchaOptions, building: KindBuilding) throws {
    var r = RotateOptions(backgroundStage: o.backgroundStage(threads: building.threads))
    r.format = o.resolvedFormat
    r.quality = o.resolvedQuality
    r.durableWrites = o.resolvedDurableWrites
    r.diameter = o.pieceSize
    r.tolerance = o.tolerance ?? RotateOptions.defaultTolerance
    r.steps = o.steps
    try r.validate()
    self.init(options: r)
  }
}
