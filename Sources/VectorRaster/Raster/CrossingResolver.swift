/// Exact coverage for the rows the `CrossingDetector` flagged: the area of the part of each
/// pixel where the fill rule holds, instead of the rule applied to the summed winding area.
///
/// Derivation. Within row [r, r+1], cut every edge at the cell borders x = c into pieces, each
/// inside one cell. In cell c the winding at (x, y) is W_c(y), the winding on the cell's left
/// side, plus the windings of the pieces left of x at height y. W_c is a step function of y:
/// W_0 comes from the edges left of the mask (a constant for edges crossing the whole row, a
/// step up and down for each partial piece), and W_{c+1} = W_c + Σ w_p·[y0_p ≤ y < y1_p] over
/// the pieces p of cell c, since those are exactly the parts of edges between x = c and c + 1.
/// Cut the cell into horizontal slabs at every piece end, every step of W_c and every height
/// where two pieces cross. Inside a slab no piece starts, ends or crosses another, so the pieces
/// keep one left-to-right order, W_c is constant, and the regions between neighbouring pieces
/// (and the cell's sides) are trapezoids of constant winding: the covered area is the sum of
/// the trapezoids whose winding the rule accepts, each (width at top + width at bottom)/2 times
/// the slab height. This is exact (up to floating point) whatever the windings.
///
/// Cost: a cell with k pieces and m crossings costs about (k + m)·k log k. Cells with more than
/// `maxExactPieces` pieces, and rows with more than that many per cell on average, keep the
/// folded area: this bounds the work on pathological input (thousands of edges through one
/// pixel), where no pixel-sized answer is meaningful anyway.
struct CrossingResolver {
  let width: Int
  let height: Int
  let evenOdd: Bool
  /// Cells with more pieces than this keep the accumulated (folded) coverage.
  static let maxExactPieces = 16

  /// One edge piece inside one cell: from (x0, y0) to (x1, y1), y0 < y1.
  struct Piece {
    var cell: Int
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double
    var winding: Double
  }

  /// Recomputes every flagged row of `mask` (width × height bytes) exactly.
  func resolve(
    flagged: [Bool], edges: UnsafeBufferPointer<RasterEdge>, leftPieces: [LeftPiece],
    leftRows: [Double]?, mask: UnsafeMutablePointer<UInt8>
  ) {
    let pieces = gatherPieces(flagged, edges)
    var leftByRow: [Int: [LeftPiece]] = [:]
    for p in leftPieces where pieces[p.row] != nil { leftByRow[p.row, default: []].append(p) }
    for (row, rowPieces) in pieces {
      var steps: [(y: Double, dw: Double)] = [(Double(row), leftRows?[row] ?? 0)]
      for p in leftByRow[row] ?? [] {
        steps.append((p.y0, p.winding))
        steps.append((p.y1, -p.winding))
      }
      resolveRow(row, rowPieces.sorted { $0.cell < $1.cell }, normalized(steps, row), mask + row * width)
    }
  }

  /// The pieces of every edge in the flagged rows, per row. Rows holding more than
  /// `maxExactPieces` pieces per cell on average are left out (they keep the folded coverage):
  /// counting first keeps the work and memory proportional to the edges' own size.
  private func gatherPieces(_ flagged: [Bool], _ edges: UnsafeBufferPointer<RasterEdge>)
    -> [Int: [Piece]]
  {
    var counts = [Int](repeating: 0, count: height)
    forEachRowPart(flagged, edges) { r, xa, _, xb, _, _ in
      counts[r] += Int(abs(xb - xa)) + 2
    }
    var chosen = flagged
    var out: [Int: [Piece]] = [:]
    for r in 0..<height where chosen[r] {
      if counts[r] > Self.maxExactPieces * width {
        chosen[r] = false
      } else {
        out[r] = []
        out[r]!.reserveCapacity(counts[r])
      }
    }
    forEachRowPart(chosen, edges) { r, xa, ya, xb, yb, w in
      splitIntoCells(xa, ya, xb, yb, w, into: &out[r, default: []])
    }
    return out
  }

