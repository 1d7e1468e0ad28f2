import CaptchaKit

/// Fuzz target: WebP decode (`ImageCodec.decode` on bytes behind a RIFF/WEBP header, lossy,
/// lossless, extended and animated headers alike) and the header-only size read, under a
/// 4-megapixel limit; a picture that decodes is written back lossless and must come back exact.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if !(bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)) {
    let length = UInt32(truncatingIfNeeded: bytes.count + 4)
    let sizeField = (0..<4).map { UInt8(truncatingIfNeeded: length >> ($0 * 8)) }
    bytes = Array("RIFF".utf8) + sizeField + Array("WEBP".utf8) + bytes
  }
  _ = try? ImageCodec.size(of: bytes, name: "fuzz.webp")
  guard let image = try? ImageCodec.decode(bytes, name: "fuzz.webp", maxPixels: 1 << 22) else { return 0 }
  precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer size")
  if image.width * image.height <= 1 << 16 {
    let again = try! ImageCodec.encodeWebP(image, quality: nil, keepAlpha: true)
    precondition(try! ImageCodec.decode(again, name: "again.webp") == image, "lossless round trip")
  }
  return 0
}
