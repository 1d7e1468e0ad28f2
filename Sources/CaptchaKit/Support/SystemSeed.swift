import Foundation

/// Seeds for `make` runs without `--seed`.
public enum SystemSeed {
  /// The largest seed drawn from the system: 2^53 − 1, so the seed recorded in answer.json is
  /// exact in every JSON reader (JavaScript numbers included). Explicit seeds may use all 64 bits.
  public static let maxDrawn: UInt64 = (1 << 53) - 1

  /// A fresh seed from the operating system's entropy source (/dev/urandom), in 0…maxDrawn.
  /// Falls back to the clock and process id only if /dev/urandom cannot be read.
  public static func draw() -> UInt64 {
    if let fh = FileHandle(forReadingAtPath: "/dev/urandom") {
      defer { try? fh.close() }
      if let d = try? fh.read(upToCount: 8), d.count == 8 {
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
