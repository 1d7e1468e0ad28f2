public import CaptchaImaging

/// The one way every front end (make, batch, serve's refill, the previews) gets a captcha's
/// background: the picture at a path prepared by the kind's `backgroundStage`, or the kind's own
/// built-in picture, so nothing is painted to be thrown away.
extension CaptchaKind {
  /// The landscape, varied like a photo; a kind with a picture of its own implements this.
  public func builtInBackground(size: PixelSize, seed: UInt64) throws -> BuiltInBackground {
    .landscape(size: size, seed: seed)
  }

  /// The kind's built-in picture for `seed`, at the stage's output size, prepared.
  public func preparedBuiltIn(seed: UInt64) throws -> PreparedBackground {
    let stage = backgroundStage
    return try stage.prepare(builtIn: builtInBackground(size: stage.builtInSize, seed: seed), seed: seed)
  }

  /// The background of the captcha for `seed`: the picture at `path`, or the built-in one (nil).
  public func preparedBackground(path: String?, seed: UInt64) throws -> PreparedBackground {
    guard let path else { return try preparedBuiltIn(seed: seed) }
    let stage = backgroundStage
    return try stage.prepare(stage.load(path: path), seed: seed)
  }

  /// Load, prepare, make: one captcha for `seed` on the picture at `path` (nil: the built-in one).
  public func make(imagePath path: String?, seed: UInt64) throws -> MadeCaptcha {
    try make(preparedBackground(path: path, seed: seed), seed: seed)
  }
}
