/// Exact-area cell accumulation for a band of mask rows (the accumulator of font-rs, a dense
/// variant of the FreeType/AGG cell method).
///
/// For each row of the band, cell `x` holds the change in signed coverage between pixel x−1 and
/// pixel x, so a pixel's coverage is the running sum of its row's cells up to and including its
/// own. Drawing an edge adds, in every row it crosses, the exact area to the right of the edge
/// within that row: cells the edge passes through get their partial areas, and the cell just
/// past it gets the rest of the row's winding change.
///
/// When `tracksCells` is on, a bitmap per row records which cells were written, so the sweep can
/// visit only those and fill the runs between them at once (large, sparse masks). Otherwise the
/// sweep runs over every cell (small or densely crossed masks).
///
/// Every cell an edge passes through is also tagged with the edge's chain, for the
/// `CrossingDetector`; the sweep clears the tags with the cells.
final class CellBand {
  /// Mask width in pixels.
  let width: Int
  /// Cells per row: the mask width plus three, for the carries of edges on the right border.
  let stride: Int
  let wordsPerRow: Int
  /// Rows the band holds.
  let capacity: Int
  let tracksCells: Bool
  let cells: UnsafeMutablePointer<Float>
  let marks: UnsafeMutablePointer<UInt64>
  /// Per row, one bit per word of `marks` that has any bit set, so the sweep skips empty words.
  let summaryWordsPerRow: Int
  let summary: UnsafeMutablePointer<UInt64>
  /// Per cell: 0, the chain id of the edges through it, or −p for chains p and next[p].
  let tags: UnsafeMutablePointer<Int32>
  let detector: CrossingDetector
  let flaggedRows: UnsafeMutablePointer<Bool>
  /// The mask row of the band's first row, and how many rows are in use.
  var top = 0
  var rows = 0

  init(width: Int, rows capacity: Int, tracksCells: Bool, detector: CrossingDetector) {
    self.detector = detector
    self.flaggedRows = detector.flaggedRows
    self.width = width
    self.stride = width + 3
    self.wordsPerRow = (stride + 63) >> 6
    self.capacity = capacity
    self.tracksCells = tracksCells
    cells = .allocate(capacity: stride * capacity)
    cells.initialize(repeating: 0, count: stride * capacity)
    let markWords = tracksCells ? wordsPerRow * capacity : 1
    marks = .allocate(capacity: markWords)
    marks.initialize(repeating: 0, count: markWords)
    summaryWordsPerRow = (wordsPerRow + 63) >> 6
    let summaryWords = tracksCells ? summaryWordsPerRow * capacity : 1
    summary = .allocate(capacity: summaryWords)
    summary.initialize(repeating: 0, count: summaryWords)
    tags = .allocate(capacity: stride * capacity)
    tags.initialize(repeating: 0, count: stride * capacity)
  }

  deinit {
    tags.deallocate()
    cells.deallocate()
    marks.deallocate()
    summary.deallocate()
  }

  /// Adds the part of `e` inside rows top..<top+rows.
  ///
  /// Rows the edge crosses completely share one slope, so their per-row span width and its
  /// reciprocal are computed once; the partial first and last rows take the general path.
  @inline(__always)
  func add(_ e: RasterEdge) {
    let bandTop = Double(top)
    let ya = Swift.max(e.y0, bandTop)
    let yb = Swift.min(e.y1, bandTop + Double(rows))
    if !(ya < yb) { return }
    let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
    let winding = Double(e.winding)
    let chain = e.chain
    let firstFull = Self.ceil(ya)
    let endFull = Int(yb)
    if firstFull > endFull {
      // Starts and ends inside one row.
      addPartialRow(e, dxdy, ya, yb, row: endFull)
      return
    }
    if ya < Double(firstFull) { addPartialRow(e, dxdy, ya, Double(firstFull), row: firstFull - 1) }
    if firstFull < endFull {
      let w = abs(dxdy)
      let inv2w = 0.5 / Swift.max(w, Self.tinyWidth)
      var x = clampX(e.x0 + (Double(firstFull) - e.y0) * dxdy)
      var yNext = Double(firstFull) + 1 - e.y0
      if w <= 1 {
        for r in (firstFull &- top)..<(endFull &- top) {
          let xNext = clampX(e.x0 + yNext * dxdy)
          addSteepSpan(r, Swift.min(x, xNext), Swift.max(x, xNext), inv2w, winding, chain)
          x = xNext
          yNext += 1
        }
      } else {
        // Every full row spans at most ⌈w⌉ + 2 cells.
        let count = Int(w) &+ 3
        for r in (firstFull &- top)..<(endFull &- top) {
          let xNext = clampX(e.x0 + yNext * dxdy)
          let lo = Swift.min(x, xNext)
          let hi = Swift.max(x, xNext)
          let first = Int(lo)
          addSpan(r, first, Swift.min(count, stride &- first), lo, hi, w, inv2w, winding, chain)
          x = xNext
          yNext += 1
        }
      }
    }
    if yb > Double(endFull) { addPartialRow(e, dxdy, Double(endFull), yb, row: endFull) }
  }

