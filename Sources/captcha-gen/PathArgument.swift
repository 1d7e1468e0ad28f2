import CaptchaArguments
import CaptchaKit

/// `verify --path "x,y x,y …"`: the points a client's finger passed through (a `--track` file is a
/// `DragTrack`).
enum PathArgument {
  /// The points of `--path` text: whitespace-separated `x,y` pairs of finite numbers. Empty text is
  /// an empty path. A usage error (64) naming the first malformed point.
  static func parse(_ text: String) throws -> [Point] {
    let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    return try tokens.enumerated().map { (i, token) in
      let parts = token.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite
      else {
        throw usageError(
          "--path: point \(i + 1) '\(token)' is not x,y (two finite numbers separated by a comma)")
      }
      return Point(x, y)
    }
  }
}
