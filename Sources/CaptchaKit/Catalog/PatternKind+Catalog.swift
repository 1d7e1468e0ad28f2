import CaptchaKinds

extension PatternKind: CatalogKind {
  public static let options = CaptchaOption.everyKind.union([.length])

  /// The shared background stage (a 240×240 board without `size`) and files; `length` dots to connect.
  public init(options o: CaptchaOptions, building: KindBuilding) throws {
    var p = PatternOptions(
      length: o.length ?? PatternOptions.defaultLength,
      backgroundStage: o.backgroundStage(threads: building.threads))
    p.format = o.resolvedFormat
    p.quality = o.resolvedQuality
    p.durableWrites = o.resolvedDurableWrites
    try self.init(options: p)
  }
}
