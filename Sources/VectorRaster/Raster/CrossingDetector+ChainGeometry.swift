/// Chain geometry for `CrossingDetector`: whether two y-monotone edge chains can or do cross
/// between two heights, read straight from the edge buffer.
extension CrossingDetector {
  /// A quick sufficient test that two chains do not cross between heights yLo and yHi: the
  /// x-ranges of their edges there overlap at most in one point. Typical of a turning vertex,
  /// where one chain leaves to the left and the other to the right; it reads each edge once,
  /// with no arithmetic, so `chainsCross` runs only when this fails. Neither is asked of a
  /// chain that leaves the mask sideways there (`leavesSideways`).
  static func sideBySide(
    _ edges: UnsafeBufferPointer<RasterEdge>, _ a: Range<Int>, _ b: Range<Int>, yLo: Double,
    yHi: Double
  ) -> Bool {
    guard let ra = xRange(edges, a, yLo, yHi), let rb = xRange(edges, b, yLo, yHi) else {
      return false
    }
    return ra.hi <= rb.lo || rb.hi <= ra.lo
  }

  /// The least and greatest x of the chain's edges that reach between yLo and yHi.
  private static func xRange(
    _ edges: UnsafeBufferPointer<RasterEdge>, _ range: Range<Int>, _ yLo: Double, _ yHi: Double
  ) -> (lo: Double, hi: Double)? {
    guard var cursor = ChainCursor(edges, range, from: yLo) else { return nil }
    var lo = Double.infinity
    var hi = -Double.infinity
    while true {
      let e = cursor.edge
      if e.y0 >= yHi { break }
      lo = Swift.min(lo, e.x0, e.x1)
      hi = Swift.max(hi, e.x0, e.x1)
      if !cursor.step() { break }
    }
    return lo <= hi ? (lo, hi) : nil
  }

  /// Whether two y-monotone chains (edge index ranges, each in path order) cross between
  /// heights yLo and yHi. Between two heights where both chains have vertices, x_a(y) − x_b(y)
  /// is linear, so it changes sign (the chains cross) only if its signs at those heights differ:
  /// both chains are walked once, in increasing y, and the difference is taken at every vertex
  /// height of either and at the ends of their common height range. Touching without crossing
  /// (a zero difference, as at the shared turning vertex) leaves two windings and is not
  /// counted. A chain with a gap (parts clipped away) counts as crossing: the answer stays safe.
  static func chainsCross(
    _ edges: UnsafeBufferPointer<RasterEdge>, _ a: Range<Int>, _ b: Range<Int>, yLo: Double,
    yHi: Double
  ) -> Bool {
    guard var ca = ChainCursor(edges, a, from: yLo), var cb = ChainCursor(edges, b, from: yLo)
    else { return true }
    var y = Swift.max(yLo, ca.edge.y0, cb.edge.y0)
    guard y < yHi else { return false }
    var positive = false
    var negative = false
    while true {
      guard ca.advance(past: y), cb.advance(past: y) else { return true }
      // Past the end of either chain: the common range is over.
      if !(ca.edge.y0 <= y && y <= ca.edge.y1 && cb.edge.y0 <= y && y <= cb.edge.y1) { break }
      // Both ends of the stretch where both current edges are straight: a horizontal step
      // between two edges changes x at one height, so each end is taken on these edges.
      let nextY = Swift.min(ca.edge.y1, cb.edge.y1, yHi)
      let d0 = ca.x(at: y) - cb.x(at: y)
      let d1 = ca.x(at: nextY) - cb.x(at: nextY)
      if d0 > 0 || d1 > 0 { positive = true }
      if d0 < 0 || d1 < 0 { negative = true }
      if !(nextY > y) { break }
      y = nextY
    }
    return positive && negative
  }

