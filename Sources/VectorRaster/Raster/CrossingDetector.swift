/// Finds the mask rows where the accumulated winding area, folded by the fill rule, may differ
/// from the exact covered area.
///
/// Why: a cell accumulates a = ∫ w over the pixel, and the rule is applied to a. Where the
/// winding w takes only two neighbouring values k and k+1 in the pixel (areas A_k + A_{k+1} = 1),
/// a = k + A_{k+1}, and both rules give the exact area: nonzero min(|a|, 1) is A_{k+1} for k = 0,
/// A_k for k = −1 and 1 otherwise; even-odd folds a to A_{k+1} for even k and 1 − A_{k+1} = A_k
/// for odd k. With three or more values (edges crossing, or three boundaries in one pixel) the
/// areas no longer follow from a alone.
///
/// How: every cell an edge passes through is tagged with the edge's chain (`EdgeChains`). One
/// chain is y-monotone, so it meets each horizontal line once and leaves two windings. Two
/// chains that follow each other around a contour (they share a turning vertex) leave two
/// windings too unless they cross, which `chainsCross` checks for the rows where they share
/// cells. Any other second chain in a cell, or a third, flags the row for exact resolution.
/// Horizontal edges tag the cells they cross as well, since they separate windings even though
/// they add no area.
final class CrossingDetector {
  /// Per chain id, the chain that follows it (`EdgeChains.next`).
  let next: [Int32]
  /// Per mask row: whether the row needs exact resolution (a raw buffer: read in the hot loop).
  let flaggedRows: UnsafeMutablePointer<Bool>
  let height: Int
  private(set) var anyFlagged = false
  var flagged: [Bool] { Array(UnsafeBufferPointer(start: flaggedRows, count: height)) }
  /// Chains p that share a cell with next[p], and per such p the rows where they do.
  private(set) var pairs: [Int32] = []
  /// Per chain p in `pairs`: the first and last row where p and next[p] share a cell (empty
  /// until the first pair).
  private var pairFirstRow: [Int] = []
  private var pairLastRow: [Int] = []

  init(next: [Int32], height: Int) {
    self.next = next
    self.height = height
    flaggedRows = .allocate(capacity: height)
    flaggedRows.initialize(repeating: false, count: height)
  }

  deinit { flaggedRows.deallocate() }

  /// Called when chain `chain` reaches a cell already tagged with another value: a cell of one
  /// chain q > 0 becomes a pair cell −p when `chain` follows or precedes q (p the earlier of
  /// the two); anything else flags the row.
  @inline(never)
  func conflict(_ cell: UnsafeMutablePointer<Int32>, _ chain: Int32, row: Int) {
    let old = cell.pointee
    if old > 0 {
      if next[Int(old)] == chain {
        cell.pointee = -old
        notePair(old, row)
      } else if next[Int(chain)] == old {
        cell.pointee = -chain
        notePair(chain, row)
      } else {
        flag(row)
      }
    } else if chain != -old && chain != next[Int(-old)] {
      flag(row)
    }
  }

  @inline(__always)
  func flag(_ row: Int) {
    flaggedRows[row] = true
    anyFlagged = true
  }

  private func notePair(_ p: Int32, _ row: Int) {
    if pairFirstRow.isEmpty {
      pairFirstRow = [Int](repeating: -1, count: next.count)
      pairLastRow = [Int](repeating: -1, count: next.count)
    }
    let i = Int(p)
    if pairFirstRow[i] < 0 {
      pairs.append(p)
      pairFirstRow[i] = row
      pairLastRow[i] = row
    } else {
      pairFirstRow[i] = Swift.min(pairFirstRow[i], row)
      pairLastRow[i] = Swift.max(pairLastRow[i], row)
    }
  }

