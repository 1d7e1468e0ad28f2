/// Finds the mask cells where the accumulated winding area, folded by the fill rule, may differ
/// from the exact covered area.
///
/// Why: a cell accumulates a = ∫ w over the pixel, and the rule is applied to a. Where the
/// winding w takes only two neighbouring values k and k+1 in the pixel (areas A_k + A_{k+1} = 1),
/// a = k + A_{k+1}, and both rules give the exact area: nonzero min(|a|, 1) is A_{k+1} for k = 0,
/// A_k for k = −1 and 1 otherwise; even-odd folds a to A_{k+1} for even k and 1 − A_{k+1} = A_k
/// for odd k. With three or more values (edges crossing, or three boundaries in one pixel) the
/// areas no longer follow from a alone.
///
/// How: the edges are grouped into y-monotone chains (`EdgeChains`). One chain meets each
/// horizontal line once and leaves two windings; inside one row it is a connected curve, so the
/// cells it passes through are one run ⌊x_min⌋ … ⌈x_max⌉ − 1 of that row, recorded as a
/// `RowSpan` per chain and row. Two chains that follow each other around a contour (they share
/// a turning vertex) leave two windings too unless they cross, which `chainsCross` checks for
/// the rows where their spans overlap (and flags those rows whole where they do). Any other
/// second chain in a cell, or a third, flags the cells the spans share for exact resolution
/// (`FlaggedCells`). Horizontal edges widen their chain's span in their row, since they
/// separate windings even though they add no area. A chain clipped apart inside one row
/// records the hull of its runs: more cells than it touches, which can only flag more cells.
///
/// Cost: one span per chain and row (a simple outline has two or a few per row), found with the
/// arithmetic of one row crossing per edge; each row's spans are linked into a list and only
/// rows holding two or more are compared, in order of their first cell. Nothing is allocated
/// per cell; the lists live in the fill's scratch and keep their memory between fills. The pairs
/// of following chains are noted as runs of rows (one or two per turning vertex of a simple
/// outline), and the check of a pair walks only the chains' vertices in those rows.
struct CrossingDetector {
  /// The cells lo … hi (inclusive) that chain `chain` passes through in mask row `row`.
  struct RowSpan {
    var row: Int32
    var lo: Int32
    var hi: Int32
    var chain: Int32
  }

  /// A chain p that shares cells with next[p] in rows first...last.
  struct PairRows {
    var chain: Int32
    var first: Int32
    var last: Int32
  }

  /// Per chain id, the chain that follows it (`EdgeChains.next`).
  private(set) var next: [Int32] = []
  private(set) var width = 0
  private(set) var height = 0
  /// The cells (or whole rows) that need exact resolution.
  private(set) var flags = FlaggedCells()
  var anyFlagged: Bool { flags.any }
  /// The runs of rows where following chains share cells.
  private(set) var pairs: [PairRows] = []
  /// Per chain id: the index in `pairs` of its latest run, or −1.
  private var latestPair = ScratchBuffer<Int32>()
  /// Every chain's spans (the every-row pass), or two chains' (`check`).
  var spans: [RowSpan] = []
  /// Per row, the index of its first span (−1: none); per span, the next span in its row.
  private var rowHead = ScratchBuffer<Int32>()
  private var nextInRow = ScratchBuffer<Int32>()
  /// One row's spans, gathered for sorting.
  private var rowSpans: [RowSpan] = []
  private var boxes = ChainBoxes()
  /// With more horizontal edges than this, every row is compared (each box-overlap check
  /// scans them).
  static let boxedFlatLimit = 64

  /// Frees the buffers (the owning scratch's deinit calls this).
  mutating func release() {
    flags.release()
    latestPair.release()
    rowHead.release()
    nextInRow.release()
  }

  /// Finds the rows of a `width` × `height` mask that need exact resolution: every span of
  /// every chain, then the rows' overlaps. Following pairs are left for `checkPairs`.
  /// How `scan` finds the chains to compare: through `ChainBoxes` where that walks fewer
  /// edges than comparing every row (automatic), or always one way (for tests).
  enum Search {
    case automatic
    case boxes
    case everyRow
  }

  /// True when every row is to be compared: then the caller builds every chain's spans (the
  /// pass in CrossingDetector+SpanPass.swift, alone or inside the band's edge loop) and calls
  /// `compareRows`.
  mutating func scan(
    _ edges: UnsafeBufferPointer<RasterEdge>, _ flats: [FlatEdge], _ chains: EdgeChains,
    width: Int, height: Int, search: Search = .automatic
  ) -> Bool {
    self.next = chains.next
    self.width = width
    self.height = height
    flags.reset(width: width, height: height)
    pairs.removeAll(keepingCapacity: true)
    if search != .everyRow && flats.count <= Self.boxedFlatLimit {
      boxes.measure(edges, flats, chains, width: width)
      // Comparing every row walks each edge once and visits every row: take the boxes'
      // pairs when checking them walks less.
      if boxes.findOverlaps(),
        search == .boxes
          || boxes.overlapWork(chains, edgeCount: edges.count) <= edges.count + height
      {
        for o in boxes.overlaps { check(o, edges, flats, chains) }
        return false
      }
    }
    return true
  }

