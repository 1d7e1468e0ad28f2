import CaptchaImaging
import CaptchaSupport

/// Text and JSON renderings of comparison results, as `captcha-gen compare` prints them.
///
/// JSON fields of one comparison, in this order: `result` ("equal" or "different"), `expected` and
/// `actual` ({file, width, height}), `sizeMismatch`, then — when the sizes agree — `pixels`,
/// `differingPixels`, `differingShare` (0…1), `antialiasedPixels`, `maxChannelDifference`, `psnr`
/// (dB; `null` when the images are identical, i.e. infinite), `identical`; then `thresholds`
/// ({maxDiff, maxPixels, antialias}) and `message`.
public enum CompareReport {
  /// The verdict word: `equal` or `different`.
  public static func verdict(_ result: CompareResult) -> String { result.isMatch ? "equal" : "different" }

  /// Multi-line text for one comparison.
  public static func text(_ r: CompareResult, expectedName: String, actualName: String) -> String {
    var lines = ["\(verdict(r)): \(expectedName) vs \(actualName)"]
    guard let m = r.metrics else {
      lines.append(r.summary)
      return lines.joined(separator: "\n")
    }
    let t = r.thresholds
    lines.append("pixels: \(m.totalPixels) (\(r.expectedWidth)×\(r.expectedHeight))")
    lines.append(
      "differing pixels: \(m.differingPixels) (\(formatPercent(m.differingShare))), allowed \(t.allowedPixels)"
    )
    if t.antialiasing { lines.append("antialiased pixels ignored: \(m.antialiasedPixels)") }
    lines.append("max channel difference: \(m.maxChannelDifference), tolerated \(t.maxChannelDifference)")
    lines.append("PSNR: " + (m.psnr.isInfinite ? "inf (identical)" : JSONWriter.fixedText(m.psnr, 2) + " dB"))
    return lines.joined(separator: "\n")
  }

  /// The JSON of one comparison, indented.
  public static func json(_ r: CompareResult, expectedName: String, actualName: String) -> String {
    JSONWriter.text(jsonValue(r, expectedName: expectedName, actualName: actualName), layout: .indented)
  }

  static func jsonValue(_ r: CompareResult, expectedName: String, actualName: String) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("result", .string(verdict(r))),
      (
        "expected",
        .object([
          ("file", .string(expectedName)), ("width", .int(Int64(r.expectedWidth))),
          ("height", .int(Int64(r.expectedHeight))),
        ])
      ),
      (
        "actual",
        .object([
          ("file", .string(actualName)), ("width", .int(Int64(r.actualWidth))),
          ("height", .int(Int64(r.actualHeight))),
        ])
      ),
      ("sizeMismatch", .bool(r.sizeMismatch)),
    ]
    if let m = r.metrics {
      fields += [
        ("pixels", .int(Int64(m.totalPixels))),
        ("differingPixels", .int(Int64(m.differingPixels))),
        ("differingShare", .fixed(m.differingShare, decimals: 6)),
        ("antialiasedPixels", .int(Int64(m.antialiasedPixels))),
        ("maxChannelDifference", .int(Int64(m.maxChannelDifference))),
        ("psnr", .fixed(m.psnr, decimals: 4)),
        ("identical", .bool(m.identical)),
      ]
    }
    fields += [
      (
        "thresholds",
        .object([
          ("maxDiff", .int(Int64(r.thresholds.maxChannelDifference))),
          ("maxPixels", .string(r.thresholds.allowedPixels.description)),
          ("antialias", .bool(r.thresholds.antialiasing)),
        ])
      ),
      ("message", .string(r.summary)),
    ]
    return .object(fields)
  }
}
