import CaptchaSupport
import VectorRaster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ImageCodec {
  /// Reads a whole file. A missing, unopenable or directory path throws `.missingInput`
  /// ("bg.png: no such file"); a read failing part-way throws `.io`.
  public static func readFile(path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      let code = errno
      switch code {
      case ENOENT, ENOTDIR: throw CaptchaError(.missingInput, "\(path): no such file")
      case EACCES, EPERM: throw CaptchaError(.missingInput, "\(path): permission denied")
      default: throw CaptchaError(.missingInput, "\(path): cannot be opened (\(describe(code)))")
      }
    }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) != 0 {
      throw CaptchaError(.io, "\(path): cannot be read (\(describe(errno)))")
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw CaptchaError(.missingInput, "\(path): is a directory, not an image file")
    }
    // The size fstat gives is read straight into the array (one copy, a few read calls); a file
    // that grew meanwhile is read on in pieces.
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size)) { buffer, count in
      count = 0
      while count < buffer.count, failure == 0 {
        let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
        if n > 0 {
          count += n
        } else if n == 0 {
          break
        } else if errno != EINTR {
          failure = errno
        }
      }
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while failure == 0 {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n > 0 {
        bytes.append(contentsOf: chunk[0..<n])
      } else if n == 0 {
        break
      } else if errno != EINTR {
        failure = errno
      }
    }
    if failure != 0 { throw CaptchaError(.io, "\(path): read failed (\(describe(failure)))") }
    return bytes
  }

  /// Reads and decodes an image file; also returns the file's bytes (for hashing).
  public static func decodeFile(
    path: String, maxPixels: Int = defaultMaxPixels
  ) throws -> (image: RGBAImage, bytes: [UInt8]) {
    let bytes = try readFile(path: path)
    return (try decode(bytes, name: path, maxPixels: maxPixels), bytes)
  }

  private static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
