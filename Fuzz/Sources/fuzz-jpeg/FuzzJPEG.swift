import CaptchaKit

/// Fuzz target: JPEG decode (`ImageCodec.decode` on bytes that start with the JPEG SOI marker,
/// including EXIF orientation) and the header-only size read, under a 4-megapixel limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let soi: [UInt8] = [0xFF, 0xD8, 0xFF]
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if !bytes.starts(with: soi) { bytes = soi + bytes }
  _ = try? ImageCodec.size(of: bytes, name: "fuzz.jpg")
  if let image = try? ImageCodec.decode(bytes, name: "fuzz.jpg", maxPixels: 1 << 22) {
    precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer size")
  }
  return 0
}
