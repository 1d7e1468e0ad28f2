import ArgumentParser
import CaptchaKit

// The readers of the options written in a syntax of their own. Each reads the text only; limits
// that are not about the syntax (a shadow offset within ±64, a size within --max-pixels…) are the
// library's checks, made once per captcha.

// The captcha options' own formats are read by the library (`OptionTable`'s readers), the same
// readers a site's look in sites.json goes through.
extension PixelSize: StructuredArgument {}
extension RotationSpec: StructuredArgument {}
extension PixelOffset: StructuredArgument {}

extension BatchShard: StructuredArgument {
  /// `I/N` with 0 ≤ I < N, e.g. `0/4`.
  public static func parse(_ text: String) throws -> BatchShard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
      throw ValidationError("expected I/N, for example 0/4")
    }
    guard let shard = try? BatchShard(index: i, count: n) else {
      throw ValidationError("shard \(i)/\(n) is impossible: it needs 0 ≤ I < N and N ≥ 1")
    }
    return shard
  }
}

extension PixelAllowance: StructuredArgument {
  /// `N` (a whole number ≥ 0) or `P%` (a number 0…100 followed by `%`).
  public static func parse(_ text: String) throws -> PixelAllowance {
    let trimmed = PlainText.trimmed(text)
    if trimmed.hasSuffix("%") {
      let number = String(trimmed.dropLast())
      guard let p = Double(number), p.isFinite, p >= 0, p <= 100,
        number.allSatisfy({ $0.isNumber || $0 == "." })
      else {
        throw ValidationError("expected a percentage between 0% and 100%, e.g. 0.5%")
      }
      return .percent(p)
    }
    guard let n = Int(trimmed), n >= 0 else {
      throw ValidationError("expected a whole number ≥ 0 or a percentage such as 0.5%")
    }
    return .count(n)
  }
}

extension Transform: StructuredArgument {
  /// Six finite numbers `a b c d e f`, separated by spaces and/or commas.
  public static func parse(_ text: String) throws -> Transform {
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
    let values = parts.compactMap { Double($0) }
    guard parts.count == 6, values.count == 6, values.allSatisfy(\.isFinite) else {
      throw ValidationError("expected six finite numbers 'a b c d e f'")
    }
    return Transform(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
  }
}