  /// Calls `body` with the part of each edge inside each row marked in `rows`.
  private func forEachRowPart(
    _ rows: [Bool], _ edges: UnsafeBufferPointer<RasterEdge>,
    _ body: (Int, Double, Double, Double, Double, Double) -> Void
  ) {
    var before = [Int](repeating: 0, count: height + 1)  // marked rows above each row
    for r in 0..<height { before[r + 1] = before[r] + (rows[r] ? 1 : 0) }
    if before[height] == 0 { return }
    for e in edges {
      let r0 = Int(e.y0)
      let r1 = Swift.min(CellBand.ceil(e.y1), height)
      if before[r1] == before[r0] { continue }
      let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
      for r in r0..<r1 where rows[r] {
        let ya = Swift.max(e.y0, Double(r))
        let yb = Swift.min(e.y1, Double(r + 1))
        if !(ya < yb) { continue }
        let xa = ya == e.y0 ? e.x0 : e.x0 + (ya - e.y0) * dxdy
        let xb = yb == e.y1 ? e.x1 : e.x0 + (yb - e.y0) * dxdy
        body(r, xa, ya, xb, yb, Double(e.winding))
      }
    }
  }

  /// Cuts the segment (xa, ya)–(xb, yb) at the integer x it crosses (x ≥ 0).
  private func splitIntoCells(
    _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ w: Double, into out: inout [Piece]
  ) {
    var px = xa
    var py = ya
    func cut(at border: Int) {
      let bx = Double(border)
      let by = Swift.min(Swift.max(ya + (bx - xa) / (xb - xa) * (yb - ya), py), yb)
      append(px, py, bx, by, w, &out)
      px = bx
      py = by
    }
    if xb > xa {
      var border = Int(xa) + 1
      while Double(border) < xb {
        cut(at: border)
        border += 1
      }
    } else if xb < xa {
      var border = CellBand.ceil(xa) - 1
      while Double(border) > xb {
        cut(at: border)
        border -= 1
      }
    }
    append(px, py, xb, yb, w, &out)
  }

  private func append(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ w: Double, _ out: inout [Piece]
  ) {
    if !(y0 < y1) { return }
    let cell = Int((x0 + x1) * 0.5)
    if cell >= width { return }  // on the mask's right side: left of no pixel
    out.append(Piece(cell: cell, x0: x0, y0: y0, x1: x1, y1: y1, winding: w))
  }

  /// Steps sorted by height, equal heights merged, zero steps dropped; steps at or above the
  /// row top are folded into one at the top, and those at the bottom are dropped.
  private func normalized(_ steps: [(y: Double, dw: Double)], _ row: Int) -> [(y: Double, dw: Double)] {
    let top = Double(row)
    let bottom = top + 1
    var out: [(y: Double, dw: Double)] = [(top, 0)]
    for s in steps.sorted(by: { $0.y < $1.y }) where s.y < bottom {
      let y = Swift.max(s.y, top)
      if out[out.count - 1].y == y {
        out[out.count - 1].dw += s.dw
      } else {
        out.append((y, s.dw))
      }
    }
    return out.enumerated().filter { $0.offset == 0 || $0.element.dw != 0 }.map { $0.element }
  }

  @inline(__always)
  private func inside(_ w: Double) -> Bool {
    evenOdd ? Int(w.rounded()) & 1 != 0 : w.rounded() != 0
  }

