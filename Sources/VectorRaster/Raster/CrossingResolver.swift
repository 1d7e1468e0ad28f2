/// Exact coverage for the cells the `CrossingDetector` flagged: the area of the part of each
/// pixel where the fill rule holds, instead of the rule applied to the summed winding area.
///
/// Derivation. Within row [r, r+1], cut every edge at the cell borders x = c into pieces, each
/// inside one cell. In cell c the winding at (x, y) is W_c(y), the winding on the cell's left
/// side, plus the windings of the pieces left of x at height y. W_c is a step function of y:
/// W_0 comes from the edges left of the mask (a constant for edges crossing the whole row, a
/// step up and down for each partial piece), and W_{c+1} = W_c + Σ w_p·[y0_p ≤ y < y1_p] over
/// the pieces p of cell c, since those are exactly the parts of edges between x = c and c + 1.
/// Cut the cell into horizontal slabs at every piece end, every step of W_c and every height
/// where two pieces cross. Inside a slab no piece starts, ends or crosses another, so the pieces
/// keep one left-to-right order, W_c is constant, and the regions between neighbouring pieces
/// (and the cell's sides) are trapezoids of constant winding: the covered area is the sum of
/// the trapezoids whose winding the rule accepts, each (width at top + width at bottom)/2 times
/// the slab height. This is exact (up to floating point) whatever the windings.
///
/// Cost: `CellSweep` takes a cell with k pieces and m crossings in about (k + m)·k. Cells with
/// more than `maxExactPieces` pieces keep the folded area: this bounds the work per cell on
/// pathological input (thousands of edges through one pixel).
struct CrossingResolver {
  let width: Int
  let height: Int
  let evenOdd: Bool
  /// Cells with more pieces than this keep the accumulated (folded) coverage.
  static let maxExactPieces = 256

  /// One edge piece inside one cell: from (x0, y0) to (x1, y1), y0 < y1.
  struct Piece {
    var cell: Int
    var chain: Int32
    var row: Int32
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double
    var winding: Double
  }

  /// Recomputes the flagged cells of `mask` (width × height bytes) exactly.
  ///
  /// A row flagged whole is cut at every cell border. A row with some cells flagged is cut only
  /// at the borders of its flagged cells: between two flagged cells the pieces only add to the
  /// left winding of the next flagged cell, so a chain's run of pieces there is kept as one
  /// piece (its steps are the run's ends), and the cells there keep their accumulated area
  /// (one chain, or none, passes through each). A row with left-side pieces (a path clipped on
  /// the left) is resolved whole: its left winding may step inside cells no chain reaches.
  func resolve(
    flags: FlaggedCells, edges: UnsafeBufferPointer<RasterEdge>,
    flats: [FlatEdge], leftPieces: [LeftPiece], leftRows: [Double]?,
    mask: UnsafeMutablePointer<UInt8>, scratch: inout PieceSink
  ) {
    var states = flags.rowStates
    for p in leftPieces where states[p.row] == FlaggedCells.someCells {
      states[p.row] = FlaggedCells.wholeRow
    }
    gatherPieces(states, flags, edges, &scratch)
    let pieces = scratch.grouped
    let rowStarts = scratch.rowStarts
    var leftByRow: [Int: [LeftPiece]] = [:]
    for p in leftPieces where states[p.row] != FlaggedCells.none {
      leftByRow[p.row, default: []].append(p)
    }
    var sweep = CellSweep()
    var byCell: [Piece] = []
    var cellStarts = [Int](repeating: 0, count: width + 1)
    var flatsByRow: [Int: [FlatEdge]] = [:]
    for f in flats where Double(Int(f.y)) != f.y && states[Int(f.y)] != FlaggedCells.none {
      flatsByRow[Int(f.y), default: []].append(f)
    }
    var flatCells = [Bool](repeating: false, count: width)
    for row in 0..<height where states[row] != FlaggedCells.none {
      var steps: [(y: Double, dw: Double)] = [(Double(row), leftRows?[row] ?? 0)]
      for p in leftByRow[row] ?? [] {
        steps.append((p.y0, p.winding))
        steps.append((p.y1, -p.winding))
      }
      normalize(&steps, row)
      sortByCell(pieces[rowStarts[row]..<rowStarts[row + 1]], &byCell, &cellStarts)
      let rowFlats = flatsByRow[row] ?? []
      for f in rowFlats where f.x0 < Double(width) {
        for c in Int(f.x0)...Swift.min(Swift.max(Int(f.x0), CellBand.ceil(f.x1) - 1), width - 1) {
          flatCells[c] = true
        }
      }
      let only = states[row] == FlaggedCells.someCells ? flags.cells(row) : nil
      resolveRow(row, byCell, steps, flatCells, only: only, mask + row * width, &sweep)
      if !rowFlats.isEmpty { for c in 0..<width { flatCells[c] = false } }
    }
  }

