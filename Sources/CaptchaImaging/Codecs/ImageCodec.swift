import CCodecs
import CaptchaSupport
import VectorRaster

/// Decodes PNG, JPEG and WebP bytes to `RGBAImage` and encodes images back to them, over
/// libpng, libjpeg-turbo and libwebp (through the CCodecs shim, which keeps every setjmp/longjmp in
/// C); PNGs are written by the shim's own row writer and deflate encoder.
///
/// Decoding sniffs the format from the bytes, refuses images above a pixel limit before
/// allocating their pixels, and turns JPEGs by their EXIF orientation. Encoding uses fixed
/// settings, so the same pixels always give the same bytes (PNG: on any machine, whatever the
/// libpng and zlib versions; JPEG: with the same libjpeg-turbo).
public enum ImageCodec {
  /// The pixel limit used when the caller does not give one (50 megapixels).
  public static let defaultMaxPixels = 50_000_000

  /// Size of the buffer the shim copies library error messages into.
  static let messageCapacity = 256

  /// Decodes PNG, JPEG or WebP `bytes` to 8-bit straight-alpha RGBA. `name` (usually the path)
  /// starts every error message. JPEGs come out turned by their EXIF orientation; a large one may
  /// use up to `threads` threads (two bands of rows), with the same pixels.
  public static func decode(
    _ bytes: [UInt8], name: String, maxPixels: Int = defaultMaxPixels, threads: Int = 1
  ) throws -> RGBAImage {
    guard maxPixels >= 1 else {
      throw CaptchaError(.usage, "\(name): the pixel limit must be at least 1, not \(maxPixels).")
    }
    guard let format = ImageFormat.sniff(bytes) else {
      throw CaptchaError(.badData, "\(name): not a PNG, JPEG or WebP image")
    }
    switch format {
    case .png: return try decodePNG(bytes, name: name, maxPixels: maxPixels)
    case .jpeg: return try decodeJPEG(bytes, name: name, maxPixels: maxPixels, threads: threads)
    case .webp: return try decodeWebP(bytes, name: name, maxPixels: maxPixels)
    }
  }

  /// The displayed width and height from the header alone (JPEG: after EXIF orientation),
  /// without decoding pixels.
  public static func size(of bytes: [UInt8], name: String) throws -> (width: Int, height: Int) {
    guard let format = ImageFormat.sniff(bytes) else {
      throw CaptchaError(.badData, "\(name): not a PNG, JPEG or WebP image")
    }
    let header = try readHeader(bytes, format: format, name: name)
    let swap = header.orientation.swapsAxes
    return swap ? (header.height, header.width) : (header.width, header.height)
  }

  static func decodePNG(_ bytes: [UInt8], name: String, maxPixels: Int) throws -> RGBAImage {
    let header = try readHeader(bytes, format: .png, name: name)
    try checkLimit(header, format: .png, name: name, maxPixels: maxPixels)
    // One byte per row more than the pixels (room for the rows' filter bytes) lets the shim
    // inflate a plain file into the buffer itself (cc_png_decode_rgba); the pixels stay
    // width*height*4 bytes.
    let pixels = try decodePixels(
      header, format: .png, name: name, maxPixels: maxPixels, extraCapacity: header.height
    ) {
      _, buffer, capacity, width, height, message in
      bytes.withUnsafeBufferPointer { data in
        cc_png_decode_rgba(
          data.baseAddress, data.count, UInt64(maxPixels), buffer, capacity, &width, &height,
          message, messageCapacity)
      }
    }
    return RGBAImage(width: header.width, height: header.height, pixels: pixels)
  }

  static func decodeWebP(_ bytes: [UInt8], name: String, maxPixels: Int) throws -> RGBAImage {
    let header = try readHeader(bytes, format: .webp, name: name)
    try checkLimit(header, format: .webp, name: name, maxPixels: maxPixels)
    let pixels = try decodePixels(header, format: .webp, name: name, maxPixels: maxPixels) {
      _, buffer, capacity, width, height, message in
      bytes.withUnsafeBufferPointer { data in
        cc_webp_decode_rgba(
          data.baseAddress, data.count, UInt64(maxPixels), buffer, capacity, &width, &height, message,
          messageCapacity)
      }
    }
    return RGBAImage(width: header.width, height: header.height, pixels: pixels)
  }

