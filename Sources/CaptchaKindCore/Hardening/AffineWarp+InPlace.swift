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
  /// its original is kept in a ring buffer for the rows still to come. The original rows on each
  /// side of y0 that the other pass reads are saved before either pass starts, so the two passes
  /// touch disjoint memory and run at the same time when `threads` > 1. `finish(y, row)` is called
  /// on each output row before it is stored (the variation's tone, in the same pass over memory).
  /// Returns false, touching nothing, when the rings and saved rows would exceed about a quarter of
  /// the image (a map that shrinks).
  func warpInPlace(
    _ image: inout RGBAImage, threads: Int = 1,
    finish: @escaping (Int, UnsafeMutableBufferPointer<UInt8>) -> Void = { _, _ in }
  ) -> Bool {
    precondition(image.width == inWidth && image.height == inHeight, "warp input size")
    precondition(outWidth == inWidth && outHeight == inHeight, "in-place warp keeps the size")
    guard let plan = InPlacePlan(self) else { return false }
    let opaque = image.isOpaque
    let rowBytes = outWidth * 4
    let y0 = plan.split
    image.pixels.withUnsafeMutableBufferPointer { px in
      let img = px.baseAddress!
      // The other pass's originals: rows just above y0 for the bottom pass, just below for the top.
      let savedAbove = Scratch(copying: img, rows: plan.saveAbove, rowBytes: rowBytes)
      let savedBelow = Scratch(copying: img, rows: plan.saveBelow, rowBytes: rowBytes)
      ForkJoin.run(parts: 2, threads: threads) { part in
        var pass = RowPass(warp: self, image: img, opaque: opaque, plan: plan, finish: finish)
        if part == 0 {
          // Top pass, downwards: rows above y are in the ring (originals), the rest untouched.
          let ring = Scratch(rows: plan.ringTop, rowBytes: rowBytes)
          defer { ring.free() }
          for y in 0..<y0 {
            pass.emit(y, keep: ring.row(y % ring.count)) { r in
              if r < y { return ring.row(r % ring.count) }
              if r >= y0 { return savedBelow.row(r - plan.saveBelow.lowerBound) }
              return img + r * rowBytes
            }
          }
        } else {
          // Bottom pass, upwards: rows below y are in the ring, rows above the split were saved.
          let ring = Scratch(rows: plan.ringBottom, rowBytes: rowBytes)
          defer { ring.free() }
          for y in stride(from: outHeight - 1, through: y0, by: -1) {
            pass.emit(y, keep: ring.row(y % ring.count)) { r in
              if r > y { return ring.row(r % ring.count) }
              if r < y0 { return savedAbove.row(r - plan.saveAbove.lowerBound) }
              return img + r * rowBytes
            }
          }
        }
      }
      savedAbove.free()
      savedBelow.free()
    }
    return true
  }

  /// Where the in-place warp splits and how much scratch each pass needs.
  private struct InPlacePlan {
    /// The first row whose input rows are centred at or above it.
    let split: Int
    /// Ring sizes (rows) of the top and bottom passes.
    let ringTop: Int
    let ringBottom: Int
    /// Original rows above the split that the bottom pass reads, and below it that the top pass reads.
    let saveAbove: Range<Int>
    let saveBelow: Range<Int>
    /// The most input rows one output row reads.
    let maxSpan: Int
    /// The input rows each output row reads (`rowRange`).
    let ranges: [ClosedRange<Int>]

    init?(_ warp: AffineWarp) {
      let h = warp.outHeight
      let ranges = (0..<h).map { warp.rowRange($0) }
      self.ranges = ranges
      let y0 = ranges.indices.first { ranges[$0].lowerBound + ranges[$0].upperBound <= 2 * $0 } ?? h
      split = y0
      ringTop = max(1, (0..<y0).map { $0 - ranges[$0].lowerBound }.max() ?? 1)
      ringBottom = max(1, (y0..<h).map { ranges[$0].upperBound - $0 }.max() ?? 1)
      saveAbove = min(y0, (y0..<h).map { ranges[$0].lowerBound }.min() ?? y0)..<y0
      saveBelow = y0..<max(y0, ((0..<y0).map { ranges[$0].upperBound }.max() ?? y0 - 1) + 1)
      maxSpan = ranges.map { $0.count }.max() ?? 1
      // The rings and the rows saved above the split stay within a quarter of the picture, as
      // before the passes ran at once; the rows saved below it are about as many as the top ring holds.
      guard ringTop + ringBottom + saveAbove.count <= h / 4 + 8 else { return nil }
    }
  }

  /// One pass's rendering state: its row-pointer table and output line.
  private struct RowPass {
    let warp: AffineWarp
    let image: UnsafeMutablePointer<UInt8>
    let opaque: Bool
    let ranges: [ClosedRange<Int>]
    let finish: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void
    var table: [UnsafePointer<UInt8>]
    var line: [UInt8]

    init(
      warp: AffineWarp, image: UnsafeMutablePointer<UInt8>, opaque: Bool, plan: InPlacePlan,
      finish: @escaping (Int, UnsafeMutableBufferPointer<UInt8>) -> Void
    ) {
      self.warp = warp
      self.image = image
      self.opaque = opaque
      ranges = plan.ranges
      self.finish = finish
      table = [UnsafePointer<UInt8>](repeating: UnsafePointer(image), count: plan.maxSpan)
      line = [UInt8](repeating: 0, count: warp.outWidth * 4)
    }

    /// Renders row `y` from the input rows `source` gives, keeps the row's original in `keep` and
    /// stores the new row.
    mutating func emit(
      _ y: Int, keep: UnsafeMutablePointer<UInt8>, source: (Int) -> UnsafeMutablePointer<UInt8>
    ) {
      let range = ranges[y]
      for r in range { table[r - range.lowerBound] = UnsafePointer(source(r)) }
      let rowBytes = line.count
      let (warp, opaque, finish) = (self.warp, self.opaque, self.finish)
      table.withUnsafeBufferPointer { tp in
        line.withUnsafeMutableBufferPointer { ln in
          warp.renderRow(
            y, rows: UnsafeBufferPointer(rebasing: tp[0..<range.count]), range: range, opaque: opaque,
            into: ln.baseAddress!)
          finish(y, ln)
          let row = image + y * rowBytes
          keep.update(from: row, count: rowBytes)
          row.update(from: ln.baseAddress!, count: rowBytes)
        }
      }
    }
  }

  /// Rows of scratch memory, freed by its owner.
  private struct Scratch {
    let base: UnsafeMutablePointer<UInt8>
    let count: Int
    let rowBytes: Int

    init(rows: Int, rowBytes: Int) {
      base = .allocate(capacity: max(1, rows * rowBytes))
      count = rows
      self.rowBytes = rowBytes
    }

    init(copying image: UnsafeMutablePointer<UInt8>, rows: Range<Int>, rowBytes: Int) {
      self.init(rows: rows.count, rowBytes: rowBytes)
      base.update(from: image + rows.lowerBound * rowBytes, count: rows.count * rowBytes)
    }

    func row(_ i: Int) -> UnsafeMutablePointer<UInt8> { base + i * rowBytes }
    func free() { base.deallocate() }
  }
}
