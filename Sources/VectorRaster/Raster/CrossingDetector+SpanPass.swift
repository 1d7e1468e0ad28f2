/// The every-row span pass of `CrossingDetector`: one `RowSpan` per chain and row, from every
/// edge in buffer order (chain ids ascending), each chain's horizontal edges after its edges.
///
/// The pass is driven edge by edge, so the band's edge loop can run it while it reads the
/// edges anyway (`CellBand.addAll`): an edge that stays inside one cell hands over the row and
/// cell the band has just found, and costs a few integer comparisons here instead of a second
/// pass over every edge (for a 10,000-edge outline the second pass was a fifth of the fill).
extension CrossingDetector {
  /// Where the pass is, kept by the driving loop in a local: the span being widened (its
  /// `chain` is the chain being walked), where that chain's spans start, and the next
  /// horizontal edge to add.
  struct SpanPass {
    var current = RowSpan(row: -1, lo: 0, hi: 0, chain: 0)
    var chainStart = 0
    var flatIndex = 0
  }

  /// Starts the pass (after `scan` returned true).
  mutating func beginSpans() -> SpanPass {
    spans.removeAll(keepingCapacity: true)
    return SpanPass()
  }

  /// The whole pass over `edges`, for when no band loop runs it.
  mutating func addSpans(_ edges: UnsafeBufferPointer<RasterEdge>, _ flats: [FlatEdge]) {
    var pass = beginSpans()
    for e in edges { addSpans(of: e, flats, &pass) }
    endSpans(flats, &pass)
  }

  /// The next edge, which lies inside cell `cell` of row `row` (the band's common case): the
  /// cells ⌊x_min⌋ … ⌈x_max⌉ − 1 of `cover` are that one cell, none on the mask's right side.
  @_transparent
  mutating func addSpan(
    of e: RasterEdge, row: Int, cell: Int, _ flats: [FlatEdge], _ pass: inout SpanPass
  ) {
    if e.chain != pass.current.chain { advance(to: e.chain, flats, &pass) }
    if cell >= width { return }
    let r = Int32(truncatingIfNeeded: row)
    let c = Int32(truncatingIfNeeded: cell)
    if pass.current.row == r {
      pass.current.lo = Swift.min(pass.current.lo, c)
      pass.current.hi = Swift.max(pass.current.hi, c)
      return
    }
    if pass.current.row >= 0 { spans.append(pass.current) }
    pass.current = RowSpan(row: r, lo: c, hi: c, chain: e.chain)
  }

  /// The next edge, any edge: its rows in chain order (ascending for a downward chain,
  /// descending for an upward one), each row's cells merged into the chain's span there.
  mutating func addSpans(of e: RasterEdge, _ flats: [FlatEdge], _ pass: inout SpanPass) {
    if e.chain != pass.current.chain { advance(to: e.chain, flats, &pass) }
    let r0 = Int(e.y0)
    if e.y1 <= Double(r0 &+ 1) {
      cover(&pass.current, r0, e.x0, e.x1)
      return
    }
    let r1 = CellBand.ceil(e.y1)
    // x at the row borders the edge crosses, and its ends in its first and last rows.
    let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
    if e.winding > 0 {
      var xa = e.x0
      for r in r0..<(r1 &- 1) {
        let xb = e.x0 + (Double(r &+ 1) - e.y0) * dxdy
        cover(&pass.current, r, xa, xb)
        xa = xb
      }
      cover(&pass.current, r1 &- 1, xa, e.x1)
    } else {
      var xb = e.x1
      for r in stride(from: r1 &- 1, to: r0, by: -1) {
        let xa = e.x0 + (Double(r) - e.y0) * dxdy
        cover(&pass.current, r, xa, xb)
        xb = xa
      }
      cover(&pass.current, r0, e.x0, xb)
    }
  }

  /// Ends the pass: the last chain's last span, and the horizontal edges of every chain.
  mutating func endSpans(_ flats: [FlatEdge], _ pass: inout SpanPass) {
    advance(to: Int32(truncatingIfNeeded: next.count), flats, &pass)
  }

  /// Finishes the chain being walked (its last span, then its horizontal edges) and the chains
  /// between it and `id`, which have no edges (their horizontal edges), and starts chain `id`.
  private mutating func advance(to id: Int32, _ flats: [FlatEdge], _ pass: inout SpanPass) {
    if pass.current.row >= 0 { spans.append(pass.current) }
    var chain = pass.current.chain
    while chain < id {
      while pass.flatIndex < flats.count && flats[pass.flatIndex].chain == chain {
        addFlat(flats[pass.flatIndex], chainSpans: pass.chainStart)
        pass.flatIndex += 1
      }
      chain += 1
      pass.chainStart = spans.count
    }
    pass.current = RowSpan(row: -1, lo: 0, hi: 0, chain: id)
  }
}