  /// Adds, to column 0 of each band row, that row's entry of `cover` (indexed by mask row):
  /// the winding of edges clipped away on the mask's left.
  func addToFirstColumn(_ cover: [Double]) {
    for r in 0..<rows {
      let v = cover[top &+ r]
      if v == 0 { continue }
      cells[r &* stride] += Float(v)
      if tracksCells { mark(r, 0, 0) }
    }
  }

  /// Spans narrower than this are treated as vertical (their area error is below it).
  static let tinyWidth = 1e-12

  @inline(__always)
  private func clampX(_ x: Double) -> Double {
    Swift.min(Swift.max(x, 0), Double(width))
  }

  /// The part of edge `e` between heights yTop and yBottom, both within `row`.
  @inline(__always)
  private func addPartialRow(
    _ e: RasterEdge, _ dxdy: Double, _ yTop: Double, _ yBottom: Double, row: Int
  ) {
    let xa = clampX(e.x0 + (yTop - e.y0) * dxdy)
    let xb = clampX(e.x0 + (yBottom - e.y0) * dxdy)
    let lo = Swift.min(xa, xb)
    let hi = Swift.max(xa, xb)
    let w = hi - lo
    let first = Int(lo)
    let count = Self.ceil(hi) &- first &+ 1
    addSpan(
      row &- top, first, Swift.min(count, stride &- first), lo, hi, w,
      0.5 / Swift.max(w, Self.tinyWidth), (yBottom - yTop) * Double(e.winding), e.chain)
  }

  /// Adds a line crossing band row `r` from x `lo` to `hi` (w = hi − lo), covering `d` (signed)
  /// of the row's height, to `count` cells starting at `first` = ⌊lo⌋.
  ///
  /// With g(t) the fraction of the row right of the line at column position t (0 left of the
  /// span, 1 right of it, a linear ramp across it), pixel c gains d·(G(c+1) − G(c)), where
  /// G(t) = ∫g = u²/2w + max(t − hi, 0), u = clamp(t − lo, 0, w). Each cell stores the change
  /// from its left neighbour: the second difference of G. No branches but the loop.
  @inline(__always)
  private func addSpan(
    _ r: Int, _ first: Int, _ count: Int, _ lo: Double, _ hi: Double, _ w: Double,
    _ inv2w: Double, _ d: Double, _ chain: Int32
  ) {
    let line = cells + (r &* stride &+ first)
    var gPrev2 = 0.0  // G(first − 1) = G(first) = 0, as first ≤ lo
    var gPrev = 0.0
    var t = Double(first) + 1
    for k in 0..<count {
      let u = Swift.min(Swift.max(t - lo, 0), w)
      let g = u * u * inv2w + Swift.max(t - hi, 0)
      line[k] += Float(d * (g - 2 * gPrev + gPrev2))
      gPrev2 = gPrev
      gPrev = g
      t += 1
    }
    if tracksCells && count > 0 { mark(r, first, first &+ count &- 1) }
    // The cells the span passes through: ⌊lo⌋ … ⌈hi⌉ − 1 (the last one written only carries).
    tag(r, first, Swift.min(Swift.max(first, Self.ceil(hi) &- 1), width &- 1), chain)
  }

