/// Splits contours into y-monotone chains for the crossing detector, and feeds their edges to
/// the clipper.
///
/// A chain is a maximal run of edges of one contour going the same vertical way (horizontal
/// edges join the run they follow). Inside one cell, a single chain, or two chains that follow
/// each other around a contour, do not cross and pass the same heights of the cell's row, leave
/// windings of only two neighbouring values, for which the accumulated area folded by the fill
/// rule is exact. Each contour is walked from a
/// vertex where the vertical direction turns, so every chain is one run of consecutive edges and
/// the chain after the last one is the first.
struct EdgeChains {
  /// Per chain id (ids start at 1; 0 marks an untouched cell): the chain that follows it around
  /// its contour.
  var next: [Int32]
  /// Per chain id: the index in the clipper's `edges` of the chain's first edge; the chain's
  /// edges run up to the next chain's first edge.
  var firstEdge: [Int]
  /// Per chain id: the x extent of its clipped edges, gathered while clipping (see `bounds`).
  var extents: [ChainExtent]

  /// Room for `chains` chains before the lists grow (a guess: a simple outline has a few).
  init(expectedChains chains: Int = 32) {
    next = [0]
    next.reserveCapacity(chains + 1)
    firstEdge = [0]
    firstEdge.reserveCapacity(chains + 1)
    extents = [ChainExtent()]
    extents.reserveCapacity(chains + 1)
  }

  /// Forgets every chain, keeping the lists' memory (scratch reused by the next fill).
  mutating func reset() {
    next.removeAll(keepingCapacity: true)
    next.append(0)
    firstEdge.removeAll(keepingCapacity: true)
    firstEdge.append(0)
    extents.removeAll(keepingCapacity: true)
    extents.append(ChainExtent())
  }

  /// The number of chain ids in use, plus one (ids run from 1).
  var idCount: Int { next.count }

  /// Clips the edges of the contour `points[range]` (implicitly closed) into `clipper`, each
  /// tagged with its chain. Edge k runs from point k − 1 to point k (edge 0 closes the contour).
  mutating func clipContour(
    _ points: UnsafeBufferPointer<Point>, _ range: Range<Int>, into clipper: inout EdgeClipper
  ) {
    let n = range.count
    let base = range.lowerBound
    let start = Self.firstTurn(points, range)
    let firstChain = Int32(next.count)
    var current = 0
    var k = start
    var p = points[base + (k == 0 ? n - 1 : k - 1)]
    var out = clipper.output
    for j in 0..<n {
      let q = points[base + k]
      let d = q.y > p.y ? 1 : (q.y < p.y ? -1 : 0)
      if j == 0 || (d != 0 && d != current) {
        if j != 0 { extents.append(out.takeExtent()) }  // the previous chain's
        let id = Int32(next.count)
        next.append(id + 1)
        firstEdge.append(out.edgeCount)
        clipper.chain = id
        if d != 0 { current = d }
      }
      clipper.clip(p, q, &out)
      p = q
      k += 1
      if k == n { k = 0 }
    }
    extents.append(out.takeExtent())
    clipper.finish(out)
    next[next.count - 1] = firstChain
  }

  /// The first edge of the contour whose vertical direction differs from that of the last
  /// non-horizontal edge before it (cyclically): a chain starts there. 0 when the contour never
  /// turns (it is flat).
  private static func firstTurn(_ points: UnsafeBufferPointer<Point>, _ range: Range<Int>) -> Int {
    let n = range.count
    let base = range.lowerBound
    func direction(_ k: Int) -> Int {
      let a = points[base + (k == 0 ? n - 1 : k - 1)].y
      let b = points[base + k].y
      return b > a ? 1 : (b < a ? -1 : 0)
    }
    var last = 0
    for k in stride(from: n - 1, through: 0, by: -1) where direction(k) != 0 {
      last = direction(k)
      break
    }
    for k in 0..<n {
      let d = direction(k)
      if d == 0 { continue }
      if d != last { return k }
      last = d
    }
    return 0
  }

  /// The least and greatest x and y of chain `id`'s clipped edges (nil: it has none). The y
  /// extremes are those of its end edges, as the chain is y-monotone.
  func bounds(_ id: Int, _ edges: UnsafeBufferPointer<RasterEdge>)
    -> (minX: Double, maxX: Double, minY: Double, maxY: Double)?
  {
    let range = edgeRange(Int32(truncatingIfNeeded: id), edgeCount: edges.count)
    guard let first = range.first, let last = range.last else { return nil }
    let a = edges[first]
    let b = edges[last]
    return (extents[id].minX, extents[id].maxX, Swift.min(a.y0, b.y0), Swift.max(a.y1, b.y1))
  }

  /// Roughly how many cells the edges touch, Σ (height + width + 2) over the edges, taken
  /// per chain from its bounds (a chain's height is the sum of its edges'; its width at most
  /// the sum of theirs): whether the band tracks touched cells depends on it.
  func touchedCells(_ edges: UnsafeBufferPointer<RasterEdge>) -> Double {
    var cells = 2 * Double(edges.count)
    for id in 1..<idCount {
      guard let b = bounds(id, edges) else { continue }
      cells += (b.maxY - b.minY) + (b.maxX - b.minX)
    }
    return cells
  }

  /// The index range in `edges` of chain `id`'s edges.
  func edgeRange(_ id: Int32, edgeCount: Int) -> Range<Int> {
    let i = Int(id)
    return firstEdge[i]..<(i + 1 < firstEdge.count ? firstEdge[i + 1] : edgeCount)
  }
}