  /// Whether the chain's stored edges begin or end on a side of the mask (x = 0 or `width`)
  /// strictly between yLo and yHi: there the chain was clipped, and goes on outside the mask,
  /// along that side as far as any pixel can tell, where no edge of it is stored. Another chain
  /// in those rows may pass it there (beside the left side the left winding steps; beside the
  /// right side only the other chain is left in the cell), so the pair counts as crossing.
  static func leavesSideways(
    _ edges: UnsafeBufferPointer<RasterEdge>, _ range: Range<Int>, _ yLo: Double, _ yHi: Double,
    width: Int
  ) -> Bool {
    guard let first = range.first, let last = range.last else { return false }
    // Edges are stored downwards; a chain runs down in path order when its winding is positive.
    let down = edges[first].winding > 0
    let top = edges[down ? first : last]
    let bottom = edges[down ? last : first]
    let right = Double(width)
    return ((top.x0 == 0 || top.x0 == right) && yLo < top.y0 && top.y0 < yHi)
      || ((bottom.x1 == 0 || bottom.x1 == right) && yLo < bottom.y1 && bottom.y1 < yHi)
  }
}

/// Walks the edges of one y-monotone chain in increasing y (path order for a downward chain,
/// reversed for an upward one), without copying them.
struct ChainCursor {
  let edges: UnsafeBufferPointer<RasterEdge>
  let range: Range<Int>
  let down: Bool
  /// Position along the chain in increasing y (0 ..< range.count).
  private var k: Int
  private(set) var edge: RasterEdge

  /// Starts at the first edge ending below `yLo`; nil when the chain has no such edge.
  init?(_ edges: UnsafeBufferPointer<RasterEdge>, _ range: Range<Int>, from yLo: Double) {
    guard !range.isEmpty else { return nil }
    self.edges = edges
    self.range = range
    down = edges[range.lowerBound].winding > 0
    // The chain is monotone, so the edges ending at or above yLo form a prefix: binary search.
    var lo = 0
    var hi = range.count
    let base = range.lowerBound
    let top = range.upperBound - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if edges[down ? base + mid : top - mid].y1 <= yLo { lo = mid + 1 } else { hi = mid }
    }
    if lo == range.count { return nil }
    k = lo
    edge = edges[down ? base + lo : top - lo]
  }

  /// Moves past every edge ending at or above `y` but the chain's last one, so the current
  /// edge spans just below `y` (or ends at `y`, at the chain's end).
  ///
  /// Where the chain left the mask sideways, its edges stop at the mask's side (x = 0 or the
  /// width) and resume at the same x lower down: the gap is walked as a vertical edge along
  /// that side, which is where the chain lies as far as any pixel can tell. False for any
  /// other gap (an edge too flat to keep), which the caller takes as a crossing.
  mutating func advance(past y: Double) -> Bool {
    while edge.y1 <= y && k + 1 < range.count {
      let nextEdge = edges[down ? range.lowerBound + k + 1 : range.upperBound - 2 - k]
      if nextEdge.y0 == edge.y1 {
        k += 1
        edge = nextEdge
      } else if nextEdge.x0 == edge.x1 && nextEdge.y0 > edge.y1 {
        edge = RasterEdge(
          x0: edge.x1, y0: edge.y1, x1: nextEdge.x0, y1: nextEdge.y0, winding: edge.winding,
          chain: edge.chain)
      } else {
        return false
      }
    }
    return true
  }

  /// Moves to the chain's next edge in increasing y, whatever the gap; false at its end.
  mutating func step() -> Bool {
    if k + 1 >= range.count { return false }
    k += 1
    edge = edges[down ? range.lowerBound + k : range.upperBound - 1 - k]
    return true
  }

  /// x of the current edge at height y (edge.y0 ≤ y ≤ edge.y1); exact at its ends.
  func x(at y: Double) -> Double {
    if y == edge.y0 { return edge.x0 }
    if y == edge.y1 { return edge.x1 }
    return edge.x0 + (y - edge.y0) / (edge.y1 - edge.y0) * (edge.x1 - edge.x0)
  }
}
