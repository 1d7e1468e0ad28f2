import CCodecs
import CaptchaSupport
import VectorRaster

/// Turns shim status codes into the user-facing `CaptchaError` sentences of the codecs.
enum CodecFailure {
  /// "bg.png: image is 100000×100000 (10000 MP), above the limit of 50 MP; raise the pixel
  /// limit to allow it"
  static func tooLarge(name: String, width: Int, height: Int, maxPixels: Int) -> CaptchaError {
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    let amount = overflow ? "over \(Int.max) pixels" : megapixels(pixels)
    return CaptchaError(
      .badData,
      "\(name): image is \(width)×\(height) (\(amount)), above the limit of \(megapixels(maxPixels)); "
        + "raise the pixel limit to allow it")
  }

  static func decodeError(
    _ status: cc_status, format: ImageFormat, name: String, message: String, width: Int,
    height: Int, maxPixels: Int
  ) -> CaptchaError {
    switch status {
    case CC_TOO_LARGE:
      return tooLarge(name: name, width: width, height: height, maxPixels: maxPixels)
    case CC_NO_MEMORY:
      return CaptchaError(
        .io, "\(name): not enough memory to decode the \(width)×\(height) \(format.displayName) image")
    default:
      return CaptchaError(
        .badData, "\(name): truncated or corrupt \(format.displayName) data (\(message))")
    }
  }

  static func encodeError(_ status: cc_status, format: ImageFormat, width: Int, height: Int, message: String)
    -> CaptchaError
  {
    if status == CC_NO_MEMORY {
      return CaptchaError(.io, "not enough memory to encode a \(width)×\(height) \(format.displayName) image")
    }
    return CaptchaError(
      .usage, "cannot encode a \(width)×\(height) image as \(format.displayName) (\(message))")
  }

  /// "50 MP", "2.07 MP"; counts under 0.01 MP are given in pixels.
  static func megapixels(_ pixels: Int) -> String {
    if pixels < 10_000 { return "\(pixels) pixels" }
    let hundredths = (pixels + 5_000) / 10_000
    let whole = hundredths / 100
    let fraction = hundredths % 100
    if fraction == 0 { return "\(whole) MP" }
    if fraction % 10 == 0 { return "\(whole).\(fraction / 10) MP" }
    return "\(whole).\(fraction < 10 ? "0" : "")\(fraction) MP"
  }
}
