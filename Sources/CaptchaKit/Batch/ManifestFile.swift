import Foundation

/// The manifest being written: truncated when the batch starts (a resumed batch writes every line
/// again, so the finished file is the same as an uninterrupted run's) and appended one line at a
/// time, each line after its item's files are complete.
final class ManifestFile {
  private let handle: FileHandle
  let path: String

  init(path: String) throws {
    self.path = path
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else {
      throw CaptchaError(.cannotCreate, "The manifest \(path) cannot be created.")
    }
    self.handle = handle
  }

  func append(_ line: String) throws {
    do {
      try handle.write(contentsOf: Data((line + "\n").utf8))
    } catch {
      throw CaptchaError(.io, "The manifest \(path) cannot be written: \(error.localizedDescription).")
    }
  }

  func close() {
    try? handle.close()
  }
}
