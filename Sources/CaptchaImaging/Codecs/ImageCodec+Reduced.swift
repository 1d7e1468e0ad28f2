import CCodecs
import CaptchaSupport
import VectorRaster

extension ImageCodec {
  /// The DCT scale reductions libjpeg-turbo can decode at, largest first (1/8, 1/4, 1/2, 1/1).
  public static let jpegReductions = [8, 4, 2, 1]

  /// Decodes `bytes` like `decode(_:name:maxPixels:)`, but no larger than needed for `size`: a JPEG
  /// is decoded with libjpeg-turbo's reduced-size inverse DCT at the largest reduction of
  /// `jpegReductions` whose result, after EXIF orientation, is still at least `size.width` ×
  /// `size.height`; a PNG (which has no such reduction) is decoded whole. A reduction of r gives
  /// ⌈width / r⌉ × ⌈height / r⌉ pixels, so the result is never smaller than `size` unless the image
  /// itself is. The pixels are not those of a full decode resized: the caller resamples the result
  /// to its final size. `maxPixels` applies to the stored size.
  ///
  /// Throws `.usage` for a size that is not positive; otherwise the errors of `decode`.
  public static func decode(
    _ bytes: [UInt8], name: String, atLeast size: PixelSize, maxPixels: Int = defaultMaxPixels
  ) throws -> RGBAImage {
    guard size.width >= 1, size.height >= 1 else {
      throw CaptchaError(
        .usage, "\(name): the size to decode at least must be positive, not \(size.width)×\(size.height).")
    }
    guard ImageFormat.sniff(bytes) == .jpeg else {
      return try decode(bytes, name: name, maxPixels: maxPixels)
    }
    guard maxPixels >= 1 else {
      throw CaptchaError(.usage, "\(name): the pixel limit must be at least 1, not \(maxPixels).")
    }
    let header = try readHeader(bytes, format: .jpeg, name: name)
    try checkLimit(header, format: .jpeg, name: name, maxPixels: maxPixels)
    let displayed =
      header.orientation.swapsAxes
      ? PixelSize(width: header.height, height: header.width)
      : PixelSize(width: header.width, height: header.height)
    let reduction = jpegReduction(for: displayed, atLeast: size)
    return try decodeJPEG(bytes, header: header, reduction: reduction, name: name, maxPixels: maxPixels)
  }

  /// Decodes `bytes` at 1/`reduction` of its displayed size: ⌈width / r⌉ × ⌈height / r⌉ pixels
  /// standing for the whole picture. A JPEG uses libjpeg-turbo's reduced-size inverse DCT (so the
  /// full-size pixels never exist); a PNG is decoded whole and area-averaged (`Resize.reduced`).
  /// `reduction` must be one of `jpegReductions`; 1 is a plain `decode`. `maxPixels` applies to
  /// the stored size. A large JPEG may use up to `threads` threads, with the same pixels.
  ///
  /// Throws `.usage` for a reduction not in `jpegReductions`; otherwise the errors of `decode`.
  public static func decode(
    _ bytes: [UInt8], name: String, reduction: Int, maxPixels: Int = defaultMaxPixels, threads: Int = 1
  ) throws -> RGBAImage {
    guard jpegReductions.contains(reduction) else {
      throw CaptchaError(
        .usage, "\(name): the decode reduction must be one of \(jpegReductions.sorted()), not \(reduction).")
    }
    guard reduction > 1 else { return try decode(bytes, name: name, maxPixels: maxPixels, threads: threads) }
    guard ImageFormat.sniff(bytes) == .jpeg else {
      return Resize.reduced(try decode(bytes, name: name, maxPixels: maxPixels), by: reduction)
    }
    guard maxPixels >= 1 else {
      throw CaptchaError(.usage, "\(name): the pixel limit must be at least 1, not \(maxPixels).")
    }
    let header = try readHeader(bytes, format: .jpeg, name: name)
    try checkLimit(header, format: .jpeg, name: name, maxPixels: maxPixels)
    return try decodeJPEG(
      bytes, header: header, reduction: reduction, name: name, maxPixels: maxPixels, threads: threads)
  }

  /// The largest reduction r of `jpegReductions` for which ⌈width / r⌉ × ⌈height / r⌉ of an image of
  /// `imageSize` is at least `size` on both axes (1 when even the full size is smaller).
  public static func jpegReduction(for imageSize: PixelSize, atLeast size: PixelSize) -> Int {
    jpegReductions.first { r in
      reduced(imageSize.width, by: r) >= size.width && reduced(imageSize.height, by: r) >= size.height
    } ?? 1
  }

