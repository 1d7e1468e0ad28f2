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
    lines.append("PSNR: " + (m.psnr.isInfinite ? "inf (identical)" : formatFixed(m.psnr, 2) + " dB"))
    return lines.joined(separator: "\n")
  }

  /// The JSON of one comparison, indented.
  public static func json(_ r: CompareResult, expectedName: String, actualName: String) -> String {
    jsonValue(r, expectedName: expectedName, actualName: actualName).pretty
  }

  static func jsonValue(_ r: CompareResult, expectedName: String, actualName: String) -> ReportJSON {
    var fields: [(String, ReportJSON)] = [
      ("result", .string(verdict(r))),
      (
        "expected",
        .object([
          ("file", .string(expectedName)), ("width", .int(r.expectedWidth)),
          ("height", .int(r.expectedHeight)),
        ])
      ),
      (
        "actual",
        .object([
          ("file", .string(actualName)), ("width", .int(r.actualWidth)), ("height", .int(r.actualHeight)),
        ])
      ),
      ("sizeMismatch", .bool(r.sizeMismatch)),
    ]
    if let m = r.metrics {
      fields += [
        ("pixels", .int(m.totalPixels)),
        ("differingPixels", .int(m.differingPixels)),
        ("differingShare", .number(m.differingShare, decimals: 6)),
        ("antialiasedPixels", .int(m.antialiasedPixels)),
        ("maxChannelDifference", .int(m.maxChannelDifference)),
        ("psnr", .number(m.psnr, decimals: 4)),
        ("identical", .bool(m.identical)),
      ]
    }
    fields += [
      (
        "thresholds",
        .object([
          ("maxDiff", .int(r.thresholds.maxChannelDifference)),
          ("maxPixels", .string(r.thresholds.allowedPixels.description)),
          ("antialias", .bool(r.thresholds.antialiasing)),
        ])
      ),
      ("message", .string(r.summary)),
    ]
    return .object(fields)
  }
}
