/// The pairs of following chains for `CrossingDetector`: which of the rows and cells they share
/// need exact resolution (they cross there, or one passes the other's far end or horizontal edge).
extension CrossingDetector {
  /// Flags the rows of every pair of following chains that cross within the rows where they
  /// share cells (rows already flagged whole are skipped: they are resolved exactly anyway),
  /// and the cells they share in the rows holding either chain's far end or horizontal edge.
  mutating func checkPairs(
    _ edges: UnsafeBufferPointer<RasterEdge>, _ flats: [FlatEdge], _ chains: EdgeChains
  ) {
    for pair in pairs {
      let rows = Int(pair.first)...Int(pair.last)
      if rows.allSatisfy({ flags.state($0) == FlaggedCells.wholeRow }) { continue }
      let a = chains.edgeRange(pair.chain, edgeCount: edges.count)
      let b = chains.edgeRange(next[Int(pair.chain)], edgeCount: edges.count)
      flagFarEnds(pair, a, b, rows, edges, flats)
      flagFlatRows(pair, a, b, rows, edges, flats)
      let yLo = Double(rows.lowerBound)
      let yHi = Double(rows.upperBound + 1)
      if Self.leavesSideways(edges, a, yLo, yHi, width: width)
        || Self.leavesSideways(edges, b, yLo, yHi, width: width)
        || (!Self.sideBySide(edges, a, b, yLo: yLo, yHi: yHi)
          && Self.chainsCross(edges, a, b, yLo: yLo, yHi: yHi))
      {
        for r in rows { flag(r) }
      }
    }
  }

  /// Following chains that do not cross leave two windings in a cell only where both pass the
  /// same heights of its row. Past the far end of one of them (the turning vertex it does not
  /// share with the other), inside a row, only the other goes on: a cell holding the first
  /// chain's piece (the region beside it gains that chain's winding) and the other's piece
  /// past that height (beside it, the opposite winding) holds three values. Those cells are
  /// flagged.
  private mutating func flagFarEnds(
    _ pair: PairRows, _ a: Range<Int>, _ b: Range<Int>, _ rows: ClosedRange<Int>,
    _ edges: UnsafeBufferPointer<RasterEdge>, _ flats: [FlatEdge]
  ) {
    let idA = pair.chain
    let idB = next[Int(idA)]
    // The first chain's far end is its start in path order, the second's its end (edges are
    // stored downwards, so a chain's path runs down when its winding is positive). Past a far
    // end lies the side away from the shared vertex: above it when it is its chain's top.
    if let first = a.first {
      let e = edges[first]
      let top = e.winding > 0
      flagPastFarEnd(top ? e.y0 : e.y1, above: top, idA, a, idB, b, rows, edges, flats)
    }
    if let last = b.last {
      let e = edges[last]
      let top = e.winding < 0
      flagPastFarEnd(top ? e.y0 : e.y1, above: top, idB, b, idA, a, rows, edges, flats)
    }
  }

  /// A horizontal edge of either chain separates windings along its whole length, which the
  /// chains' crossing test (it walks their sloped edges) does not see: in its row, the cells the
  /// two chains share are flagged.
  private mutating func flagFlatRows(
    _ pair: PairRows, _ a: Range<Int>, _ b: Range<Int>, _ rows: ClosedRange<Int>,
    _ edges: UnsafeBufferPointer<RasterEdge>, _ flats: [FlatEdge]
  ) {
    let idA = pair.chain
    let idB = next[Int(idA)]
    for f in flats where f.chain == idA || f.chain == idB {
      let r = Int(f.y)
      if Double(r) == f.y || !rows.contains(r) || flags.state(r) == FlaggedCells.wholeRow {
        continue
      }
      let top = Double(r)
      guard let ca = cells(of: idA, a, top, top + 1, edges, flats),
        let cb = cells(of: idB, b, top, top + 1, edges, flats)
      else { continue }
      flag(r, cells: Swift.max(ca.lo, cb.lo), Swift.min(ca.hi, cb.hi))
    }
  }

  /// Flags the cells of the row holding height `y` (chain `id`'s far end) where that chain
  /// passes and chain `other` passes beyond `y` (above it or below it) within the row.
  private mutating func flagPastFarEnd(
    _ y: Double, above: Bool, _ id: Int32, _ range: Range<Int>, _ other: Int32,
    _ otherRange: Range<Int>, _ rows: ClosedRange<Int>, _ edges: UnsafeBufferPointer<RasterEdge>,
    _ flats: [FlatEdge]
  ) {
    let r = Int(y)
    if Double(r) == y || !rows.contains(r) || flags.state(r) == FlaggedCells.wholeRow { return }
    let top = Double(r)
    guard let mine = cells(of: id, range, top, top + 1, edges, flats),
      let past = cells(
        of: other, otherRange, above ? top : y, above ? y : top + 1, edges, flats)
    else { return }
    flag(r, cells: Swift.max(mine.lo, past.lo), Swift.min(mine.hi, past.hi))
  }

  /// The cells ⌊x_min⌋ … ⌈x_max⌉ − 1 (within the mask) that chain `id` passes between heights
  /// yLo and yHi, its horizontal edges there included; nil when it passes none.
  private func cells(
    of id: Int32, _ range: Range<Int>, _ yLo: Double, _ yHi: Double,
    _ edges: UnsafeBufferPointer<RasterEdge>, _ flats: [FlatEdge]
  ) -> (lo: Int32, hi: Int32)? {
    var lo = Double.infinity
    var hi = -Double.infinity
    if var cursor = ChainCursor(edges, range, from: yLo) {
      repeat {
        let e = cursor.edge
        if e.y0 >= yHi { break }
        let ya = Swift.max(e.y0, yLo)
        let yb = Swift.min(e.y1, yHi)
        if ya < yb {
          let xa = cursor.x(at: ya)
          let xb = cursor.x(at: yb)
          lo = Swift.min(lo, xa, xb)
          hi = Swift.max(hi, xa, xb)
        }
      } while cursor.step()
    }
    for f in flats where f.chain == id && f.y >= yLo && f.y <= yHi {
      lo = Swift.min(lo, f.x0)
      hi = Swift.max(hi, f.x1)
    }
    if !(lo <= hi) { return nil }
    let first = Int(lo)
    let last = Swift.min(Swift.max(first, CellBand.ceil(hi) - 1), width - 1)
    if first > last { return nil }
    return (Int32(truncatingIfNeeded: first), Int32(truncatingIfNeeded: last))
  }
}