  /// ⌈length / reduction⌉, libjpeg's output size for a scale of 1/reduction.
  static func reduced(_ length: Int, by reduction: Int) -> Int {
    (length + reduction - 1) / reduction
  }

  /// Decodes a JPEG whose header was read at 1/`reduction` scale, then applies its EXIF orientation.
  /// A large picture is decoded in two bands of rows on two threads when `threads` allows
  /// (`jpegBands`); the pixels are the same.
  static func decodeJPEG(
    _ bytes: [UInt8], header: Header, reduction: Int, name: String, maxPixels: Int, threads: Int = 1
  ) throws -> RGBAImage {
    var scaled = header
    scaled.width = reduced(header.width, by: reduction)
    scaled.height = reduced(header.height, by: reduction)
    let bands = jpegBands(
      height: scaled.height, storedPixels: header.width * header.height, reduction: reduction,
      threads: threads)
    var orientation: Int32 = 1
    let pixels = try decodePixels(
      scaled, format: .jpeg, name: name, maxPixels: maxPixels, parts: bands.count, threads: threads
    ) { part, buffer, capacity, width, height, message in
      var partOrientation: Int32 = 1
      let status = bytes.withUnsafeBufferPointer { data in
        cc_jpeg_decode_rgba_band(
          data.baseAddress, data.count, UInt64(maxPixels), UInt32(reduction), UInt32(bands[part].lowerBound),
          UInt32(bands[part].count), buffer, capacity, &width, &height, &partOrientation, message,
          messageCapacity)
      }
      if part == 0 { orientation = partOrientation }
      return status
    }
    let stored = RGBAImage(width: scaled.width, height: scaled.height, pixels: pixels)
    return (ExifOrientation(rawValue: Int(orientation)) ?? .up).apply(to: stored)
  }

  /// How many threads decoding a picture of `format` with `storedPixels` pixels at 1/`reduction`
  /// takes when `threads` are allowed (1, or 2 for a JPEG decoded in two bands), so a caller can
  /// give a spare thread other work.
  public static func decodeThreads(format: ImageFormat, storedPixels: Int, reduction: Int, threads: Int)
    -> Int
  {
    format == .jpeg
      && jpegSplitShare(storedPixels: storedPixels, reduction: reduction, threads: threads) != nil
      ? 2 : 1
  }

  /// The first band's share of the rows when a JPEG is decoded in two bands, nil when it is decoded
  /// in one: `threads` allow two, the stored picture has at least `jpegPixelsPerThread` pixels
  /// and the reduction is split (`jpegFirstBandShare`).
  static func jpegSplitShare(storedPixels: Int, reduction: Int, threads: Int) -> Double? {
    guard threads > 1, storedPixels >= jpegPixelsPerThread else { return nil }
    return jpegFirstBandShare[reduction]
  }

  /// The bands of rows a JPEG of `height` output rows is decoded in: one, or two when `threads`
  /// allows and the stored picture has at least `jpegPixelsPerThread` pixels. The second band
  /// also entropy-decodes the rows of the first (libjpeg-turbo skips them without their inverse
  /// DCT and colour conversion), so the first band takes more rows: `jpegFirstBandShare`.
  static func jpegBands(height: Int, storedPixels: Int, reduction: Int, threads: Int) -> [Range<Int>] {
    guard let share = jpegSplitShare(storedPixels: storedPixels, reduction: reduction, threads: threads)
    else {
      return [0..<height]
    }
    let split = Int(Double(height) * share) / 16 * 16
    guard split > 0, split < height else { return [0..<height] }
    return [0..<split, split..<height]
  }

  /// Stored pictures smaller than this are decoded on one thread.
  static let jpegPixelsPerThread = 1 << 21
  /// The first band's share of the rows, per reduction: 1 / (2 − s), where s is the time skipping
  /// every row takes against decoding them all, so both bands take as long. s measured on a 12 MP
  /// 4:2:0 photo (libjpeg-turbo 2.1, this machine): 0.57 at 1/1, 0.73 at 1/2, 0.82 at 1/4, 0.91 at
  /// 1/8. Only the full scale is split: at 1/4 two bands took 14.9 ms against 17.3 in a C loop,
  /// but `make --size 320x160` of the 12 MP photo got slower (median of 40 runs 26.1 -> 32.9 ms,
  /// the fastest runs alike, the slow ones 5-8 ms slower; the cause is not known).
  static let jpegFirstBandShare: [Int: Double] = [1: 0.70]
}
