import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// A decoded input picture before it is fitted: the pixels and where they came from (`source` is
/// nil for the built-in procedural background).
public struct SourceBackground: Sendable {
  public var image: RGBAImage
  public var source: SourceInfo?

  public init(image: RGBAImage, source: SourceInfo?) {
    self.image = image
    self.source = source
  }
}

/// The picture a captcha is drawn on, at its output size, with the record of what was done to it
/// (`resize` and `variation` go into answer.json).
public struct PreparedBackground: Sendable {
  public var image: RGBAImage
  public var source: SourceInfo?
  public var resize: Answer.ResizeInfo?
  public var variation: VariationRecord?

  public init(
    image: RGBAImage, source: SourceInfo?, resize: Answer.ResizeInfo? = nil, variation: VariationRecord? = nil
  ) {
    self.image = image
    self.source = source
    self.resize = resize
    self.variation = variation
  }
}

/// The one stage that turns an input picture into a captcha's background, shared by `make`, `batch`
/// and every kind, so an item of a batch and `make --seed <its seed> --image <its picture>` start
/// from the same pixels: decode (or draw the built-in background), then either the per-captcha
/// background variation (a crop window of the full picture, turned and resampled to the output
/// size) or a plain resize to `--size` with `--fit`.
public struct BackgroundStage: Sendable {
  /// The output size; nil keeps the picture's own size (the built-in background is then 320×160).
  public var size: PixelSize?
  public var fit: Fit
  /// Pictures with more pixels than this are refused before decoding.
  public var maxPixels: Int
  public var variation: BackgroundVariation

  public init(size: PixelSize?, fit: Fit, maxPixels: Int, variation: BackgroundVariation) {
    self.size = size
    self.fit = fit
    self.maxPixels = maxPixels
    self.variation = variation
  }

  /// The stage `options` describe.
  public init(options: MakeOptions) {
    self.init(
      size: options.size, fit: options.fit, maxPixels: options.maxPixels, variation: options.variation)
  }

  /// Whether `prepare` depends on the seed. When it does not, a batch prepares each picture once
  /// and reuses the result for all its items.
  public var dependsOnSeed: Bool { variation.isActive }

  /// Decodes the picture at `path` (`.missingInput`, `.badData` naming it).
  public func load(path: String) throws -> SourceBackground {
    let (image, bytes) = try ImageCodec.decodeFile(path: path, maxPixels: maxPixels)
    return SourceBackground(image: image, source: SourceInfo(path: path, image: image, bytes: bytes))
  }

  /// The built-in procedural background for `seed`, at `size` (default 320×160).
  public func builtIn(seed: UInt64) -> SourceBackground {
    let s =
      size ?? PixelSize(width: ProceduralBackground.defaultWidth, height: ProceduralBackground.defaultHeight)
    return SourceBackground(
      image: ProceduralBackground.make(width: s.width, height: s.height, seed: seed), source: nil)
  }

  /// The picture at `path`, or the built-in background when `path` is nil.
  public func load(path: String?, seed: UInt64) throws -> SourceBackground {
    guard let path else { return builtIn(seed: seed) }
    return try load(path: path)
  }

  /// Fits `input` to the output: the variation drawn for `seed` when it is on, otherwise a resize
  /// to `size` when that differs from the picture's. Throws `.badData` for an empty picture.
  public func prepare(_ input: consuming SourceBackground, seed: UInt64) throws -> PreparedBackground {
    let source = input.source
    var image = input.image
    _ = consume input  // `image` now holds the only reference: the variation works in place
    guard image.width > 0, image.height > 0 else {
      throw CaptchaError(.badData, "\(source?.file ?? "built-in background"): the image is empty")
    }
    var variationRecord: VariationRecord? = nil
    if variation.isActive {
      variationRecord = variation.apply(to: &image, size: size, fit: fit, seed: seed)
    } else if let size, size.width != image.width || size.height != image.height {
      image = Resize.fit(image, width: size.width, height: size.height, fit: fit)
    }
    let resize = size.flatMap { s in
      source == nil ? nil : Answer.ResizeInfo(fit: fit, width: s.width, height: s.height)
    }
    return PreparedBackground(image: image, source: source, resize: resize, variation: variationRecord)
  }
}
