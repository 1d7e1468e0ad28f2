import CaptchaKit

/// Fuzz target: PNG decode (`ImageCodec.decode` on bytes that start with the PNG signature, as
/// they are and with their chunks' CRCs made right) and the header-only size read, under a
/// 4-megapixel limit so huge declared sizes are refused rather than allocated.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if !bytes.starts(with: signature) { bytes = signature + bytes }
  _ = try? ImageCodec.size(of: bytes, name: "fuzz.png")
  for candidate in [bytes, withRightCRCs(bytes)] {
    if let image = try? ImageCodec.decode(candidate, name: "fuzz.png", maxPixels: 1 << 22) {
      precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer size")
    }
  }
  return 0
}

/// The bytes with every whole chunk's CRC recomputed, so mutated data gets past the CRC checks
/// into inflate and the row filters (libpng's and the plain-PNG fast path's).
func withRightCRCs(_ png: [UInt8]) -> [UInt8] {
  var bytes = png
  var offset = 8
  while offset + 12 <= bytes.count {
    let size = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    guard size <= bytes.count - offset - 12 else { break }
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes[(offset + 4)..<(offset + 8 + size)] {
      crc = crcTable[Int((crc ^ UInt32(b)) & 0xff)] ^ (crc >> 8)
    }
    crc = ~crc
    for k in 0..<4 { bytes[offset + 8 + size + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
    offset += size + 12
  }
  return bytes
}

let crcTable: [UInt32] = (0..<256).map { n in
  (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
}
