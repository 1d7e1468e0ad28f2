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
/// Cost: `CellSweep` takes a cell with k pieces and m crossings in about (k + m)·k. Cells with
/// more than `maxExactPieces` pieces keep the folded area: this bounds the work per cell on
/// pathological input (thousands of edges through one pixel).
struct CrossingResolver {
  let width: Int
  let height: Int
  let evenOdd: Bool
  /// Cells with more pieces than this keep the accumulated (folded) coverage.
  static let maxExactPieces = 256

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
    var sweep = CellSweep()
    for (row, rowPieces) in pieces {
      var steps: [(y: Double, dw: Double)] = [(Double(row), leftRows?[row] ?? 0)]
      for p in leftByRow[row] ?? [] {
        steps.append((p.y0, p.winding))
        steps.append((p.y1, -p.winding))
      }
      resolveRow(
        row, rowPieces.sorted { $0.cell < $1.cell }, normalized(steps, row), mask + row * width,
        &sweep)
    }
  }

  /// The pieces of every edge in the flagged rows, per row (counted first, so each row's list
  /// is allocated once).
  private func gatherPieces(_ flagged: [Bool], _ edges: UnsafeBufferPointer<RasterEdge>)
    -> [Int: [Piece]]
  {
    var counts = [Int](repeating: 0, count: height)
    forEachRowPart(flagged, edges) { r, xa, _, xb, _, _ in
      counts[r] += Int(abs(xb - xa)) + 2
    }
    var out: [Int: [Piece]] = [:]
    for r in 0..<height where flagged[r] {
      out[r] = []
      out[r]!.reserveCapacity(counts[r])
    }
    forEachRowPart(flagged, edges) { r, xa, ya, xb, yb, w in
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
    _ out: UnsafeMutablePointer<UInt8>, _ sweep: inout CellSweep
  ) {
    var steps = leftSteps
    var c = 0
    var k = 0
    while c < width {
      // Cells up to the next one holding pieces see only the steps of W: equal coverage.
      let nextCell = k < pieces.count ? pieces[k].cell : width
      if nextCell > c {
        let byte = Self.byte(
          sweep.area(pieces[k..<k], left: Double(c), top: Double(row), steps: steps, inside: inside))
        (out + c).update(repeating: byte, count: nextCell - c)
        c = nextCell
        continue
      }
      var end = k
      while end < pieces.count && pieces[end].cell == c { end += 1 }
      let cellPieces = pieces[k..<end]
      if cellPieces.count <= Self.maxExactPieces {
        out[c] = Self.byte(
          sweep.area(cellPieces, left: Double(c), top: Double(row), steps: steps, inside: inside))
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
}
