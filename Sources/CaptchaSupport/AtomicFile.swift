#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that readers see either the old file or the complete new one, never a part:
/// the bytes go to a temporary file in the same folder, are flushed with `fsync`, and the temporary
/// file is renamed over the destination. On failure the temporary file is removed.
public enum AtomicFile {
  /// Writes `bytes` to `path` atomically.
  ///
  /// Throws `.cannotCreate` when the temporary file cannot be created or renamed into place and
  /// `.io` when writing or flushing fails part-way; both messages name `path`.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent().path
    let name = url.lastPathComponent
    let tmp = PathText.appending(dir, ".\(name).tmp-\(getpid())-\(nextCounter())")

    let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if fd < 0 {
      throw CaptchaError(
        .cannotCreate, "\(path): cannot create a temporary file next to it (\(errnoText()))")
    }
    var ok = false
    defer {
      if !ok { unlink(tmp) }
    }
    do {
      defer { close(fd) }
      var written = 0
      try bytes.withUnsafeBytes { raw in
        while written < raw.count {
          let n = Glibc_write(fd, raw.baseAddress! + written, raw.count - written)
          if n < 0 {
            if errno == EINTR { continue }
            throw CaptchaError(.io, "\(path): write failed (\(errnoText()))")
          }
          written += n
        }
      }
      if fsync(fd) != 0 {
        throw CaptchaError(.io, "\(path): flushing to disk failed (\(errnoText()))")
      }
    }
    if rename(tmp, path) != 0 {
      throw CaptchaError(.cannotCreate, "\(path): cannot be created (\(errnoText()))")
    }
    ok = true
    // The folder itself is not fsynced: readers never see a partial file either way, and a
    // directory fsync per file would double the flushes (a crash may at worst lose the new name).
  }

  private static let counterLock = PlainLock()
  nonisolated(unsafe) private static var counter = 0

  private static func nextCounter() -> Int {
    counterLock.lock()
    defer { counterLock.unlock() }
    counter += 1
    return counter
  }

  private static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}

@inline(__always) private func Glibc_write(_ fd: Int32, _ buf: UnsafeRawPointer, _ n: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.write(fd, buf, n)
  #else
    return Darwin.write(fd, buf, n)
  #endif
}