  /// Compares the spans of every row (after the span pass).
  mutating func compareRows() {
    if spans.count > 1 { compareSpansByRow() }
  }

  /// Two chains whose boxes overlap: following chains are left to `checkPairs` for the rows
  /// the boxes share; any other two are compared span by span in those rows, and flag the
  /// cells their spans share.
  private mutating func check(
    _ o: ChainBoxes.Overlap, _ edges: UnsafeBufferPointer<RasterEdge>, _ flats: [FlatEdge],
    _ chains: EdgeChains
  ) {
    if next[Int(o.a)] == o.b {
      pairs.append(PairRows(chain: o.a, first: o.first, last: o.last))
      return
    }
    if next[Int(o.b)] == o.a {
      pairs.append(PairRows(chain: o.b, first: o.first, last: o.last))
      return
    }
    let rows = Int(o.first)...Int(o.last)
    spans.removeAll(keepingCapacity: true)
    addSpans(ofChain: o.a, in: rows, edges, flats, chains)
    let split = spans.count
    addSpans(ofChain: o.b, in: rows, edges, flats, chains)
    // Both lists ascend by row: walk them together.
    var i = 0
    var j = split
    while i < split && j < spans.count {
      let a = spans[i]
      let b = spans[j]
      if a.row < b.row {
        i += 1
      } else if b.row < a.row {
        j += 1
      } else {
        if a.lo <= b.hi && b.lo <= a.hi {
          flag(Int(a.row), cells: Swift.max(a.lo, b.lo), Swift.min(a.hi, b.hi))
        }
        i += 1
        j += 1
      }
    }
  }

  /// Appends the spans of chain `id` in `rows`, ascending by row: its edges are found by binary
  /// search (a chain is monotone in y) and walked in increasing y; its horizontal edges in those
  /// rows widen the spans.
  private mutating func addSpans(
    ofChain id: Int32, in rows: ClosedRange<Int>, _ edges: UnsafeBufferPointer<RasterEdge>,
    _ flats: [FlatEdge], _ chains: EdgeChains
  ) {
    let start = spans.count
    let range = chains.edgeRange(id, edgeCount: edges.count)
    var current = RowSpan(row: -1, lo: 0, hi: 0, chain: id)
    if let cursorStart = ChainCursor(edges, range, from: Double(rows.lowerBound)) {
      var cursor = cursorStart
      let yHi = Double(rows.upperBound + 1)
      repeat {
        let e = cursor.edge
        if e.y0 >= yHi { break }
        let r0 = Swift.max(Int(e.y0), rows.lowerBound)
        let r1 = Swift.min(CellBand.ceil(e.y1), rows.upperBound + 1)
        let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
        for r in r0..<r1 {
          let ya = Swift.max(e.y0, Double(r))
          let yb = Swift.min(e.y1, Double(r + 1))
          let xa = ya == e.y0 ? e.x0 : e.x0 + (ya - e.y0) * dxdy
          let xb = yb == e.y1 ? e.x1 : e.x0 + (yb - e.y0) * dxdy
          cover(&current, r, xa, xb)
        }
      } while cursor.step()
    }
    if current.row >= 0 { spans.append(current) }
    for f in flats where f.chain == id && rows.contains(Int(f.y)) {
      addFlat(f, chainSpans: start)
    }
    // A horizontal edge alone in its row lands after the row order: put such spans in place.
    for i in Swift.min(start + 1, spans.count)..<spans.count {
      var k = i
      while k > start && spans[k - 1].row > spans[k].row {
        spans.swapAt(k - 1, k)
        k -= 1
      }
    }
  }

  /// Widens `current` (or starts the next span) with the cells between x = xa and xb in `row`:
  /// ⌊lo⌋ … ⌈hi⌉ − 1, at least ⌊lo⌋, within the mask.
  @inline(__always)
  mutating func cover(_ current: inout RowSpan, _ row: Int, _ xa: Double, _ xb: Double) {
    let lo = Int(Swift.min(xa, xb))
    let right = Swift.max(xa, xb)
    // ⌈right⌉ − 1 is lo when the segment stays in cell lo (most segments of a fine curve).
    let end = right <= Double(lo &+ 1) ? lo : CellBand.ceil(right) &- 1
    let hi = Swift.min(end, width &- 1)
    if lo > hi { return }  // on the mask's right side
    let r = Int32(truncatingIfNeeded: row)
    let l = Int32(truncatingIfNeeded: lo)
    let h = Int32(truncatingIfNeeded: hi)
    if current.row == r {
      current.lo = Swift.min(current.lo, l)
      current.hi = Swift.max(current.hi, h)
      return
    }
    if current.row >= 0 { spans.append(current) }
    current = RowSpan(row: r, lo: l, hi: h, chain: current.chain)
  }

