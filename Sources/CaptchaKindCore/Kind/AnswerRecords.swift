public import CaptchaImaging
import CaptchaSupport

/// Where a captcha's background came from, recorded in answer.json as `source`.
public struct SourceInfo: Equatable, Codable, Sendable {
  /// The input's file name (last path component only: answer.json never leaks server paths).
  public var file: String
  /// The decoded image's size (after EXIF orientation), before any `--size`.
  public var width: Int
  public var height: Int
  /// SHA-256 of the input file's bytes, lowercase hex.
  public var sha256: String

  public init(file: String, width: Int, height: Int, sha256: String) {
    self.file = file
    self.width = width
    self.height = height
    self.sha256 = sha256
  }

  /// The record for an input read from `path`: its last path component, its decoded size
  /// `width`×`height` and the SHA-256 of the file's `bytes`.
  public init(path: String, width: Int, height: Int, bytes: [UInt8]) {
    self.init(path: path, width: width, height: height, sha256: SHA256.hexDigest(bytes))
  }

  /// The record for an input read from `path` whose bytes' SHA-256 is `sha256` (lowercase hex).
  public init(path: String, width: Int, height: Int, sha256: String) {
    self.init(file: PathText.lastComponent(path), width: width, height: height, sha256: sha256)
  }
}

/// An output file and its pixel size.
public struct FileInfo: Equatable, Codable, Sendable {
  public var file: String
  public var width: Int
  public var height: Int

  public init(file: String, width: Int, height: Int) {
    self.file = file
    self.width = width
    self.height = height
  }
}

/// How the input was resized (`--size` and `--fit`); `width`/`height` equal the background's.
public struct ResizeInfo: Equatable, Codable, Sendable {
  public var fit: Fit
  public var width: Int
  public var height: Int

  public init(fit: Fit, width: Int, height: Int) {
    self.fit = fit
    self.width = width
    self.height = height
  }
}
