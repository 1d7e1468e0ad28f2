/// The exact area of one cell where the fill rule holds, found by sweeping the cell from top to
/// bottom with its pieces kept in left-to-right order.
///
/// The cell is cut into intervals at every piece end and every step of the winding on its left
/// side; inside an interval the same pieces are present, and they only change order where two
/// of them cross. Two pieces that cross are neighbours just before they do, so only neighbours
/// are tested (as in Bentley–Ottmann): the next crossing is the lowest crossing of a
/// neighbouring pair that is in the wrong order at the interval's bottom. The slab above it
/// has one order, so its covered area is a sum of trapezoids; the pair is swapped and the sweep
/// goes on. Each swap removes one inversion of the order at the interval's bottom, so an
/// interval with m crossings takes m swaps, whatever rounding does near a crossing, and the
/// cell costs about (k + m)·k for k pieces and m crossings instead of a pairwise search and a
/// sort per slab.
struct CellSweep {
  /// Active pieces (indices into the cell's pieces), left to right.
  private var order: [Int] = []
  /// The pieces' x at the current interval's top and bottom, by piece index.
  private var xTop: [Double] = []
  private var xBottom: [Double] = []
  /// The interval boundaries.
  private var cuts: [Double] = []
  /// Piece indices by top end.
  private var byStart: [Int] = []

  /// The covered area of cell [left, left+1] × [top, top+1] for `pieces` (each inside the cell,
  /// y0 < y1) and the steps of the winding on its left side (`steps[0]` at the top).
  mutating func area(
    _ pieces: ArraySlice<CrossingResolver.Piece>, left: Double, top: Double,
    steps: [(y: Double, dw: Double)], evenOdd: Bool
  ) -> Double {
    let base = pieces.startIndex
    let count = pieces.count
    cuts.removeAll(keepingCapacity: true)
    cuts.append(top)
    cuts.append(top + 1)
    for s in steps where s.y > top { cuts.append(s.y) }
    // A piece's bottom is the next one's top where a chain goes on in the cell (the pieces
    // come in its order): that height is cut once.
    for i in pieces.indices {
      let p = pieces[i]
      cuts.append(p.y0)
      if i + 1 == pieces.endIndex || pieces[i + 1].y0 != p.y1 { cuts.append(p.y1) }
    }
    Self.smallSort(&cuts) { $0 < $1 }
    byStart.removeAll(keepingCapacity: true)
    byStart.append(contentsOf: 0..<count)
    Self.smallSort(&byStart) { pieces[base + $0].y0 < pieces[base + $1].y0 }
    if xTop.count < count {
      xTop = [Double](repeating: 0, count: count)
      xBottom = [Double](repeating: 0, count: count)
    }
    order.removeAll(keepingCapacity: true)

    var area = 0.0
    var stepIndex = 0
    var winding = 0.0
    var started = 0
    for i in 0..<(cuts.count - 1) {
      let a = cuts[i]
      let b = cuts[i + 1]
      if !(a < b) { continue }
      while stepIndex < steps.count && steps[stepIndex].y <= a {
        winding += steps[stepIndex].dw
        stepIndex += 1
      }
      // The pieces spanning [a, b]: those still running (their x at a was the last interval's
      // bottom), then those starting at a.
      var kept = 0
      for i in 0..<order.count where pieces[base + order[i]].y1 > a {
        let p = order[i]
        order[kept] = p
        xTop[p] = xBottom[p]
        kept += 1
      }
      order.removeLast(order.count - kept)
      while started < count && pieces[base + byStart[started]].y0 <= a {
        let p = byStart[started]
        if pieces[base + p].y1 >= b {
          order.append(p)
          xTop[p] = pieces[base + p].x(at: a)
        }
        started += 1
      }
      for p in order { xBottom[p] = pieces[base + p].x(at: b) }
      sortAtTop()
      area += sweepInterval(a, b, left: left, winding: winding, pieces, evenOdd)
    }
    return area
  }

