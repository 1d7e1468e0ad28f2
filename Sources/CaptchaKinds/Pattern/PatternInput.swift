import CaptchaSupport
import VectorRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading a client's path from `--path "x,y x,y …"` text (a `--track` file is a `DragTrack`).
public enum PatternInput {
  /// The points of `--path` text: whitespace-separated `x,y` pairs of finite numbers. Empty text is
  /// an empty path. `.usage` (64) naming the first malformed point.
  public static func parsePath(_ text: String) throws -> [Point] {
    let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    return try tokens.enumerated().map { (i, token) in
      let parts = token.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite
      else {
        throw CaptchaError(
          .usage, "--path: point \(i + 1) '\(token)' is not x,y (two finite numbers separated by a comma)")
      }
      return Point(x, y)
    }
  }
}
