public import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// A decoded input picture before it is fitted: the pixels and where they came from (`source` is
/// nil for the built-in procedural background). `image` may be the picture decoded at a reduced
/// scale (`BackgroundStage.reduction(for:)`); `size` is then the full picture's size, which it
/// stands for.
public struct SourceBackground: Sendable {
  public var image: RGBAImage
  public var source: SourceInfo?
  /// The size of the picture `image` stands for (its own size unless it was decoded reduced).
  public var size: PixelSize

  public init(image: RGBAImage, source: SourceInfo?, size: PixelSize? = nil) {
    self.image = image
    self.source = source
    self.size = size ?? PixelSize(width: image.width, height: image.height)
  }
}

/// The picture a captcha is drawn on, at its output size, with the record of what was done to it
/// (`resize` and `variation` go into answer.json).
public struct PreparedBackground: Sendable {
  public var image: RGBAImage
  public var source: SourceInfo?
  public var resize: ResizeInfo?
  public var variation: VariationRecord?

  public init(
    image: RGBAImage, source: SourceInfo?, resize: ResizeInfo? = nil, variation: VariationRecord? = nil
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
  /// Threads the decode and the variation may use (`SlideOptions.threads`); the pixels do not depend
  /// on it.
  public var threads = 1

  public init(
    size: PixelSize? = nil, fit: Fit = .cover, maxPixels: Int = ImageCodec.defaultMaxPixels,
    variation: BackgroundVariation = .none
  ) {
    self.size = size
    self.fit = fit
    self.maxPixels = maxPixels
    self.variation = variation
  }

  /// Largest accepted output side: keeps the built-in background and resizes bounded.
  public static let maxSide = 16_384

  /// Rejects impossible settings with an `OptionError` naming the option: fewer than one thread,
  /// an output side above `maxSide` or with more pixels than `maxPixels`, a pixel limit below 1, a
  /// variation out of range.
  public func validate() throws {
    guard threads >= 1 else { throw OptionError("\(CaptchaOption.threads) \(threads) must be at least 1.") }
    if let s = size, s.width > Self.maxSide || s.height > Self.maxSide {
      throw OptionError(
        "\(CaptchaOption.size) \(s.width)x\(s.height) is too large; each side must be at most \(Self.maxSide)"
      )
    }
    if let s = size, s.width * s.height > maxPixels {
      throw OptionError(
        "\(CaptchaOption.size) \(s.width)x\(s.height) has \(s.width * s.height) pixels, above the limit of \(maxPixels); "
          + "raise \(CaptchaOption.maxPixels) to allow it")
    }
    if maxPixels < 1 {
      throw OptionError("\(CaptchaOption.maxPixels) \(maxPixels) must be at least 1")
    }
    try variation.validate()
  }

  /// Whether `prepare` depends on the seed. When it does not, a batch prepares each picture once
  /// and reuses the result for all its items.
  public var dependsOnSeed: Bool { variation.isActive }

  /// Decodes the picture at `path` (`.missingInput`, `.badData` naming it), at the reduced scale
  /// `reduction(for:)` allows for its size.
  public func load(path: String) throws -> SourceBackground {
    let bytes = try ImageCodec.readFile(path: path)
    let (width, height) = try ImageCodec.size(of: bytes, name: path)
    let full = PixelSize(width: width, height: height)
    let reduction = reduction(for: full)
    let decode = { (threads: Int) in
      Result {
        try ImageCodec.decode(bytes, name: path, reduction: reduction, maxPixels: maxPixels, threads: threads)
      }
    }
    // answer.json's SHA-256 of the file is worked out beside a decode that leaves a thread spare.
    let decodeThreads = ImageCodec.decodeThreads(
      format: ImageFormat.sniff(bytes) ?? .png, storedPixels: width * height, reduction: reduction,
      threads: threads)
    let (image, sha256) =
      threads > decodeThreads && bytes.count >= Self.bytesToHashBeside
      ? ForkJoin.both(threads: threads, { decode(1) }, { SHA256.hexDigest(bytes) })
      : (decode(threads), SHA256.hexDigest(bytes))
    let source = SourceInfo(path: path, width: width, height: height, sha256: sha256)
    return SourceBackground(image: try image.get(), source: source, size: full)
  }

  /// Files smaller than this are hashed after the decode: a thread for their hash would save
  /// little. The 2 MB of the 12 MP test photo, decoded at 1/8 for `--size 320x160`: median of 50
  /// interleaved runs about 0.7 ms faster with the hash beside.
  static let bytesToHashBeside = 1 << 20

  /// How many times smaller (1, 2, 4 or 8: `ImageCodec.jpegReductions`) a picture of `source`'s
  /// size is decoded: the largest reduction at which what this stage resamples (the variation's
  /// smallest possible window, or the `--fit` region) still has at least as many pixels as the
  /// output on both axes, so decoding smaller never makes the stage enlarge. 1 without `--size`.
  /// JPEGs then decode at libjpeg-turbo's reduced DCT scale and PNGs are area-averaged once, so
  /// a batch resamples each item's window from a picture close to the output's size, not from
  /// the full photo.
  public func reduction(for source: PixelSize) -> Int {
    guard let size, source.width > 0, source.height > 0 else { return 1 }
    let factors = ImageCodec.jpegReductions
    if variation.isActive {
      return variation.reduction(source: source, size: size, fit: fit, factors: factors)
    }
    let ratioX = Double(source.width) / Double(size.width)
    let ratioY = Double(source.height) / Double(size.height)
    // cover and stretch shrink each axis by at least the smaller ratio; contain by the larger.
    let allowed = fit == .contain ? max(ratioX, ratioY) : min(ratioX, ratioY)
    return factors.first { Double($0) <= allowed } ?? 1
  }

  /// The size a kind draws its built-in picture at: `size`, else 320×160.
  public var builtInSize: PixelSize {
    size ?? PixelSize(width: ProceduralBackground.defaultWidth, height: ProceduralBackground.defaultHeight)
  }

  /// A kind's built-in picture (drawn at `builtInSize`) prepared: varied like a photo when it
  /// `varies`, else as it was drawn.
  public func prepare(builtIn: consuming BuiltInBackground, seed: UInt64) throws -> PreparedBackground {
    guard builtIn.varies else { return PreparedBackground(image: builtIn.image, source: nil) }
    return try prepare(SourceBackground(image: builtIn.image, source: nil), seed: seed)
  }

  /// Fits `input` to the output: the variation drawn for `seed` when it is on, otherwise a resize
  /// to `size` when that differs from the picture's. Throws `.badData` for an empty picture.
  public func prepare(_ input: consuming SourceBackground, seed: UInt64) throws -> PreparedBackground {
    let source = input.source
    let full = input.size
    var image = input.image
    _ = consume input  // `image` now holds the only reference: the variation works in place
    guard image.width > 0, image.height > 0 else {
      throw CaptchaError(.badData, "\(source?.file ?? "built-in background"): the image is empty")
    }
    var variationRecord: VariationRecord? = nil
    if variation.isActive {
      variationRecord = variation.apply(
        to: &image, source: full, size: size, fit: fit, seed: seed, threads: threads)
    } else if let size, size.width != image.width || size.height != image.height {
      image = Resize.fit(image, width: size.width, height: size.height, fit: fit)
    }
    let resize = size.flatMap { s in
      source == nil ? nil : ResizeInfo(fit: fit, width: s.width, height: s.height)
    }
    return PreparedBackground(image: image, source: source, resize: resize, variation: variationRecord)
  }
}
