import CProofOfWork

/// scrypt (RFC 7914), the function the proof of work's table comes from; public so that tests
/// check it against the RFC's vectors.
public enum Scrypt {
  /// scrypt(password, salt, N = `n`, r, p, dkLen = `length`). Throws `PowError.scryptParameters`
  /// when N is not a power of two above 1, p·r is above 2^20, or the memory cannot be had.
  public static func derive(
    password: [UInt8], salt: [UInt8], n: UInt64, r: UInt32, p: UInt32, length: Int
  ) throws -> [UInt8] {
    var out = [UInt8](repeating: 0, count: length)
    let status = cpow_scrypt(password, password.count, salt, salt.count, n, r, p, &out, length)
    guard status == 0 else {
      throw PowError.scryptParameters(
        "scrypt cannot run with N=\(n), r=\(r), p=\(p): N must be a power of two above 1 and the memory available"
      )
    }
    return out
  }
}