  /// Sorts a cell's few cuts or pieces: by insertion up to 32 elements (no call per
  /// comparison), by the library's sort above.
  @inline(__always)
  private static func smallSort<T>(_ a: inout [T], by less: (T, T) -> Bool) {
    if a.count > 32 {
      a.sort(by: less)
      return
    }
    if a.count < 2 { return }
    for i in 1..<a.count {
      let v = a[i]
      var j = i
      while j > 0 && less(v, a[j - 1]) {
        a[j] = a[j - 1]
        j -= 1
      }
      a[j] = v
    }
  }

  /// Insertion sort of `order` by x at the interval's top, then at its bottom: the running
  /// pieces are already in order, so only the new ones move.
  private mutating func sortAtTop() {
    if order.count < 2 { return }
    for i in 1..<order.count {
      let p = order[i]
      var j = i
      while j > 0 {
        let q = order[j - 1]
        if xTop[q] < xTop[p] || (xTop[q] == xTop[p] && xBottom[q] <= xBottom[p]) { break }
        order[j] = q
        j -= 1
      }
      order[j] = p
    }
  }

  /// The covered area of interval [a, b]: slab by slab between the crossings of neighbours.
  private mutating func sweepInterval(
    _ a: Double, _ b: Double, left: Double, winding: Double,
    _ pieces: ArraySlice<CrossingResolver.Piece>, _ evenOdd: Bool
  ) -> Double {
    let height = b - a
    var area = 0.0
    var y = a
    while true {
      // The lowest crossing of neighbours in the wrong order at the bottom.
      var next = b
      var swap = -1
      if order.count > 1 {
        for i in 0..<(order.count - 1) {
          let u = order[i]
          let v = order[i + 1]
          let db = xBottom[u] - xBottom[v]
          if !(db > 0) { continue }
          let da = xTop[u] - xTop[v]
          var t = da >= 0 ? a : a + height * (-da / (db - da))
          if t < y { t = y }
          if t < next || swap < 0 {
            next = t
            swap = i
          }
        }
      }
      if next > y {
        area += slabArea(
          (y - a) / height, (next - a) / height, next - y, left: left, winding: winding, pieces,
          evenOdd)
      }
      if swap < 0 { return area }
      order.swapAt(swap, swap + 1)
      y = next
    }
  }

  /// The trapezoids of one slab (fractions t0, t1 of the interval, `height` tall) whose winding
  /// the rule accepts.
  private func slabArea(
    _ t0: Double, _ t1: Double, _ height: Double, left: Double, winding: Double,
    _ pieces: ArraySlice<CrossingResolver.Piece>, _ evenOdd: Bool
  ) -> Double {
    let base = pieces.startIndex
    var w = winding
    var prev0 = left
    var prev1 = left
    var width = 0.0
    for u in order {
      let dx = xBottom[u] - xTop[u]
      let x0 = xTop[u] + t0 * dx
      let x1 = xTop[u] + t1 * dx
      if Self.inside(w, evenOdd) { width += (x0 - prev0) + (x1 - prev1) }
      w += pieces[base + u].winding
      prev0 = x0
      prev1 = x1
    }
    if Self.inside(w, evenOdd) { width += (left + 1 - prev0) + (left + 1 - prev1) }
    return width * 0.5 * height
  }

  /// Whether winding `w` is inside under the fill rule (even-odd or nonzero). Every winding
  /// here is a sum of ±1 (edges, pieces, the left side's steps), a whole number that Double
  /// holds exactly, so it is compared as it is.
  @inline(__always)
  static func inside(_ w: Double, _ evenOdd: Bool) -> Bool {
    evenOdd ? Int(w) & 1 != 0 : w != 0
  }
}

extension CrossingResolver.Piece {
  /// x at height y (y0 ≤ y ≤ y1), exact at the ends.
  @inline(__always)
  func x(at y: Double) -> Double {
    if y == y0 { return x0 }
    if y == y1 { return x1 }
    return x0 + (y - y0) / (y1 - y0) * (x1 - x0)
  }
}