  /// Widens its chain's span in its row with a horizontal edge (one lying on a row boundary
  /// splits no cell); the chain's spans start at index `chainSpans`.
  mutating func addFlat(_ f: FlatEdge, chainSpans: Int) {
    let row = Int(f.y)
    if Double(row) == f.y || f.x0 >= Double(width) { return }
    let lo = Int32(truncatingIfNeeded: Int(f.x0))
    let hi = Int32(
      truncatingIfNeeded: Swift.min(Swift.max(Int(f.x0), CellBand.ceil(f.x1) - 1), width - 1))
    let r = Int32(truncatingIfNeeded: row)
    for k in chainSpans..<spans.count where spans[k].row == r {
      spans[k].lo = Swift.min(spans[k].lo, lo)
      spans[k].hi = Swift.max(spans[k].hi, hi)
      return
    }
    spans.append(RowSpan(row: r, lo: lo, hi: hi, chain: f.chain))
  }

  /// Links each row's spans into a list and compares the spans of every row holding two or more.
  private mutating func compareSpansByRow() {
    let head = rowHead.reserve(height)
    head.update(repeating: -1, count: height)
    let link = nextInRow.reserve(spans.count)
    var shared = false
    for i in 0..<spans.count {
      let r = Int(spans[i].row)
      link[i] = head[r]
      if head[r] >= 0 { shared = true }
      head[r] = Int32(truncatingIfNeeded: i)
    }
    if !shared { return }  // no row holds two spans
    latestPair.reserve(next.count).update(repeating: -1, count: next.count)
    for r in 0..<height {
      var i = Int(head[r])
      if i < 0 || link[i] < 0 { continue }
      rowSpans.removeAll(keepingCapacity: true)
      while i >= 0 {
        rowSpans.append(spans[i])
        i = Int(link[i])
      }
      compareRow(r)
    }
  }

  /// Sorted by first cell, a row's spans share cells where one starts before another ends:
  /// two earlier spans reaching a span's cells make three chains there; one that is not its
  /// following chain makes two that may cross anywhere in the cells both spans hold. Those
  /// cells are flagged (each cell a later span shares with an earlier one lies within the
  /// furthest reach of the earlier spans, or of all but the furthest one).
  private mutating func compareRow(_ r: Int) {
    Self.sortByFirstCell(&rowSpans)
    var reach = rowSpans[0].hi  // the furthest cell an earlier span reaches…
    var reachChain = rowSpans[0].chain  // …its chain…
    var secondReach: Int32 = -1  // …and the furthest cell any other earlier span reaches
    for k in 1..<rowSpans.count {
      let s = rowSpans[k]
      if s.lo <= secondReach { flag(r, cells: s.lo, Swift.min(s.hi, secondReach)) }
      if s.lo <= reach {
        if next[Int(reachChain)] == s.chain {
          notePair(reachChain, r)
        } else if next[Int(s.chain)] == reachChain {
          notePair(s.chain, r)
        } else {
          flag(r, cells: s.lo, Swift.min(s.hi, reach))
        }
      }
      if s.hi > reach {
        secondReach = reach
        reach = s.hi
        reachChain = s.chain
      } else if s.hi > secondReach {
        secondReach = s.hi
      }
    }
  }

  /// Insertion sort by `lo`: a row holds a few spans (a library sort for many).
  private static func sortByFirstCell(_ a: inout [RowSpan]) {
    if a.count > 16 {
      a.sort { $0.lo < $1.lo }
      return
    }
    for i in 1..<a.count {
      let s = a[i]
      var j = i
      while j > 0 && a[j - 1].lo > s.lo {
        a[j] = a[j - 1]
        j -= 1
      }
      a[j] = s
    }
  }

  @inline(__always)
  mutating func flag(_ row: Int) { flags.flag(row) }

  @inline(__always)
  mutating func flag(_ row: Int, cells lo: Int32, _ hi: Int32) {
    flags.flag(row, cells: Int(lo), Int(hi))
  }

  /// Rows arrive in increasing order, so a pair's run is extended while its rows follow on.
  private mutating func notePair(_ p: Int32, _ row: Int) {
    let r = Int32(truncatingIfNeeded: row)
    let latest = latestPair.base!
    let i = Int(latest[Int(p)])
    if i >= 0 && pairs[i].last >= r - 1 {
      pairs[i].last = r
    } else {
      latest[Int(p)] = Int32(truncatingIfNeeded: pairs.count)
      pairs.append(PairRows(chain: p, first: r, last: r))
    }
  }
}
