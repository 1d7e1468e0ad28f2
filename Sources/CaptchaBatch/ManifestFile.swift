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

/// The manifest being written: truncated when the batch starts (a resumed batch writes every line
/// again, so the finished file is the same as an uninterrupted run's) and appended one line at a
/// time, each line after its item's files are complete.
final class ManifestFile {
  private let fd: Int32
  let path: String

  init(path: String) throws {
    self.path = path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw CaptchaError(.cannotCreate, "The manifest \(path) cannot be created.")
    }
    self.fd = fd
  }

  func append(_ line: String) throws {
    guard writeAll(fd: fd, Array((line + "\n").utf8)) else {
      let reason = String(cString: strerror(errno))
      throw CaptchaError(.io, "The manifest \(path) cannot be written: \(reason).")
    }
  }

  func close() {
    closeDescriptor(fd)
  }
}
