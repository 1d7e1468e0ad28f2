/// Splits contours into y-monotone chains for the crossing detector, and feeds their edges to
/// the clipper.
///
/// A chain is a maximal run of edges of one contour going the same vertical way (horizontal
/// edges join the run they follow). Inside one cell, a single chain, or two chains that follow
/// each other around a contour and do not cross, leave windings of only two neighbouring values,
/// for which the accumulated area folded by the fill rule is exact. Each contour is walked from a
/// vertex where the vertical direction turns, so every chain is one run of consecutive edges and
/// the chain after the last one is the first.
struct EdgeChains {
  /// Per chain id (ids start at 1; 0 marks an untouched cell): the chain that follows it around
  /// its contour.
  var next: [Int32] = [0]
  /// Per chain id: the index in the clipper's `edges` of the chain's first edge; the chain's
  /// edges run up to the next chain's first edge.
  var firstEdge: [Int] = [0]

  /// Clips the edges of the contour `points[range]` (implicitly closed) into `clipper`, each
  /// tagged with its chain.
  mutating func clipContour(
    _ points: [Point], _ range: Range<Int>, into clipper: inout EdgeClipper
  ) {
    let n = range.count
    let base = range.lowerBound
    // Direction of edge k, which ends at point k (k in 0..<n, edge 0 closes the contour).
    func direction(_ k: Int) -> Int {
      let a = points[base + (k == 0 ? n - 1 : k - 1)].y
      let b = points[base + k]
      return b.y > a ? 1 : (b.y < a ? -1 : 0)
    }
    var last = 0
    for k in stride(from: n - 1, through: 0, by: -1) where direction(k) != 0 {
      last = direction(k)
      break
    }
    var start = 0
    for k in 0..<n {
      let d = direction(k)
      if d == 0 { continue }
      if d != last {
        start = k
        break
      }
      last = d
    }
    let firstChain = Int32(next.count)
    var current = 0
    for j in 0..<n {
      let k = (start + j) % n
      let d = direction(k)
      if j == 0 || (d != 0 && d != current) {
        let id = Int32(next.count)
        next.append(id + 1)
        firstEdge.append(clipper.edges.count)
        clipper.chain = id
        if d != 0 { current = d }
      }
      clipper.clip(points[base + (k == 0 ? n - 1 : k - 1)], points[base + k])
    }
    next[next.count - 1] = firstChain
  }

  /// The index range in `edges` of chain `id`'s edges.
  func edgeRange(_ id: Int32, edgeCount: Int) -> Range<Int> {
    let i = Int(id)
    return firstEdge[i]..<(i + 1 < firstEdge.count ? firstEdge[i + 1] : edgeCount)
  }
}
