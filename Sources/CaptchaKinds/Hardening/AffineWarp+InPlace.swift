import CaptchaImaging
import CaptchaSupport
import VectorRaster

extension AffineWarp {
  /// Warps `image` onto itself (output size = input size) with a few rows of scratch instead of a
  /// second full-size image, giving exactly the pixels `warp` would.
  ///
  /// Output row y reads input rows `rowRange(y)`, which drift more slowly than y when the map does
  /// not shrink vertically. Rows whose input lies below them (from the top down to the split row
  /// y0) are written top to bottom, rows at or after y0 bottom to top; before a row is overwritten
  /// its original is kept in a ring buffer for the rows still to come, and the original rows just
  /// above y0 that the bottom pass reads are saved before the top pass. Returns false, touching
  /// nothing, when that scratch would exceed a quarter of the image (a map that shrinks).
  func warpInPlace(_ image: inout RGBAImage) -> Bool {
    precondition(image.width == inWidth && image.height == inHeight, "warp input size")
    precondition(outWidth == inWidth && outHeight == inHeight, "in-place warp keeps the size")
    let h = outHeight
    let rowBytes = outWidth * 4
    let ranges = (0..<h).map { rowRange($0) }
    // Split: the first row whose input rows are centred at or above it.
    let y0 = ranges.indices.first { ranges[$0].lowerBound + ranges[$0].upperBound <= 2 * $0 } ?? h
    let ring1 = max(1, (0..<y0).map { $0 - ranges[$0].lowerBound }.max() ?? 1)
    let ring2 = max(1, (y0..<h).map { ranges[$0].upperBound - $0 }.max() ?? 1)
    let saveLo = min(y0, (y0..<h).map { ranges[$0].lowerBound }.min() ?? y0)
    let scratchRows = ring1 + ring2 + (y0 - saveLo)
    guard scratchRows <= h / 4 + 8 else { return false }
    let opaque = image.isOpaque

    var saved = [UInt8](repeating: 0, count: (y0 - saveLo) * rowBytes)
    var ringA = [UInt8](repeating: 0, count: ring1 * rowBytes)
    var ringB = [UInt8](repeating: 0, count: ring2 * rowBytes)
    var line = [UInt8](repeating: 0, count: rowBytes)
    let maxSpan = ranges.map { $0.count }.max() ?? 1
    image.pixels.withUnsafeMutableBufferPointer { px in
      let img = px.baseAddress!
      saved.withUnsafeMutableBufferPointer { sv in
        ringA.withUnsafeMutableBufferPointer { ra in
          ringB.withUnsafeMutableBufferPointer { rb in
            line.withUnsafeMutableBufferPointer { ln in
              var table = [UnsafePointer<UInt8>](repeating: UnsafePointer(img), count: maxSpan)
              // Rows above the split that the bottom pass will read, saved before the top pass.
              if y0 > saveLo {
                sv.baseAddress!.update(from: img + saveLo * rowBytes, count: (y0 - saveLo) * rowBytes)
              }
              func emit(_ y: Int, source: (Int) -> UnsafePointer<UInt8>, keep: UnsafeMutablePointer<UInt8>) {
                let range = ranges[y]
                for r in range { table[r - range.lowerBound] = source(r) }
                table.withUnsafeBufferPointer { tp in
                  renderRow(
                    y, rows: UnsafeBufferPointer(rebasing: tp[0..<range.count]), range: range, opaque: opaque,
                    into: ln.baseAddress!)
                }
                let row = img + y * rowBytes
                keep.update(from: row, count: rowBytes)
                row.update(from: ln.baseAddress!, count: rowBytes)
              }
              // Top pass, downwards: rows above y are in ring A (originals), the rest untouched.
              for y in 0..<y0 {
                emit(
                  y,
                  source: { r in
                    r < y
                      ? UnsafePointer(ra.baseAddress! + (r % ring1) * rowBytes)
                      : UnsafePointer(img + r * rowBytes)
                  }, keep: ra.baseAddress! + (y % ring1) * rowBytes)
              }
              // Bottom pass, upwards: rows below y are in ring B, rows above the split were saved.
              var y = h - 1
              while y >= y0 {
                let cur = y
                emit(
                  cur,
                  source: { r in
                    if r > cur { return UnsafePointer(rb.baseAddress! + (r % ring2) * rowBytes) }
                    if r < y0 { return UnsafePointer(sv.baseAddress! + (r - saveLo) * rowBytes) }
                    return UnsafePointer(img + r * rowBytes)
                  }, keep: rb.baseAddress! + (cur % ring2) * rowBytes)
                y -= 1
              }
            }
          }
        }
      }
    }
    return true
  }
}
