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
    // The size fstat gives, plus one byte to see the end, is read straight into the array; a file
    // that grew meanwhile is read on in pieces.
    var bytes = try [UInt8](unsafeUninitializedCapacity: Int(info.st_size) + 1) { buffer, count in
      count = 0
      while count < buffer.count {
        let rest = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...]))
        let n = try readSome(fd, into: rest, path: path)
        if n == 0 { return }
        count += n
      }
    }
    guard bytes.count > Int(info.st_size) else { return bytes }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = try chunk.withUnsafeMutableBytes { try readSome(fd, into: $0, path: path) }
      if n == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<n])
    }
  }

  /// read(2) into `buffer`, again when interrupted: the number of bytes read, 0 at the end.
  private static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws
    -> Int
  {
    while true {
      let n = read(fd, buffer.baseAddress, buffer.count)
      if n >= 0 { return n }
      if errno != EINTR { throw CaptchaError(.io, "\(path): read failed (\(describe(errno)))") }
    }
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