  static func decodeJPEG(_ bytes: [UInt8], name: String, maxPixels: Int, threads: Int = 1) throws -> RGBAImage
  {
    let header = try readHeader(bytes, format: .jpeg, name: name)
    try checkLimit(header, format: .jpeg, name: name, maxPixels: maxPixels)
    return try decodeJPEG(
      bytes, header: header, reduction: 1, name: name, maxPixels: maxPixels, threads: threads)
  }

  /// What a format's header says, before any pixel is decoded.
  struct Header {
    var width: Int
    var height: Int
    var orientation: ExifOrientation
  }

  static func readHeader(_ bytes: [UInt8], format: ImageFormat, name: String) throws -> Header {
    var width: UInt32 = 0
    var height: UInt32 = 0
    var orientation: Int32 = 1
    var message = [CChar](repeating: 0, count: messageCapacity)
    let status = bytes.withUnsafeBufferPointer { data in
      message.withUnsafeMutableBufferPointer { text in
        switch format {
        case .png:
          return cc_png_read_size(
            data.baseAddress, data.count, &width, &height, text.baseAddress, messageCapacity)
        case .jpeg:
          return cc_jpeg_read_size(
            data.baseAddress, data.count, &width, &height, &orientation, text.baseAddress,
            messageCapacity)
        case .webp:
          return cc_webp_read_size(
            data.baseAddress, data.count, &width, &height, text.baseAddress, messageCapacity)
        }
      }
    }
    guard status == CC_OK else {
      if format == .webp && String(cString: message).hasPrefix("animated") {
        throw CaptchaError(.badData, "\(name): \(String(cString: message))")
      }
      throw CodecFailure.decodeError(
        status, format: format, name: name, message: String(cString: message), width: Int(width),
        height: Int(height), maxPixels: 0)
    }
    return Header(
      width: Int(width), height: Int(height),
      orientation: ExifOrientation(rawValue: Int(orientation)) ?? .up)
  }

  static func checkLimit(_ header: Header, format: ImageFormat, name: String, maxPixels: Int) throws {
    let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
    if overflow || pixels > maxPixels || pixels > Int.max / 4 {
      throw CodecFailure.tooLarge(
        name: name, width: header.width, height: header.height, maxPixels: maxPixels)
    }
  }

  /// Allocates width*height*4 bytes and lets `fill` (a shim decode call) write them in place:
  /// `fill(part, …)` for each of `parts` parts (bands of rows), on up to `threads` threads. When
  /// parts fail, the first one in order gives the error, as one whole decode would have met it
  /// first. A large picture's buffer is advised to huge pages first (`HugePages`). `fill` may use
  /// `extraCapacity` bytes past the pixels as scratch.
  static func decodePixels(
    _ header: Header, format: ImageFormat, name: String, maxPixels: Int, parts: Int = 1, threads: Int = 1,
    extraCapacity: Int = 0,
    fill: (
      _ part: Int, _ buffer: UnsafeMutablePointer<UInt8>?, _ capacity: Int, _ width: inout UInt32,
      _ height: inout UInt32, _ message: UnsafeMutablePointer<CChar>?
    ) -> cc_status
  ) throws -> [UInt8] {
    let count = header.width * header.height * 4
    var outcomes = [PartOutcome](repeating: PartOutcome(), count: parts)
    let capacity = count + extraCapacity
    let pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      if let base = buffer.baseAddress { HugePages.advise(UnsafeMutableRawPointer(base), count: capacity) }
      outcomes.withUnsafeMutableBufferPointer { outcomes in
        ForkJoin.run(parts: parts, threads: threads) { part in
          var outcome = PartOutcome()
          outcome.message.withUnsafeMutableBufferPointer { text in
            outcome.status = fill(
              part, buffer.baseAddress, capacity, &outcome.width, &outcome.height, text.baseAddress)
          }
          outcomes[part] = outcome
        }
      }
      initialized = outcomes.allSatisfy { $0.status == CC_OK } ? count : 0
    }
    if let failed = outcomes.first(where: { $0.status != CC_OK }) {
      throw CodecFailure.decodeError(
        failed.status, format: format, name: name, message: String(cString: failed.message),
        width: Int(failed.width), height: Int(failed.height), maxPixels: maxPixels)
    }
    for outcome in outcomes where Int(outcome.width) != header.width || Int(outcome.height) != header.height {
      throw CaptchaError(.badData, "\(name): the \(format.displayName) header changed while decoding")
    }
    return pixels
  }

  /// What one part of a decode reported: its status, message and the size it read.
  struct PartOutcome {
    var status = CC_OK
    var width: UInt32 = 0
    var height: UInt32 = 0
    var message = [CChar](repeating: 0, count: messageCapacity)
  }
}