  /// The pieces of every edge in the flagged rows, grouped by row in `sink` (`grouped`, row r's
  /// from `rowStarts[r]` to `rowStarts[r + 1]`, in edge order).
  private func gatherPieces(
    _ states: [UInt8], _ flags: FlaggedCells, _ edges: UnsafeBufferPointer<RasterEdge>,
    _ sink: inout PieceSink
  ) {
    sink.reset(rows: height)
    defer { sink.groupByRow() }
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
  private func splitIntoCells(
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
  private func splitAtFlaggedCells(
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

  /// Sorts the steps by height (`sortByHeight`: the list is an ordered run plus new steps),
  /// merges equal heights and drops zero steps;
  /// steps at or above the row top are folded into one at the top (always `steps[0]`), and
  /// those at the bottom are dropped.
  private func normalize(_ steps: inout [(y: Double, dw: Double)], _ row: Int) {
    let top = Double(row)
    let bottom = top + 1
    for i in 0..<steps.count { steps[i].y = Swift.min(Swift.max(steps[i].y, top), bottom) }
    Self.sortByHeight(&steps)
    if steps.first.map({ $0.y > top }) ?? true { steps.insert((top, 0), at: 0) }
    var kept = 0
    for i in 0..<steps.count where steps[i].y < bottom {
      let s = steps[i]
      if kept > 0 && steps[kept - 1].y == s.y {
        steps[kept - 1].dw += s.dw
        if steps[kept - 1].dw == 0 && kept > 1 { kept -= 1 }
      } else if s.dw != 0 || kept == 0 {
        steps[kept] = kept == 0 ? (top, s.dw) : s
        kept += 1
      }
    }
    if kept == 0 {
      steps.removeAll(keepingCapacity: true)
      steps.append((top, 0))
    } else {
      steps.removeLast(steps.count - kept)
    }
  }

  /// Sorts steps by height: a sorted run followed by a few new steps is finished by insertion
  /// (linear in the run per new step), a longer tail by the library's sort.
  private static func sortByHeight(_ steps: inout [(y: Double, dw: Double)]) {
    var sorted = 1
    while sorted < steps.count && steps[sorted - 1].y <= steps[sorted].y { sorted += 1 }
    if steps.count - sorted > 8 {
      steps.sort { $0.y < $1.y }
      return
    }
    for i in sorted..<Swift.max(sorted, steps.count) {
      let s = steps[i]
      var j = i
      while j > 0 && steps[j - 1].y > s.y {
        steps[j] = steps[j - 1]
        j -= 1
      }
      steps[j] = s
    }
  }

  /// The row's pieces ordered by cell (a counting sort; `starts` has width + 1 entries).
  private func sortByCell(
    _ pieces: ArraySlice<Piece>, _ out: inout [Piece], _ starts: inout [Int]
  ) {
    for i in 0..<starts.count { starts[i] = 0 }
    for p in pieces { starts[p.cell + 1] += 1 }
    for c in 0..<width { starts[c + 1] += starts[c] }
    out.removeAll(keepingCapacity: true)
    guard let first = pieces.first else { return }
    out.append(contentsOf: repeatElement(first, count: pieces.count))
    for p in pieces {
      out[starts[p.cell]] = p
      starts[p.cell] += 1
    }
  }

  @inline(__always)
  private func inside(_ w: Double) -> Bool {
    evenOdd ? Int(w.rounded()) & 1 != 0 : w.rounded() != 0
  }

  /// Writes row `row` (pieces sorted by cell, left steps W_0) into `out`: every cell that
  /// needs it, or with `only` (the row's bitmap of flagged cells) the flagged cells among them.
  ///
  /// The left steps are merged (`normalize`) only before they are read, so a run of cells that
  /// keep their area only appends to them.
  private func resolveRow(
    _ row: Int, _ pieces: [Piece], _ leftSteps: [(y: Double, dw: Double)], _ flatCells: [Bool],
    only: UnsafePointer<UInt64>?, _ out: UnsafeMutablePointer<UInt8>, _ sweep: inout CellSweep
  ) {
    var steps = leftSteps
    var merged = true
    var c = 0
    var k = 0
    while c < width {
      // Cells up to the next one holding pieces see only the steps of W: equal coverage, and
      // exact already where W is constant. (W steps there under a horizontal edge where two
      // boundaries coincide, whose cells the detector flags, or by pieces left of the mask.)
      let nextCell = k < pieces.count ? pieces[k].cell : width
      if nextCell > c {
        if only.map({ Self.anySet($0, c, nextCell - 1) }) ?? true {
          if !merged { normalize(&steps, row) }
          merged = true
          if steps.count > 1 {
            let byte = Self.byte(
              sweep.area(
                pieces[k..<k], left: Double(c), top: Double(row), steps: steps, inside: inside))
            if let only {
              for x in c..<nextCell where Self.isSet(only, x) { out[x] = byte }
            } else {
              (out + c).update(repeating: byte, count: nextCell - c)
            }
          }
        }
        c = nextCell
        continue
      }
      var end = k
      var oneChain = true
      while end < pieces.count && pieces[end].cell == c {
        oneChain = oneChain && pieces[end].chain == pieces[k].chain
        end += 1
      }
      let cellPieces = pieces[k..<end]
      // One chain, and no horizontal edge, leave two neighbouring windings in the cell
      // (EdgeChains): the folded area already in the mask is exact.
      if !(oneChain && !flatCells[c]) && cellPieces.count <= Self.maxExactPieces
        && (only.map { Self.isSet($0, c) } ?? true)
      {
        if !merged { normalize(&steps, row) }
        merged = true
        out[c] = Self.byte(
          sweep.area(cellPieces, left: Double(c), top: Double(row), steps: steps, inside: inside))
      }
      appendSteps(cellPieces, &steps)
      merged = false
      k = end
      c += 1
    }
  }

  /// Appends the steps of `pieces` to the left winding: +w at each piece's top, −w at its
  /// bottom, except where a piece continues the one before (same winding, one's bottom the
  /// other's top), whose two steps at that height cancel.
  private func appendSteps(_ pieces: ArraySlice<Piece>, _ steps: inout [(y: Double, dw: Double)]) {
    guard let first = pieces.first else { return }
    var top = first.y0
    var bottom = first.y1
    var w = first.winding
    for p in pieces.dropFirst() {
      if p.winding == w {
        if p.y0 == bottom {
          bottom = p.y1
          continue
        }
        if p.y1 == top {
          top = p.y0
          continue
        }
      }
      steps.append((top, w))
      steps.append((bottom, -w))
      top = p.y0
      bottom = p.y1
      w = p.winding
    }
    steps.append((top, w))
    steps.append((bottom, -w))
  }

  static func byte(_ area: Double) -> UInt8 {
    UInt8(Swift.min(Swift.max(area, 0), 1) * 255 + 0.5)
  }
}

/// The pieces of the flagged rows as they are cut, in one list, with each row's latest piece
/// (which the next piece of the row may extend); then grouped by row. Kept in the fill's
/// scratch, so the lists keep their memory between fills.
struct PieceSink {
  var pieces: [CrossingResolver.Piece] = []
  /// The row the next pieces belong to.
  var row = 0
  private var latest: [Int] = []
  /// After `groupByRow`: the pieces by row, and where each row's start (one entry per row,
  /// plus the end).
  private(set) var grouped: [CrossingResolver.Piece] = []
  private(set) var rowStarts: [Int] = []

  /// Empties the lists for a mask of `rows` rows.
  mutating func reset(rows: Int) {
    pieces.removeAll(keepingCapacity: true)
    latest.removeAll(keepingCapacity: true)
    latest.append(contentsOf: repeatElement(-1, count: rows))
  }

  /// The index of `row`'s latest piece, if it has one.
  var lastInRow: Int? {
    let k = latest[row]
    return k >= 0 ? k : nil
  }

  mutating func append(
    _ cell: Int, _ chain: Int32, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
    _ w: Double
  ) {
    latest[row] = pieces.count
    pieces.append(
      CrossingResolver.Piece(
        cell: cell, chain: chain, row: Int32(truncatingIfNeeded: row), x0: x0, y0: y0, x1: x1,
        y1: y1, winding: w))
  }

  /// Groups the pieces by row (a counting sort, keeping their order within a row).
  mutating func groupByRow() {
    let rows = latest.count
    rowStarts.removeAll(keepingCapacity: true)
    rowStarts.append(contentsOf: repeatElement(0, count: rows + 1))
    for p in pieces { rowStarts[Int(p.row) + 1] += 1 }
    for r in 0..<rows { rowStarts[r + 1] += rowStarts[r] }
    grouped.removeAll(keepingCapacity: true)
    guard let first = pieces.first else { return }
    grouped.append(contentsOf: repeatElement(first, count: pieces.count))
    var fill = rowStarts
    for p in pieces {
      grouped[fill[Int(p.row)]] = p
      fill[Int(p.row)] += 1
    }
  }
}