  /// Writes row `row` (pieces sorted by cell, left steps W_0) into `out`.
  private func resolveRow(
    _ row: Int, _ pieces: [Piece], _ leftSteps: [(y: Double, dw: Double)],
    _ out: UnsafeMutablePointer<UInt8>
  ) {
    var steps = leftSteps
    var c = 0
    var k = 0
    while c < width {
      // Cells up to the next one holding pieces see only the steps of W: equal coverage.
      let nextCell = k < pieces.count ? pieces[k].cell : width
      if nextCell > c {
        let byte = Self.byte(cellArea(c, row, [], steps))
        (out + c).update(repeating: byte, count: nextCell - c)
        c = nextCell
        continue
      }
      var end = k
      while end < pieces.count && pieces[end].cell == c { end += 1 }
      let cellPieces = Array(pieces[k..<end])
      if cellPieces.count <= Self.maxExactPieces {
        out[c] = Self.byte(cellArea(c, row, cellPieces, steps))
      }
      var added = steps
      for p in cellPieces {
        added.append((p.y0, p.winding))
        added.append((p.y1, -p.winding))
      }
      steps = normalized(added, row)
      k = end
      c += 1
    }
  }

  static func byte(_ area: Double) -> UInt8 {
    UInt8(Swift.min(Swift.max(area, 0), 1) * 255 + 0.5)
  }

  /// The area of cell c of `row` where the rule holds (see the type's comment).
  private func cellArea(
    _ c: Int, _ row: Int, _ pieces: [Piece], _ steps: [(y: Double, dw: Double)]
  ) -> Double {
    let top = Double(row)
    let bottom = top + 1
    var ys = [top, bottom]
    for s in steps where s.y > top { ys.append(s.y) }
    for p in pieces {
      ys.append(p.y0)
      ys.append(p.y1)
    }
    ys.sort()
    let left = Double(c)
    let right = left + 1
    var area = 0.0
    var stepIndex = 0
    var winding = 0.0
    var xa: [Double] = []
    var xb: [Double] = []
    var ws: [Double] = []
    var cuts: [Double] = []
    var order: [Int] = []
    for i in 0..<(ys.count - 1) {
      let a = ys[i]
      let b = ys[i + 1]
      if !(a < b) { continue }
      while stepIndex < steps.count && steps[stepIndex].y <= a {
        winding += steps[stepIndex].dw
        stepIndex += 1
      }
      xa.removeAll(keepingCapacity: true)
      xb.removeAll(keepingCapacity: true)
      ws.removeAll(keepingCapacity: true)
      for p in pieces where p.y0 <= a && p.y1 >= b {
        let s = (p.x1 - p.x0) / (p.y1 - p.y0)
        xa.append(a == p.y0 ? p.x0 : p.x0 + (a - p.y0) * s)
        xb.append(b == p.y1 ? p.x1 : p.x0 + (b - p.y0) * s)
        ws.append(p.winding)
      }
      // Heights inside the slab where two pieces cross.
      cuts.removeAll(keepingCapacity: true)
      cuts.append(a)
      for u in 0..<xa.count {
        for v in (u + 1)..<xa.count {
          let da = xa[u] - xa[v]
          let db = xb[u] - xb[v]
          if (da < 0 && db > 0) || (da > 0 && db < 0) {
            cuts.append(a + da / (da - db) * (b - a))
          }
        }
      }
      cuts.sort()
      cuts.append(b)
      for j in 0..<(cuts.count - 1) {
        let s0 = cuts[j]
        let s1 = cuts[j + 1]
        if !(s0 < s1) { continue }
        let t0 = (s0 - a) / (b - a)
        let t1 = (s1 - a) / (b - a)
        let tm = (t0 + t1) * 0.5
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: 0..<xa.count)
        order.sort { xa[$0] + tm * (xb[$0] - xa[$0]) < xa[$1] + tm * (xb[$1] - xa[$1]) }
        var w = winding
        var prev0 = left
        var prev1 = left
        for u in order {
          let x0 = xa[u] + t0 * (xb[u] - xa[u])
          let x1 = xa[u] + t1 * (xb[u] - xa[u])
          if inside(w) { area += ((x0 - prev0) + (x1 - prev1)) * 0.5 * (s1 - s0) }
          w += ws[u]
          prev0 = x0
          prev1 = x1
        }
        if inside(w) { area += ((right - prev0) + (right - prev1)) * 0.5 * (s1 - s0) }
      }
    }
    return area
  }
}
