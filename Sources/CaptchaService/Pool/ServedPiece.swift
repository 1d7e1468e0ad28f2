import CaptchaKit

/// The piece as serve sends it. A captcha's piece file is always a PNG (answer.json names
/// `piece.png`), but beside a WebP background serve sends the piece as WebP too: lossless beside a
/// lossless background (the same pixels), lossy at `OutputFormat.defaultQuality` beside a lossy one
/// (its alpha stays exact). A rotate challenge's bytes are mostly its piece, the disc: 27 KB as PNG,
/// about 5 KB as lossy WebP. A client that does not take WebP gets a PNG of the served pixels
/// (`PictureNegotiation` in CaptchaServe).
enum ServedPiece {
  /// `piece` (a PNG) as it is served beside `background`.
  static func picture(piece: StoredPicture, beside background: StoredPicture) throws -> StoredPicture {
    guard background.mediaType == ImageFormat.webp.mediaType else { return piece }
    let pixels = try ImageCodec.decode(piece.bytes, name: "the piece")
    let quality = isLossless(background.bytes) ? nil : OutputFormat.defaultQuality
    return StoredPicture(
      bytes: try ImageCodec.encodeWebP(pixels, quality: quality, keepAlpha: !pixels.isOpaque),
      mediaType: ImageFormat.webp.mediaType
    )
  }

  /// Whether a WebP file holds a lossless picture (a `VP8L` chunk) rather than a lossy one (`VP8 `,
  /// with an `ALPH` chunk beside it when it has alpha).
  static func isLossless(_ webp: [UInt8]) -> Bool {
    var offset = 12  // "RIFF", size, "WEBP"
    while offset + 8 <= webp.count {
      let tag = String(decoding: webp[offset..<offset + 4], as: UTF8.self)
      if tag == "VP8L" { return true }
      if tag == "VP8 " { return false }
      let size = (0..<4).reduce(0) { $0 | Int(webp[offset + 4 + $1]) << (8 * $1) }
      offset += 8 + size + (size & 1)
    }
    return false
  }
}
