import CaptchaSupport
import VectorRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading a client's path: `--path "x,y x,y …"` text or a `--track` file of {t, x, y} samples.
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

  /// One drag sample of a `--track` file.
  struct Sample: Decodable {
    var t: Double
    var x: Double
    var y: Double
  }

  /// The positions of a `--track` file's JSON list of {"t": ms, "x": px, "y": px} samples.
  /// `.missingInput` (66) when it cannot be read, `.badData` (65) when it is not such a list,
  /// a value is not finite, or the times go backwards.
  public static func readTrack(path: String) throws -> [Point] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CaptchaError(.missingInput, "--track \(path): no such file or not readable")
    }
    return try parseTrack([UInt8](data), name: "--track \(path)")
  }

  /// `readTrack` on bytes already read; `name` names the file in errors.
  public static func parseTrack(_ bytes: [UInt8], name: String) throws -> [Point] {
    guard let samples = try? JSONDecoder().decode([Sample].self, from: Data(bytes)) else {
      throw CaptchaError(.badData, "\(name): not a JSON list of {\"t\", \"x\", \"y\"} samples")
    }
    for (i, s) in samples.enumerated() {
      guard s.t.isFinite, s.x.isFinite, s.y.isFinite else {
        throw CaptchaError(.badData, "\(name): sample \(i + 1) has a value that is not a finite number")
      }
      if i > 0, s.t < samples[i - 1].t {
        throw CaptchaError(
          .badData, "\(name): sample \(i + 1) goes back in time (t \(s.t) after \(samples[i - 1].t))")
      }
    }
    return samples.map { Point($0.x, $0.y) }
  }
}
