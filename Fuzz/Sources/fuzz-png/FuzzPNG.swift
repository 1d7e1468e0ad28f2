import CaptchaKit

/// Fuzz target: PNG decode (`ImageCodec.decode` on bytes that start with the PNG signature) and
/// the header-only size read, under a 4-megapixel limit so huge declared sizes are refused
/// rather than allocated.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if !bytes.starts(with: signature) { bytes = signature + bytes }
  _ = try? ImageCodec.size(of: bytes, name: "fuzz.png")
  if let image = try? ImageCodec.decode(bytes, name: "fuzz.png", maxPixels: 1 << 22) {
    precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer size")
  }
  return 0
}
