import CSHA256

/// SHA-256 (FIPS 180-4), used to fingerprint input images in answer.json (`source.sha256`) and to
/// derive style keys, without depending on a crypto library: Swift buffers and pads, the block
/// function is C (`CSHA256`, on the x86 SHA extensions where the processor has them).
public struct SHA256: Sendable {
  private var h: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19,
  ]
  private var buffer: [UInt8] = []
  private var length: UInt64 = 0

  public init() {}

  /// Feeds more bytes.
  public mutating func update(_ bytes: [UInt8]) {
    length &+= UInt64(bytes.count)
    var i = 0
    if !buffer.isEmpty {
      let take = min(64 - buffer.count, bytes.count)
      buffer.append(contentsOf: bytes[0..<take])
      i = take
      if buffer.count == 64 {
        let block = buffer
        buffer.removeAll(keepingCapacity: true)
        block.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: 1) }
      }
    }
    let whole = (bytes.count - i) / 64
    if whole > 0 {
      bytes.withUnsafeBufferPointer { p in compress(p.baseAddress! + i, blocks: whole) }
      i += whole * 64
    }
    if i < bytes.count { buffer.append(contentsOf: bytes[i...]) }
  }

  /// Finishes and returns the 32-byte digest.
  public mutating func finalize() -> [UInt8] {
    let bitLength = length &* 8
    var tail: [UInt8] = [0x80]
    let padZeros = (64 + 56 - (buffer.count + 1) % 64) % 64
    tail.append(contentsOf: [UInt8](repeating: 0, count: padZeros))
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let saved = length
    update(tail)
    length = saved
    precondition(buffer.isEmpty)
    var out: [UInt8] = []
    out.reserveCapacity(32)
    for word in h {
      out.append(UInt8(truncatingIfNeeded: word >> 24))
      out.append(UInt8(truncatingIfNeeded: word >> 16))
      out.append(UInt8(truncatingIfNeeded: word >> 8))
      out.append(UInt8(truncatingIfNeeded: word))
    }
    return out
  }

  /// The digest of `bytes`.
  public static func hash(_ bytes: [UInt8]) -> [UInt8] {
    var s = SHA256()
    s.update(bytes)
    return s.finalize()
  }

  /// The digest of `bytes` as 64 lowercase hex digits.
  public static func hexDigest(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var chars: [UInt8] = []
    chars.reserveCapacity(64)
    for b in hash(bytes) {
      chars.append(digits[Int(b >> 4)])
      chars.append(digits[Int(b & 15)])
    }
    return String(decoding: chars, as: UTF8.self)
  }

  /// Runs the block function (`csha256_blocks`: the processor's SHA instructions where it has
  /// them) over `blocks` 64-byte blocks.
  private mutating func compress(_ data: UnsafePointer<UInt8>, blocks: Int) {
    h.withUnsafeMutableBufferPointer { state in csha256_blocks(state.baseAddress!, data, blocks) }
  }
}
