import CaptchaImaging
import CaptchaSupport
import VectorRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A captcha's encoded files (name and bytes), ready to write: piece.png, background.png or
/// background.jpg, answer.json — in that order.
public struct CaptchaFiles: Sendable {
  public var files: [(name: String, bytes: [UInt8])]

  /// The name of the piece file.
  public static let pieceFileName = "piece.png"
  /// The name of the answer file.
  public static let answerFileName = "answer.json"

  public init(files: [(name: String, bytes: [UInt8])]) {
    self.files = files
  }

  /// The bytes of the file called `name`, if present.
  public func bytes(named name: String) -> [UInt8]? {
    files.first(where: { $0.name == name })?.bytes
  }

  /// Writes every file into `directory`, creating it (and its parents) when missing.
  ///
  /// The files are written as one atomic step (`AtomicFile.write(_:durable:)`: all temporary
  /// files written and flushed, then put into place). If any write fails, the files this call already put
  /// in place are removed again, so an error never leaves a partial captcha.
  /// Throws `.cannotCreate` (73) when the folder or a file cannot be created, `.io` (74) when a
  /// write fails part-way. `durable: false` skips the fsync of each file.
  public func write(toDirectory directory: String, durable: Bool = true) throws {
    try Self.makeDirectories(directory)
    try AtomicFile.write(files.map { (PathText.appending(directory, $0.name), $0.bytes) }, durable: durable)
  }

  /// Creates `path` and any missing parents with mkdir(2), so errors carry the system's reason.
  static func makeDirectories(_ path: String, for output: String? = nil) throws {
    let output = output ?? path
    var isDir: Bool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
      guard isDir else {
        let what = path == output ? "it is an existing file" : "'\(path)' is a file"
        throw CaptchaError(.cannotCreate, "\(output): cannot create the output folder (\(what))")
      }
      return
    }
    let parent = PathText.deletingLastComponent(path)
    if !parent.isEmpty && parent != path { try makeDirectories(parent, for: output) }
    if mkdir(path, 0o755) != 0 && errno != EEXIST {
      throw CaptchaError(
        .cannotCreate, "\(output): cannot create the output folder (\(String(cString: strerror(errno))))")
    }
  }
}
