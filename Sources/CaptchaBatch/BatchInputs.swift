import CaptchaImaging
import CaptchaKinds
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

/// The backgrounds a batch draws from: the built-in procedural one, or an ordered list of files.
public enum BatchInputs: Equatable, Sendable {
  /// No inputs: every item uses the procedural background of its own seed.
  case procedural
  /// Image files in a fixed order. `name` is what the manifest records as `source` (the file name
  /// for `--images`, the line as written for `--list`), so manifests do not depend on where the
  /// batch ran; `path` is where the file is read.
  case files([(name: String, path: String)])

  public static func == (l: BatchInputs, r: BatchInputs) -> Bool {
    switch (l, r) {
    case (.procedural, .procedural): return true
    case (.files(let a), .files(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.path == $1.path }
    default: return false
    }
  }

  /// Number of inputs (0 for procedural).
  public var count: Int {
    if case .files(let f) = self { return f.count }
    return 0
  }

  /// `--images DIR`: the PNG, JPEG and WebP files (`.png`, `.jpg`, `.jpeg`, `.webp`, any case) directly inside
  /// `dir`, hidden files skipped, sorted by the UTF-8 bytes of their names.
  public static func folder(_ dir: String) throws -> BatchInputs {
    var isDir: Bool = false
    guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir else {
      throw CaptchaError(.missingInput, "The image folder \(dir) does not exist.")
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: dir)
    } catch {
      throw CaptchaError(.io, "The image folder \(dir) cannot be listed.")
    }
    let images = names.filter { !$0.hasPrefix(".") && isImageName($0) }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    guard !images.isEmpty else {
      throw CaptchaError(.missingInput, "The image folder \(dir) has no PNG, JPEG or WebP files.")
    }
    return .files(images.map { (name: $0, path: PathText.appending(dir, $0)) })
  }

  /// `--list FILE`: one image path per line, in the order given; blank lines and lines starting
  /// with `#` are skipped; surrounding spaces are trimmed; relative paths are taken from the current
  /// folder, as the shell would.
  public static func list(_ file: String) throws -> BatchInputs {
    guard FileManager.default.fileExists(atPath: file) else {
      throw CaptchaError(.missingInput, "The list file \(file) does not exist.")
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw CaptchaError(.io, "The list file \(file) cannot be read.")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw CaptchaError(.badData, "The list file \(file) is not UTF-8 text.")
    }
    let lines = text.split(
      omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    )
    .map { PlainText.trimmed($0) }
    .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    guard !lines.isEmpty else {
      throw CaptchaError(.badData, "The list file \(file) names no images.")
    }
    return .files(lines.map { (name: $0, path: $0) })
  }

  static func isImageName(_ name: String) -> Bool {
    let ext = PathText.pathExtension(name).lowercased()
    return ext == "png" || ext == "jpg" || ext == "jpeg" || ext == "webp"
  }
}
