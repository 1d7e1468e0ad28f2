/// Cutting the edges of the flagged rows into pieces for `CrossingResolver`: at every cell
/// border in a row flagged whole, only at the flagged cells' borders in the others.
extension CrossingResolver {
  /// The pieces of every edge in the flagged rows, sorted by row and cell in `sink` (`grouped`,
  /// row r's from `rowStarts[r]` to `rowStarts[r + 1]`, in edge order within a cell).
  func gatherPieces(
    _ states: [UInt8], _ flags: FlaggedCells, _ edges: UnsafeBufferPointer<RasterEdge>,
    _ sink: inout PieceSink
  ) {
    sink.reset(rows: height)
    defer { sink.sortByRowAndCell(cells: width) }
    var borders: [Int] = []
    var before = [Int](repeating: 0, count: height + 1)  // flagged rows above each row
    for r in 0..<height { before[r + 1] = before[r] + (states[r] != FlaggedCells.none ? 1 : 0) }
    if before[height] == 0 { return }
    // Per row, the x from which a part adds nothing: pieces right of every flagged cell are
    // left of no cell that is resolved.
    var reach = [Double](repeating: Double(width), count: height)
    for r in 0..<height where states[r] == FlaggedCells.someCells {
      reach[r] = Double(flags.lastCell(r) + 1)
    }
    for e in edges {
      let r0 = Int(e.y0)
      let r1 = Swift.min(CellBand.ceil(e.y1), height)
      if before[r1] == before[r0] { continue }
      let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
      let w = Double(e.winding)
      for r in r0..<r1 where states[r] != FlaggedCells.none {
        // The part of the edge inside row r.
        let ya = Swift.max(e.y0, Double(r))
        let yb = Swift.min(e.y1, Double(r + 1))
        if !(ya < yb) { continue }
        let xa = ya == e.y0 ? e.x0 : e.x0 + (ya - e.y0) * dxdy
        let xb = yb == e.y1 ? e.x1 : e.x0 + (yb - e.y0) * dxdy
        if Swift.min(xa, xb) >= reach[r] { continue }
        sink.row = r
        if states[r] == FlaggedCells.wholeRow {
          splitIntoCells(xa, ya, xb, yb, w, e.chain, into: &sink)
        } else {
          splitAtFlaggedCells(xa, ya, xb, yb, w, e.chain, flags.cells(r), &borders, into: &sink)
        }
      }
    }
  }

  /// Cuts the segment (xa, ya)–(xb, yb) at the integer x it crosses (x ≥ 0).
  func splitIntoCells(
    _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ w: Double, _ chain: Int32,
    into out: inout PieceSink
  ) {
    var px = xa
    var py = ya
    func cut(at border: Int) {
      let bx = Double(border)
      let by = Swift.min(Swift.max(ya + (bx - xa) / (xb - xa) * (yb - ya), py), yb)
      append(px, py, bx, by, w, chain, &out)
      px = bx
      py = by
    }
    if xb > xa {
      var border = Int(xa) + 1
      while Double(border) < xb {
        cut(at: border)
        border += 1
      }
    } else if xb < xa {
      var border = CellBand.ceil(xa) - 1
      while Double(border) > xb {
        cut(at: border)
        border -= 1
      }
    }
    append(px, py, xb, yb, w, chain, &out)
  }

