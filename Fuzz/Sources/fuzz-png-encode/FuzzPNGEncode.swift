import CaptchaKit

/// Fuzz target: PNG encode (the shim's row filters and its own deflate encoder) and decode back
/// through libpng. Byte 0 chooses the layout (RGBA, RGB or grayscale), bytes 1-2 the width
/// (1-1024); the rest are the pixels, as many rows as they start (the last one padded with
/// zeros). The decoded pixels must be exactly the ones encoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGEncode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 4 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let layout = bytes[0] % 3
  let width = 1 + Int(bytes[1]) + 256 * Int(bytes[2] & 3)
  let bytesPerPixel = layout == 2 ? 1 : 4
  let pixels = Array(bytes[3...])
  let height = (pixels.count + width * bytesPerPixel - 1) / (width * bytesPerPixel)
  var padded = pixels + [UInt8](repeating: 0, count: width * height * bytesPerPixel - pixels.count)
  if layout == 2 {
    let png = try! ImageCodec.encodeGrayPNG(width: width, height: height, pixels: padded)
    let decoded = try! ImageCodec.decode(png, name: "fuzz.png")
    precondition(decoded.pixels == padded.flatMap { [$0, $0, $0, 255] }, "gray round trip")
    return 0
  }
  if layout == 1 {
    // RGB: made opaque, so that the round trip is exact.
    for a in stride(from: 3, to: padded.count, by: 4) { padded[a] = 255 }
  }
  let image = RGBAImage(width: width, height: height, pixels: padded)
  let png = try! ImageCodec.encodePNG(image, keepAlpha: layout == 0)
  precondition(try! ImageCodec.decode(png, name: "fuzz.png") == image, "RGBA/RGB round trip")
  return 0
}
