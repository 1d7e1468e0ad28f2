import Foundation

/// A captcha's encoded files (name and bytes), ready to write: piece.png, background.png or
/// background.jpg, answer.json — in that order.
public struct CaptchaFiles: Sendable {
  public var files: [(name: String, bytes: [UInt8])]

  public init(files: [(name: String, bytes: [UInt8])]) {
    self.files = files
  }

  /// The bytes of the file called `name`, if present.
  public func bytes(named name: String) -> [UInt8]? {
    files.first(where: { $0.name == name })?.bytes
  }

  /// Writes every file into `directory`, creating it (and its parents) when missing.
  ///
  /// Each file is written atomically (temporary file + rename). If any write fails, the files
  /// this call already put in place are removed again, so an error never leaves a partial captcha.
  /// Throws `.cannotCreate` (73) when the folder or a file cannot be created, `.io` (74) when a
  /// write fails part-way.
  public func write(toDirectory directory: String) throws {
    let fm = FileManager.default
    var isDir: ObjCBool = false
    if fm.fileExists(atPath: directory, isDirectory: &isDir) {
      guard isDir.boolValue else {
        throw CaptchaError(.cannotCreate, "\(directory): output folder is an existing file")
      }
    } else {
      do {
        try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw CaptchaError(
          .cannotCreate, "\(directory): cannot create the output folder (\(Self.reason(error)))")
      }
    }
    var written: [String] = []
    do {
      for (name, bytes) in files {
        let path = (directory as NSString).appendingPathComponent(name)
        try AtomicFile.write(bytes, to: path)
        written.append(path)
      }
    } catch {
      for path in written { try? fm.removeItem(atPath: path) }
      throw error
    }
  }

  private static func reason(_ error: Error) -> String {
    let ns = error as NSError
    if let under = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
      let posix = POSIXErrorCode(rawValue: Int32(under.code)), under.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(posix.rawValue))
    }
    return ns.localizedDescription
  }
}