  /// Cuts the segment (xa, ya)–(xb, yb) only at the borders of the flagged cells (`cells`, the
  /// row's bitmap) it crosses. A part between flagged cells that continues the row's last
  /// piece (same winding, end to end, also between flagged cells: then both lie between the
  /// same two) is merged into it.
  func splitAtFlaggedCells(
    _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ w: Double, _ chain: Int32,
    _ cells: UnsafePointer<UInt64>, _ borders: inout [Int], into out: inout PieceSink
  ) {
    let lo = Swift.min(xa, xb)
    let hi = Swift.max(xa, xb)
    if hi <= Double(Int(lo) &+ 1) {
      // Inside one cell (most parts of a finely flattened curve): no border to cut at.
      appendMerging(xa, ya, xb, yb, w, chain, cells, &out)
      return
    }
    flaggedBorders(lo, hi, cells, &borders)
    var px = xa
    var py = ya
    func cut(at border: Int) {
      let bx = Double(border)
      let by = Swift.min(Swift.max(ya + (bx - xa) / (xb - xa) * (yb - ya), py), yb)
      appendMerging(px, py, bx, by, w, chain, cells, &out)
      px = bx
      py = by
    }
    if xb > xa {
      for b in borders { cut(at: b) }
    } else {
      for b in borders.reversed() { cut(at: b) }
    }
    appendMerging(px, py, xb, yb, w, chain, cells, &out)
  }

  /// The borders x = b with lo < b < hi of the flagged cells among ⌊lo⌋ … ⌈hi⌉ − 1, ascending.
  private func flaggedBorders(
    _ lo: Double, _ hi: Double, _ cells: UnsafePointer<UInt64>, _ borders: inout [Int]
  ) {
    borders.removeAll(keepingCapacity: true)
    let first = Int(lo)
    let last = Swift.min(CellBand.ceil(hi) - 1, width - 1)
    if first > last { return }
    var word = first >> 6
    var bits = cells[word] & (~UInt64(0) << UInt64(first & 63))
    while true {
      while bits != 0 {
        let f = word << 6 | bits.trailingZeroBitCount
        if f > last { return }
        bits &= bits - 1
        if Double(f) > lo && borders.last != f { borders.append(f) }
        if Double(f + 1) < hi { borders.append(f + 1) }
      }
      word += 1
      if word << 6 > last { return }
      bits = cells[word]
    }
  }

  private func append(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ w: Double, _ chain: Int32,
    _ out: inout PieceSink
  ) {
    if !(y0 < y1) { return }
    let cell = Int((x0 + x1) * 0.5)
    if cell >= width { return }  // on the mask's right side: left of no pixel
    out.append(cell, chain, x0, y0, x1, y1, w)
  }

  /// `append`, merging a piece outside the flagged cells into the last piece when that one is
  /// outside them too and the two meet end to end with the same winding.
  private func appendMerging(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ w: Double, _ chain: Int32,
    _ cells: UnsafePointer<UInt64>, _ out: inout PieceSink
  ) {
    if !(y0 < y1) { return }
    let cell = Int((x0 + x1) * 0.5)
    if cell >= width { return }
    if !Self.isSet(cells, cell), let k = out.lastInRow, out.pieces[k].winding == w,
      !Self.isSet(cells, out.pieces[k].cell)
    {
      if out.pieces[k].x1 == x0 && out.pieces[k].y1 == y0 {
        out.pieces[k].x1 = x1
        out.pieces[k].y1 = y1
        return
      }
      if out.pieces[k].x0 == x1 && out.pieces[k].y0 == y1 {
        out.pieces[k].x0 = x0
        out.pieces[k].y0 = y0
        return
      }
    }
    out.append(cell, chain, x0, y0, x1, y1, w)
  }

  @inline(__always)
  static func isSet(_ cells: UnsafePointer<UInt64>, _ c: Int) -> Bool {
    cells[c >> 6] >> UInt64(c & 63) & 1 != 0
  }

  /// Whether any of bits lo...hi is set.
  static func anySet(_ cells: UnsafePointer<UInt64>, _ lo: Int, _ hi: Int) -> Bool {
    let w0 = lo >> 6
    let w1 = hi >> 6
    let loMask = ~UInt64(0) << UInt64(lo & 63)
    let hiMask = ~UInt64(0) >> UInt64(63 - (hi & 63))
    if w0 == w1 { return cells[w0] & loMask & hiMask != 0 }
    if cells[w0] & loMask != 0 || cells[w1] & hiMask != 0 { return true }
    for w in (w0 + 1)..<w1 where cells[w] != 0 { return true }
    return false
  }
}
