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

/// Seeds for `make` runs without `--seed`.
public enum SystemSeed {
  /// The largest seed drawn from the system: 2^53 − 1, so the seed recorded in answer.json is
  /// exact in every JSON reader (JavaScript numbers included). Explicit seeds may use all 64 bits.
  public static let maxDrawn: UInt64 = (1 << 53) - 1

  /// A fresh seed from the operating system's entropy source (/dev/urandom), in 0…maxDrawn.
  /// Falls back to the clock and process id only if /dev/urandom cannot be read.
  public static func draw() -> UInt64 {
    let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
    if fd >= 0 {
      defer { close(fd) }
      var d = [UInt8](repeating: 0, count: 8)
      var got = 0
      while got < 8 {
        let n = d.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, 8 - got) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        got += n
      }
      if got == 8 {
        let v = d.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return v & maxDrawn
      }
    }
    var mix = SplitMix64(
      seed: UInt64(bitPattern: Int64(Date().timeIntervalSince1970 * 1e9))
        ^ UInt64(ProcessInfo.processInfo.processIdentifier))
    return mix.next() & maxDrawn
  }
}