  /// `addSpan` for a full row of an edge with |dx/dy| ≤ 1: the span lies in cells ⌊lo⌋ and
  /// ⌊lo⌋+1, so exactly three cells change. With t1 = ⌊lo⌋+1, t2 = t1+1:
  /// G(t1) = u²/2w + max(t1 − hi, 0) with u = min(t1 − lo, w), and G(t2) = t2 − (lo+hi)/2.
  @inline(__always)
  private func addSteepSpan(
    _ r: Int, _ lo: Double, _ hi: Double, _ inv2w: Double, _ d: Double, _ chain: Int32
  ) {
    let first = Int(lo)
    let t1 = Double(first) + 1
    let u = Swift.min(t1 - lo, hi - lo)
    let g1 = u * u * inv2w + Swift.max(t1 - hi, 0)
    let g2 = t1 + 1 - 0.5 * (lo + hi)
    let line = cells + (r &* stride &+ first)
    line[0] += Float(d * g1)
    line[1] += Float(d * (g2 - 2 * g1))
    line[2] += Float(d * (1 - g2 + g1))
    if tracksCells { mark(r, first, first &+ 2) }
    tag(r, first, Swift.min(hi > t1 ? first &+ 1 : first, width &- 1), chain)
  }

  /// Tags cells lo...hi of band row r with `chain`; a cell already holding another chain goes
  /// to the detector.
  @inline(__always)
  private func tag(_ r: Int, _ lo: Int, _ hi: Int, _ chain: Int32) {
    if flaggedRows[top &+ r] { return }  // resolved exactly anyway
    let line = tags + r &* stride
    var x = lo
    while x <= hi {
      let old = line[x]
      if old != chain {
        if old == 0 {
          line[x] = chain
        } else {
          detector.conflict(line + x, chain, row: top &+ r)
        }
      }
      x &+= 1
    }
  }

  /// Tags the cells crossed by the horizontal edges inside the band's rows (those lying on a
  /// row boundary split no cell).
  func tagFlats(_ flats: [FlatEdge]) {
    let bandTop = Double(top)
    let bandBottom = Double(top + rows)
    for f in flats where f.y > bandTop && f.y < bandBottom {
      let row = Int(f.y)
      if Double(row) == f.y || f.x0 >= Double(width) { continue }
      let lo = Int(f.x0)
      let hi = Swift.min(Swift.max(lo, Self.ceil(f.x1) - 1), width - 1)
      if tracksCells { mark(row - top, lo, hi) }
      tag(row - top, lo, hi, f.chain)
    }
  }

  /// ⌈v⌉ for v ≥ 0, without a libm call.
  @inline(__always)
  static func ceil(_ v: Double) -> Int {
    let i = Int(v)
    return Double(i) < v ? i + 1 : i
  }

  /// Marks cells lo...hi of band row r as written, and their words in the row's summary.
  @inline(__always)
  private func mark(_ r: Int, _ lo: Int, _ hi: Int) {
    Self.setBits(marks + r * wordsPerRow, lo, hi)
    Self.setBits(summary + r * summaryWordsPerRow, lo >> 6, hi >> 6)
  }

  /// Sets bits lo...hi of the bit string at `words`.
  @inline(__always)
  static func setBits(_ words: UnsafeMutablePointer<UInt64>, _ lo: Int, _ hi: Int) {
    let w0 = lo >> 6
    let w1 = hi >> 6
    let loMask = ~UInt64(0) << UInt64(lo & 63)
    let hiMask = ~UInt64(0) >> UInt64(63 - (hi & 63))
    if w0 == w1 {
      words[w0] |= loMask & hiMask
    } else {
      words[w0] |= loMask
      var w = w0 + 1
      while w < w1 {
        words[w] = ~0
        w += 1
      }
      words[w1] |= hiMask
    }
  }
}
