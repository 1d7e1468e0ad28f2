import CCodecs
import CaptchaSupport
import VectorRaster

/// How pixels are laid out for the JPEG encoder (internal: the public API writes RGB; tests
/// also write grayscale and CMYK/YCCK files to exercise the decoder).
enum JPEGInput {
  /// RGBA, 4 bytes per pixel; the 4th byte is ignored.
  case rgba
  /// 1 byte per pixel.
  case gray
  /// Adobe-inverted CMYK, 4 bytes per pixel, stored as CMYK.
  case cmyk
  /// Adobe-inverted CMYK, 4 bytes per pixel, stored as YCCK.
  case ycck

  var bytesPerPixel: Int { self == .gray ? 1 : 4 }

  var shimValue: cc_jpeg_input {
    switch self {
    case .rgba: return CC_JPEG_IN_RGBA
    case .gray: return CC_JPEG_IN_GRAY
    case .cmyk: return CC_JPEG_IN_CMYK
    case .ycck: return CC_JPEG_IN_CMYK_AS_YCCK
    }
  }
}

extension ImageCodec {
  /// Encodes `image` as an 8-bit PNG: RGBA when `keepAlpha`, otherwise RGB. Dropping alpha
  /// first composites any pixel that is not fully opaque over white (what a browser shows on
  /// a white page); opaque images are written as they are. Settings are fixed (adaptive filters,
  /// the shim's own deflate encoder, no ancillary chunks), so equal images give equal bytes.
  public static func encodePNG(_ image: RGBAImage, keepAlpha: Bool) throws -> [UInt8] {
    let source = keepAlpha ? image : image.flattenedOverWhite()
    return try encodePNG(
      pixels: source.pixels, width: image.width, height: image.height,
      layout: keepAlpha ? CC_PNG_RGBA : CC_PNG_RGB_FROM_RGBA, bytesPerPixel: 4)
  }

  /// Encodes one byte per pixel (row-major, `width * height` bytes) as an 8-bit grayscale PNG.
  public static func encodeGrayPNG(width: Int, height: Int, pixels: [UInt8]) throws -> [UInt8] {
    guard width >= 0, height >= 0, pixels.count == width * height else {
      throw CaptchaError(
        .usage, "cannot encode a \(width)×\(height) grayscale PNG from \(pixels.count) bytes")
    }
    return try encodePNG(pixels: pixels, width: width, height: height, layout: CC_PNG_GRAY, bytesPerPixel: 1)
  }

  /// Encodes `image` as a baseline JPEG at `quality` (1–100). JPEG has no alpha: pixels that
  /// are not fully opaque are composited over white first. Settings are fixed (JFIF header,
  /// 4:2:0 chroma, accurate integer DCT, optimized Huffman tables), so equal images and
  /// quality give equal bytes.
  public static func encodeJPEG(_ image: RGBAImage, quality: Int) throws -> [UInt8] {
    let source = image.flattenedOverWhite()
    return try encodeJPEG(
      pixels: source.pixels, width: image.width, height: image.height, input: .rgba, quality: quality)
  }

  /// `encodeJPEG(_:quality:)` (the same bytes) for a picture that is not used afterwards: its
  /// pixel rows are given back to the system as the encoder reads them, so a large picture and the
  /// DCT coefficients libjpeg keeps for its optimised Huffman tables are never both in memory
  /// whole. When the caller still holds the picture, its pixels are copied first and stay intact.
  public static func encodeJPEG(releasing image: consuming RGBAImage, quality: Int) throws -> [UInt8] {
    let (width, height) = (image.width, image.height)
    var pixels = image.flattenedOverWhite().pixels
    _ = consume image
    try checkJPEG(width: width, height: height, count: pixels.count, input: .rgba, quality: quality)
    return try runEncoder(format: .jpeg, width: width, height: height) { out, length, message in
      // Mutable access: the array's storage must be ours alone (copy-on-write copies it otherwise).
      pixels.withUnsafeMutableBufferPointer { px in
        cc_jpeg_encode_releasing(
          px.baseAddress, UInt32(width), UInt32(height), width * 4, JPEGInput.rgba.shimValue,
          Int32(quality), 0, 0, out, length, message, messageCapacity)
      }
    }
  }

