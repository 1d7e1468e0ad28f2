/// The crossing detector's first, coarse pass: each chain's bounding box in cells, and the pairs
/// of chains whose boxes share a cell.
///
/// Two chains can share a cell only if their boxes do, and in a simple outline most boxes meet
/// only the boxes of the chains before and after them around the contour (at their shared
/// turning vertex). So the detector compares rows span by span only for the pairs found here,
/// and only in the rows their boxes share, instead of for every chain in every row. A box is
/// the cells ⌊x_min⌋ … ⌈x_max⌉ − 1 (at least ⌊x_min⌋, within the mask) by the rows ⌊y_min⌋ …
/// ⌈y_max⌉ − 1 of the chain's edges and horizontal edges: every cell the chain passes through.
///
/// Cost: a few comparisons per edge while clipping, then a sweep over the chains sorted by first row that
/// keeps the chains whose boxes reach the current row. Where boxes overlap a lot (long edges
/// criss-crossing the mask) the pair list is abandoned past `pairBudget` and the detector
/// compares every row instead.
struct ChainBoxes {
  /// A chain's box: cells lo…hi by rows top…bottom (inclusive); top > bottom when empty.
  struct Box {
    var lo: Int32
    var hi: Int32
    var top: Int32
    var bottom: Int32
  }

  /// Two chains whose boxes share cells in rows first…last.
  struct Overlap {
    var a: Int32
    var b: Int32
    var first: Int32
    var last: Int32
  }

  private(set) var boxes: [Box] = []
  private(set) var overlaps: [Overlap] = []
  private var order: [Int32] = []
  private var active: [Int32] = []

  /// More overlapping pairs than this (per chain, plus a constant) and `findOverlaps` gives up.
  static let pairsPerChain = 4
  static let pairBudgetBase = 64

  /// The boxes of every chain, from the extremes of its edges' coordinates (`EdgeChains.bounds`)
  /// and its horizontal edges.
  mutating func measure(
    _ edges: UnsafeBufferPointer<RasterEdge>, _ flats: [FlatEdge], _ chains: EdgeChains,
    width: Int
  ) {
    boxes.removeAll(keepingCapacity: true)
    boxes.append(Box(lo: 0, hi: -1, top: 0, bottom: -1))  // chain ids start at 1
    for id in 1..<chains.idCount {
      guard let b = chains.bounds(id, edges) else {
        boxes.append(Box(lo: 0, hi: -1, top: 0, bottom: -1))
        continue
      }
      boxes.append(Self.box(b.minX, b.maxX, b.minY, b.maxY, width: width))
    }
    for f in flats {
      let row = Int(f.y)
      if Double(row) == f.y || f.x0 >= Double(width) { continue }  // splits no cell
      let flat = Self.box(f.x0, f.x1, f.y, f.y, width: width)
      let id = Int(f.chain)
      var b = boxes[id]
      if b.top > b.bottom {
        b = flat
      } else {
        b.lo = Swift.min(b.lo, flat.lo)
        b.hi = Swift.max(b.hi, flat.hi)
        b.top = Swift.min(b.top, flat.top)
        b.bottom = Swift.max(b.bottom, flat.bottom)
      }
      boxes[id] = b
    }
  }

  /// The cells and rows an extent [minX, maxX] × [minY, maxY] passes through (empty when it is
  /// on the mask's right side or has no edges).
  private static func box(_ minX: Double, _ maxX: Double, _ minY: Double, _ maxY: Double, width: Int)
    -> Box
  {
    if !(minX <= maxX) || minX >= Double(width) { return Box(lo: 0, hi: -1, top: 0, bottom: -1) }
    let lo = Int(minX)
    let hi = Swift.min(Swift.max(lo, CellBand.ceil(maxX) - 1), width - 1)
    let top = Int(minY)
    let bottom = Swift.max(top, CellBand.ceil(maxY) - 1)
    return Box(
      lo: Int32(truncatingIfNeeded: lo), hi: Int32(truncatingIfNeeded: hi),
      top: Int32(truncatingIfNeeded: top), bottom: Int32(truncatingIfNeeded: bottom))
  }

  /// Every pair of chains whose boxes share a cell, with the rows they share; false (and no
  /// list) when there are more than the budget.
  mutating func findOverlaps() -> Bool {
    overlaps.removeAll(keepingCapacity: true)
    order.removeAll(keepingCapacity: true)
    for id in 1..<boxes.count where boxes[id].top <= boxes[id].bottom {
      order.append(Int32(truncatingIfNeeded: id))
    }
    order.sort { boxes[Int($0)].top < boxes[Int($1)].top }
    let budget = Self.pairsPerChain * order.count + Self.pairBudgetBase
    active.removeAll(keepingCapacity: true)
    for id in order {
      let b = boxes[Int(id)]
      var kept = 0
      for k in 0..<active.count {
        let other = active[k]
        let o = boxes[Int(other)]
        if o.bottom < b.top { continue }  // ended above: drop it
        active[kept] = other
        kept += 1
        if o.lo <= b.hi && b.lo <= o.hi {
          overlaps.append(
            Overlap(a: other, b: id, first: b.top, last: Swift.min(b.bottom, o.bottom)))
          if overlaps.count > budget { return false }
        }
      }
      active.removeLast(active.count - kept)
      active.append(id)
    }
    return true
  }

  /// Roughly how many edges checking the overlaps walks: for each chain of each pair, its edges
  /// in proportion to the rows shared.
  func overlapWork(_ chains: EdgeChains, edgeCount: Int) -> Int {
    func share(_ id: Int32, _ rows: Double) -> Double {
      let b = boxes[Int(id)]
      let edges = Double(chains.edgeRange(id, edgeCount: edgeCount).count)
      return edges * rows / Double(b.bottom - b.top + 1)
    }
    var work = 0.0
    for o in overlaps {
      let rows = Double(o.last - o.first + 1)
      work += share(o.a, rows) + share(o.b, rows)
    }
    return Int(work)
  }
}
