import CaptchaImaging
import CaptchaKinds
import CaptchaSupport

// The readers of the option values written in a syntax of their own. Each reads the text only;
// limits that are not about the syntax (a shadow offset within ±64, a size within the pixel
// limit…) are the kinds' checks, made once per captcha. Each throws `OptionValueError` saying what
// was expected.

extension PixelSize {
  /// `WxH` with positive whole numbers, e.g. `320x160` (`X` accepted too).
  public static func parse(_ text: String) throws -> PixelSize {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
      throw OptionValueError("expected WIDTHxHEIGHT in positive whole pixels, e.g. 320x160")
    }
    return PixelSize(width: w, height: h)
  }
}

extension RotationSpec {
  /// `DEG` or `A:B` (A ≤ B), each a decimal number of degrees within ±`RotationSpec.limit`.
  public static func parse(_ text: String) throws -> RotationSpec {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let expected = OptionValueError(
      "expected degrees such as 15, or a range such as -20:20, within ±\(Int(limit))")
    guard parts.count == 1 || parts.count == 2 else { throw expected }
    var values: [Double] = []
    for part in parts {
      let t = PlainText.trimmed(part)
      guard let v = Double(t), v.isFinite, abs(v) <= limit, t.first != "+" || t.count > 1 else {
        throw expected
      }
      values.append(v)
    }
    let spec = RotationSpec(lower: values[0], upper: values[values.count - 1])
    guard spec.lower <= spec.upper else {
      throw OptionValueError("the range's first angle must not exceed the second")
    }
    return spec
  }
}

extension PixelOffset {
  /// `DX,DY` in whole pixels, e.g. `2,3` or `-1,4`.
  public static func parse(_ text: String) throws -> PixelOffset {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let dx = Int(parts[0]), let dy = Int(parts[1]) else {
      throw OptionValueError("expected DX,DY in whole pixels, e.g. 2,3")
    }
    return PixelOffset(dx: dx, dy: dy)
  }
}