  /// Flags the rows of every pair of following chains that cross (or touch away from their
  /// shared vertex) within the rows where they share cells.
  func checkPairs(_ edges: UnsafeBufferPointer<RasterEdge>, _ chains: EdgeChains) {
    for p in pairs {
      let rows = pairFirstRow[Int(p)]...pairLastRow[Int(p)]
      if rows.allSatisfy({ flaggedRows[$0] }) { continue }
      let a = chains.edgeRange(p, edgeCount: edges.count)
      let b = chains.edgeRange(next[Int(p)], edgeCount: edges.count)
      if Self.chainsCross(
        edges, a, b, yLo: Double(rows.lowerBound), yHi: Double(rows.upperBound + 1))
      {
        for r in rows { flag(r) }
      }
    }
  }

  /// Whether two y-monotone chains (edge index ranges, each in path order) cross or touch
  /// between heights yLo and yHi, other than at the ends of their common height range (where a
  /// shared vertex lies). Between two heights where both chains have vertices, x_a(y) − x_b(y)
  /// is linear, so it suffices to look at its sign at every vertex height and at the range ends.
  /// A chain with a gap (parts clipped away) counts as crossing: the answer stays safe.
  static func chainsCross(
    _ edges: UnsafeBufferPointer<RasterEdge>, _ a: Range<Int>, _ b: Range<Int>, yLo: Double,
    yHi: Double
  ) -> Bool {
    guard let pa = MonotoneChain(edges, a, yLo, yHi), let pb = MonotoneChain(edges, b, yLo, yHi)
    else { return true }
    let lo = Swift.max(yLo, pa.yMin, pb.yMin)
    let hi = Swift.min(yHi, pa.yMax, pb.yMax)
    if !(lo < hi) { return false }
    var ys = [lo, hi]
    for y in pa.ys where y > lo && y < hi { ys.append(y) }
    for y in pb.ys where y > lo && y < hi { ys.append(y) }
    ys.sort()
    var positive = false
    var negative = false
    for (i, y) in ys.enumerated() {
      let d = pa.x(at: y) - pb.x(at: y)
      if d > 0 {
        positive = true
      } else if d < 0 {
        negative = true
      } else if i != 0 && i != ys.count - 1 {
        return true
      }
    }
    return positive && negative
  }
}

/// The part of a y-monotone chain between two heights, as x(y) over its sorted vertices.
struct MonotoneChain {
  /// Vertex heights (increasing) and x at each.
  var ys: [Double] = []
  var xs: [Double] = []
  var yMin: Double { ys.first ?? 0 }
  var yMax: Double { ys.last ?? 0 }

  /// nil when the chain's edges within [yLo, yHi] leave a gap (parts clipped away) or when
  /// there are none.
  init?(_ edges: UnsafeBufferPointer<RasterEdge>, _ range: Range<Int>, _ yLo: Double, _ yHi: Double) {
    guard !range.isEmpty else { return nil }
    let down = edges[range.lowerBound].winding > 0
    // Edges in increasing height: path order for a downward chain, reversed otherwise. The
    // chain is monotone, so the overlapping ones form one run; find it by binary search.
    let n = range.count
    func edge(_ k: Int) -> RasterEdge { edges[down ? range.lowerBound + k : range.upperBound - 1 - k] }
    var lo = 0
    var hi = n
    while lo < hi {
      let mid = (lo + hi) / 2
      if edge(mid).y1 <= yLo { lo = mid + 1 } else { hi = mid }
    }
    var k = lo
    while k < n {
      let e = edge(k)
      if e.y0 >= yHi { break }
      if let last = ys.last {
        if e.y0 != last { return nil }
      } else {
        ys.append(e.y0)
        xs.append(e.x0)
      }
      ys.append(e.y1)
      xs.append(e.x1)
      k += 1
    }
    if ys.isEmpty { return nil }
  }

  /// x at height y (yMin ≤ y ≤ yMax); exact at vertices.
  func x(at y: Double) -> Double {
    var lo = 0
    var hi = ys.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if ys[mid] <= y { lo = mid } else { hi = mid }
    }
    if y == ys[lo] { return xs[lo] }
    if y == ys[hi] { return xs[hi] }
    return xs[lo] + (y - ys[lo]) / (ys[hi] - ys[lo]) * (xs[hi] - xs[lo])
  }
}