  /// Encodes `image` as a WebP: lossless (every pixel exact) when `quality` is nil, else lossy at
  /// `quality` (1–100). With `keepAlpha` the file keeps the alpha channel (and, lossless, the colour
  /// under transparent pixels); otherwise pixels that are not fully opaque are composited over white
  /// first, as for JPEG. Settings are fixed and the encoder runs on the calling thread, so equal
  /// images give equal bytes with the same libwebp.
  public static func encodeWebP(_ image: RGBAImage, quality: Int?, keepAlpha: Bool = false) throws -> [UInt8]
  {
    if let quality, !(1...100).contains(quality) {
      throw CaptchaError(.usage, "WebP quality must be between 1 and 100, not \(quality)")
    }
    let source = keepAlpha ? image : image.flattenedOverWhite()
    let (width, height) = (image.width, image.height)
    guard (1...webpMaxSide).contains(width), (1...webpMaxSide).contains(height) else {
      throw CaptchaError(
        .usage,
        "cannot encode a \(width)×\(height) image as WebP (each side must be 1 to \(webpMaxSide) pixels)")
    }
    return try runEncoder(format: .webp, width: width, height: height) { out, length, message in
      source.pixels.withUnsafeBufferPointer { px in
        cc_webp_encode(
          px.baseAddress, UInt32(width), UInt32(height), width * 4, keepAlpha ? 1 : 0,
          Int32(quality ?? Int(CC_WEBP_LOSSLESS)), out, length, message, messageCapacity)
      }
    }
  }

  /// The longest side a WebP may have (libwebp's WEBP_MAX_DIMENSION).
  public static let webpMaxSide = 16_383

  static func encodeJPEG(
    pixels: [UInt8], width: Int, height: Int, input: JPEGInput, quality: Int, chroma444: Bool = false,
    progressive: Bool = false
  ) throws -> [UInt8] {
    try checkJPEG(width: width, height: height, count: pixels.count, input: input, quality: quality)
    return try runEncoder(format: .jpeg, width: width, height: height) { out, length, message in
      pixels.withUnsafeBufferPointer { px in
        cc_jpeg_encode(
          px.baseAddress, UInt32(width), UInt32(height), width * input.bytesPerPixel, input.shimValue,
          Int32(quality), chroma444 ? 1 : 0, progressive ? 1 : 0, out, length, message, messageCapacity)
      }
    }
  }

  /// The quality and size checks of the JPEG encoder (`.usage` naming the problem).
  static func checkJPEG(width: Int, height: Int, count: Int, input: JPEGInput, quality: Int) throws {
    guard (1...100).contains(quality) else {
      throw CaptchaError(.usage, "JPEG quality must be between 1 and 100, not \(quality)")
    }
    guard width >= 1, height >= 1, width <= 65_500, height <= 65_500,
      count == width * height * input.bytesPerPixel
    else {
      throw CaptchaError(
        .usage, "cannot encode a \(width)×\(height) image as JPEG (each side must be 1 to 65500 pixels)")
    }
  }

  static func encodePNG(
    pixels: [UInt8], width: Int, height: Int, layout: cc_png_layout, bytesPerPixel: Int
  ) throws -> [UInt8] {
    guard width >= 1, height >= 1, width <= Int(Int32.max), height <= Int(Int32.max) else {
      throw CaptchaError(.usage, "cannot encode a \(width)×\(height) image as PNG (it has no pixels)")
    }
    return try runEncoder(format: .png, width: width, height: height) { out, length, message in
      pixels.withUnsafeBufferPointer { px in
        cc_png_encode(
          px.baseAddress, UInt32(width), UInt32(height), width * bytesPerPixel, layout, out, length,
          message, messageCapacity)
      }
    }
  }

  /// Runs one shim encode call and copies its malloc'd output into an array.
  static func runEncoder(
    format: ImageFormat, width: Int, height: Int,
    _ call: (
      _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, _ length: UnsafeMutablePointer<Int>,
      _ message: UnsafeMutablePointer<CChar>?
    ) -> cc_status
  ) throws -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>? = nil
    var length = 0
    var message = [CChar](repeating: 0, count: messageCapacity)
    let status = message.withUnsafeMutableBufferPointer { text in
      call(&out, &length, text.baseAddress)
    }
    defer { cc_free(out) }
    guard status == CC_OK, let bytes = out else {
      throw CodecFailure.encodeError(
        status, format: format, width: width, height: height, message: String(cString: message))
    }
    return [UInt8](UnsafeBufferPointer(start: bytes, count: length))
  }
}

extension RGBAImage {
  /// This image with every pixel that is not fully opaque composited over white and made
  /// opaque; returns the image unchanged when it already is opaque.
  func flattenedOverWhite() -> RGBAImage {
    if isOpaque { return self }
    var copy = self
    copy.pixels.withUnsafeMutableBufferPointer { px in
      var i = 0
      while i < px.count {
        let a = Int(px[i + 3])
        if a != 255 {
          let white = 255 * (255 - a)
          for c in 0..<3 { px[i + c] = UInt8((Int(px[i + c]) * a + white + 127) / 255) }
          px[i + 3] = 255
        }
        i += 4
      }
    }
    return copy
  }
}
