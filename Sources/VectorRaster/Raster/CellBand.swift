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
/// The cells and bitmaps belong to the fill's `RasterScratch`: they are all zero when the band
/// is made, and the sweep leaves them so.
struct CellBand {
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
  /// The mask row of the band's first row, and how many rows are in use.
  var top = 0
  var rows = 0

  init(width: Int, rows capacity: Int, tracksCells: Bool, scratch: RasterScratch) {
    self.width = width
    self.stride = width + 3
    self.wordsPerRow = (stride + 63) >> 6
    self.capacity = capacity
    self.tracksCells = tracksCells
    summaryWordsPerRow = (wordsPerRow + 63) >> 6
    cells = scratch.cells.reserve(stride * capacity)
    marks = scratch.marks.reserve(tracksCells ? wordsPerRow * capacity : 1)
    summary = scratch.summary.reserve(tracksCells ? summaryWordsPerRow * capacity : 1)
  }

  /// Adds the part of `e` inside rows top..<top+rows.
  ///
  /// Rows the edge crosses completely share one slope, so their per-row span width and its
  /// reciprocal are computed once; the partial first and last rows take the general path, and an
  /// edge inside one row needs no slope at all.
  @_transparent
  func add(_ e: RasterEdge) {
    let bandTop = Double(top)
    let ya = Swift.max(e.y0, bandTop)
    let yb = Swift.min(e.y1, bandTop + Double(rows))
    if !(ya < yb) { return }
    let row = Int(ya)
    if yb <= Double(row &+ 1) && ya == e.y0 && yb == e.y1 {
      // The whole edge lies inside one row (most edges of a finely flattened curve).
      addInRow(row &- top, e.x0, e.x1, (e.y1 - e.y0) * Double(e.winding))
      return
    }
    let firstFull = Self.ceil(ya)
    let endFull = Int(yb)
    let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
    let winding = Double(e.winding)
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
          addSteepSpan(r, Swift.min(x, xNext), Swift.max(x, xNext), inv2w, winding)
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
          addSpan(r, first, Swift.min(count, stride &- first), lo, hi, w, inv2w, winding)
          x = xNext
          yNext += 1
        }
      }
    }
    if yb > Double(endFull) { addPartialRow(e, dxdy, Double(endFull), yb, row: endFull) }
  }

  /// Adds every edge when the band is the whole mask (top 0, every row), and runs `detector`'s
  /// every-row span pass over them (see CrossingDetector+SpanPass.swift): an edge inside one
  /// cell hands over the row and cell found here.
  ///
  /// `add` for each edge, but consecutive edges that stay inside one cell of one row (a fine
  /// curve's, a dozen to a cell) add to that cell and the next in registers, stored when
  /// another cell comes. These are the same Float additions in the same order as `addInRow`'s,
  /// so the cells end up bit for bit the same, without a store and reload of the same two cells
  /// between every two edges.
  func addAll(
    _ edges: UnsafeBufferPointer<RasterEdge>, spans detector: inout CrossingDetector,
    _ flats: [FlatEdge]
  ) {
    var pass = detector.beginSpans()
    defer { detector.endSpans(flats, &pass) }
    var pending: UnsafeMutablePointer<Float>? = nil
    var c0: Float = 0
    var c1: Float = 0
    for e in edges {
      // Every edge lies in rows 0..<rows here, so `add` would take the whole edge as it is.
      let row = Int(e.y0)
      if e.y1 <= Double(row &+ 1) {
        let lo = Swift.min(e.x0, e.x1)
        let hi = Swift.max(e.x0, e.x1)
        let first = Int(lo)
        if hi <= Double(first &+ 1) {
          let d = (e.y1 - e.y0) * Double(e.winding)
          let right = Double(first &+ 1) - 0.5 * (lo + hi)
          let cell = cells + (row &* stride &+ first)
          if cell != pending {
            if let pending {
              pending[0] = c0
              pending[1] = c1
            }
            pending = cell
            c0 = cell[0]
            c1 = cell[1]
            if tracksCells { mark(row, first, first &+ 1) }
            detector.addSpan(of: e, row: row, cell: first, flats, &pass)
          } else if e.chain != pass.current.chain {
            // The same cell as the edge before (marked, and in that chain's span already):
            // only a new chain needs it in its span.
            detector.addSpan(of: e, row: row, cell: first, flats, &pass)
          }
          c0 += Float(d * right)
          c1 += Float(d * (1 - right))
          continue
        }
      }
      detector.addSpans(of: e, flats, &pass)
      if let p = pending {
        p[0] = c0
        p[1] = c1
        pending = nil
      }
      add(e)
    }
    if let pending {
      pending[0] = c0
      pending[1] = c1
    }
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

  /// A segment from x = xa to xb (already inside 0…width) covering `d` (signed) of band row r's
  /// height. When it stays inside one cell c (c ≤ lo ≤ hi ≤ c + 1), the part of the cell right
  /// of it is c + 1 − (lo + hi)/2 of the cell's width, so pixel c gains d·(c + 1 − (lo + hi)/2)
  /// and every pixel after it d: cell c + 1 stores the rest, d·((lo + hi)/2 − c). This is
  /// `addSpan` with G(c) = 0, G(c+1) = c + 1 − (lo + hi)/2 and G(c+2) = G(c+1) + 1.
  @_transparent
  private func addInRow(_ r: Int, _ xa: Double, _ xb: Double, _ d: Double) {
    let lo = Swift.min(xa, xb)
    let hi = Swift.max(xa, xb)
    let first = Int(lo)
    if hi <= Double(first &+ 1) {
      let right = Double(first &+ 1) - 0.5 * (lo + hi)
      let line = cells + (r &* stride &+ first)
      line[0] += Float(d * right)
      line[1] += Float(d * (1 - right))
      if tracksCells { mark(r, first, first &+ 1) }
      return
    }
    let w = hi - lo
    let count = Self.ceil(hi) &- first &+ 1
    addSpan(r, first, Swift.min(count, stride &- first), lo, hi, w, 0.5 / Swift.max(w, Self.tinyWidth), d)
  }

  /// The part of edge `e` between heights yTop and yBottom, both within `row`.
  @_transparent
  private func addPartialRow(
    _ e: RasterEdge, _ dxdy: Double, _ yTop: Double, _ yBottom: Double, row: Int
  ) {
    addInRow(
      row &- top, clampX(e.x0 + (yTop - e.y0) * dxdy), clampX(e.x0 + (yBottom - e.y0) * dxdy),
      (yBottom - yTop) * Double(e.winding))
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
    _ inv2w: Double, _ d: Double
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
  }

  /// `addSpan` for a full row of an edge with |dx/dy| ≤ 1: the span lies in cells ⌊lo⌋ and
  /// ⌊lo⌋+1, so exactly three cells change. With t1 = ⌊lo⌋+1, t2 = t1+1:
  /// G(t1) = u²/2w + max(t1 − hi, 0) with u = min(t1 − lo, w), and G(t2) = t2 − (lo+hi)/2.
  @_transparent
  private func addSteepSpan(
    _ r: Int, _ lo: Double, _ hi: Double, _ inv2w: Double, _ d: Double
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
  }

  /// ⌈v⌉ for v ≥ 0, without a libm call.
  @inline(__always)
  static func ceil(_ v: Double) -> Int {
    let i = Int(v)
    return Double(i) < v ? i + 1 : i
  }

  /// Marks cells lo...hi of band row r as written, and their words in the row's summary.
  @_transparent
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
