/// Cutting the flagged rows into pieces from the crossing detector's spans (the every-row
/// pass's `RowSpan`s, one per chain and row), instead of from every edge of the path.
///
/// A chain's run in a row lies in the cells of its span. In a row with some cells flagged, a
/// run whose span holds no flagged cell lies between the same two flagged cells, so it only
/// steps the winding on the next flagged cell's left side: once by its winding at the height it
/// enters the row, and back where it leaves. A chain is y-monotone, so those heights are its own
/// top and bottom clamped to the row, and the run becomes one piece without reading its edges.
/// Only the runs that reach a flagged cell (and every run of a row flagged whole) are cut from
/// their edges, found by binary search in the chain.
extension CrossingResolver {
  /// The pieces of the flagged rows, sorted by row and cell in `sink`, from `spans` (every
  /// chain's, in chain order) and the chains' edges.
  func gatherPieces(
    _ states: [UInt8], _ flags: FlaggedCells, spans: [CrossingDetector.RowSpan],
    _ chains: EdgeChains, _ edges: UnsafeBufferPointer<RasterEdge>, _ sink: inout PieceSink
  ) {
    sink.reset(rows: height)
    defer { sink.sortByRowAndCell(cells: width) }
    // Per row, the first cell right of every flagged cell: a run from there on is left of no
    // cell that is resolved.
    var reach = [Int](repeating: width, count: height)
    for r in 0..<height where states[r] == FlaggedCells.someCells {
      reach[r] = flags.lastCell(r) + 1
    }
    var borders: [Int] = []
    var run = ChainRun()
    for s in spans {
      let r = Int(s.row)
      let state = states[r]
      if state == FlaggedCells.none || Int(s.lo) >= reach[r] { continue }
      if s.chain != run.chain { run = ChainRun(s.chain, chains, edges) }
      if run.range.isEmpty { continue }  // a span of horizontal edges only
      sink.row = r
      // A span short of the right side: the run did not leave the mask there, so it is
      // present at every height of the row between the chain's ends.
      if state == FlaggedCells.someCells && Int(s.hi) < width - 1
        && !Self.anySet(flags.cells(r), Int(s.lo), Int(s.hi))
      {
        let ya = Swift.max(run.top, Double(r))
        let yb = Swift.min(run.bottom, Double(r + 1))
        if ya < yb {
          let x = Double(s.lo)
          sink.append(Int(s.lo), s.chain, x, ya, x, yb, run.winding)
        }
        continue
      }
      cutRun(run, row: r, whole: state == FlaggedCells.wholeRow, flags, edges, &borders, &sink)
    }
  }

  /// One chain's edges and vertical extent.
  private struct ChainRun {
    var chain: Int32 = -1
    var range: Range<Int> = 0..<0
    var top = 0.0
    var bottom = 0.0
    var winding = 0.0

    init() {}

    init(_ id: Int32, _ chains: EdgeChains, _ edges: UnsafeBufferPointer<RasterEdge>) {
      chain = id
      range = chains.edgeRange(id, edgeCount: edges.count)
      guard let first = range.first else { return }
      let a = edges[first]
      let b = edges[range.upperBound - 1]
      top = Swift.min(a.y0, b.y0)
      bottom = Swift.max(a.y1, b.y1)
      winding = Double(a.winding)
    }
  }

  /// Cuts the chain's edges inside row `row`: at every cell border (`whole`) or at the
  /// flagged cells' borders. In the latter, consecutive parts that touch no flagged cell are
  /// kept as one piece (the run between two flagged cells), without looking for borders.
  private func cutRun(
    _ run: ChainRun, row r: Int, whole: Bool, _ flags: FlaggedCells,
    _ edges: UnsafeBufferPointer<RasterEdge>, _ borders: inout [Int], _ sink: inout PieceSink
  ) {
    guard var cursor = ChainCursor(edges, run.range, from: Double(r)) else { return }
    let rowTop = Double(r)
    let rowBottom = rowTop + 1
    let cells = flags.cells(r)
    var between: Piece? = nil  // the run of parts between flagged cells so far
    repeat {
      let e = cursor.edge
      if e.y0 >= rowBottom { break }
      let ya = Swift.max(e.y0, rowTop)
      let yb = Swift.min(e.y1, rowBottom)
      if !(ya < yb) { continue }
      let xa = ya == e.y0 ? e.x0 : e.x0 + (ya - e.y0) * ((e.x1 - e.x0) / (e.y1 - e.y0))
      let xb = yb == e.y1 ? e.x1 : e.x0 + (yb - e.y0) * ((e.x1 - e.x0) / (e.y1 - e.y0))
      let w = Double(e.winding)
      if whole {
        splitIntoCells(xa, ya, xb, yb, w, e.chain, into: &sink)
        continue
      }
      let lo = Swift.min(xa, xb)
      let hi = Swift.max(xa, xb)
      let first = Int(lo)
      let last = Swift.min(Swift.max(first, CellBand.ceil(hi) - 1), width - 1)
      if first <= last && !Self.anySet(cells, first, last) {
        if let p = between, p.y1 == ya {
          between!.x1 = xb
          between!.y1 = yb
        } else {
          if let p = between { sink.append(p.cell, p.chain, p.x0, p.y0, p.x1, p.y1, p.winding) }
          between = Piece(
            cell: first, chain: e.chain, row: Int32(r), x0: xa, y0: ya, x1: xb, y1: yb, winding: w)
        }
        continue
      }
      if let p = between {
        sink.append(p.cell, p.chain, p.x0, p.y0, p.x1, p.y1, p.winding)
        between = nil
      }
      splitAtFlaggedCells(xa, ya, xb, yb, w, e.chain, cells, &borders, into: &sink)
    } while cursor.step()
    if let p = between { sink.append(p.cell, p.chain, p.x0, p.y0, p.x1, p.y1, p.winding) }
  }
}
