import CaptchaKinds

extension RotateOptions {
  /// Takes the background stage, format, quality, durability and piece size from slide's options.
  public init(make options: SlideOptions) {
    self.init(backgroundStage: options.backgroundStage)
    format = options.format
    quality = options.quality
    durableWrites = options.durableWrites
    diameter = options.pieceSize
  }
}

extension PatternOptions {
  /// Takes the background stage, format, quality and durability from slide's options.
  public init(length: Int = PatternOptions.defaultLength, make options: SlideOptions) {
    self.init(length: length, backgroundStage: options.backgroundStage)
    format = options.format
    quality = options.quality
    durableWrites = options.durableWrites
  }
}
