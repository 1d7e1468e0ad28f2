/// Exact coverage for the cells the `CrossingDetector` flagged: the area of the part of each
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
    var chain: Int32
    var row: Int32
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double
    var winding: Double
  }

  /// Recomputes the flagged cells of `mask` (width × height bytes) exactly.
  ///
  /// A row flagged whole is cut at every cell border. A row with some cells flagged is cut only
  /// at the borders of its flagged cells: between two flagged cells the pieces only add to the
  /// left winding of the next flagged cell, so a chain's run of pieces there is kept as one
  /// piece (its steps are the run's ends), and the cells there keep their accumulated area
  /// (one chain, or none, passes through each). A row with left-side pieces (a path clipped on
  /// the left) is resolved whole: its left winding may step inside cells no chain reaches.
  func resolve(
    flags: FlaggedCells, edges: UnsafeBufferPointer<RasterEdge>,
    flats: [FlatEdge], leftPieces: [LeftPiece], leftRows: [Double]?,
    spans: [CrossingDetector.RowSpan]?, chains: EdgeChains,
    mask: UnsafeMutablePointer<UInt8>, scratch: inout PieceSink
  ) {
    var states = flags.rowStates
    for p in leftPieces where states[p.row] == FlaggedCells.someCells {
      states[p.row] = FlaggedCells.wholeRow
    }
    if let spans {
      gatherPieces(states, flags, spans: spans, chains, edges, &scratch)
    } else {
      gatherPieces(states, flags, edges, &scratch)
    }
    let pieces = scratch.grouped
    let rowStarts = scratch.rowStarts
    var leftByRow: [Int: [LeftPiece]] = [:]
    for p in leftPieces where states[p.row] != FlaggedCells.none {
      leftByRow[p.row, default: []].append(p)
    }
    var sweep = CellSweep()
    var flatsByRow: [Int: [FlatEdge]] = [:]
    for f in flats where Double(Int(f.y)) != f.y && states[Int(f.y)] != FlaggedCells.none {
      flatsByRow[Int(f.y), default: []].append(f)
    }
    var flatCells = [Bool](repeating: false, count: width)
    for row in 0..<height where states[row] != FlaggedCells.none {
      var steps: [(y: Double, dw: Double)] = [(Double(row), leftRows?[row] ?? 0)]
      for p in leftByRow[row] ?? [] {
        steps.append((p.y0, p.winding))
        steps.append((p.y1, -p.winding))
      }
      normalize(&steps, row)
      let rowFlats = flatsByRow[row] ?? []
      for f in rowFlats where f.x0 < Double(width) {
        for c in Int(f.x0)...Swift.min(Swift.max(Int(f.x0), CellBand.ceil(f.x1) - 1), width - 1) {
          flatCells[c] = true
        }
      }
      let only = states[row] == FlaggedCells.someCells ? flags.cells(row) : nil
      resolveRow(
        row, pieces[rowStarts[row]..<rowStarts[row + 1]], steps, flatCells, only: only,
        mask + row * width, &sweep)
      if !rowFlats.isEmpty { for c in 0..<width { flatCells[c] = false } }
    }
  }

  /// Sorts the steps by height (`sortByHeight`: the list is an ordered run plus new steps),
  /// merges equal heights and drops zero steps;
  /// steps at or above the row top are folded into one at the top (always `steps[0]`), and
  /// those at the bottom are dropped.
  private func normalize(_ steps: inout [(y: Double, dw: Double)], _ row: Int) {
    let top = Double(row)
    let bottom = top + 1
    for i in 0..<steps.count { steps[i].y = Swift.min(Swift.max(steps[i].y, top), bottom) }
    Self.sortByHeight(&steps)
    if steps.first.map({ $0.y > top }) ?? true { steps.insert((top, 0), at: 0) }
    var kept = 0
    for i in 0..<steps.count where steps[i].y < bottom {
      let s = steps[i]
      if kept > 0 && steps[kept - 1].y == s.y {
        steps[kept - 1].dw += s.dw
        if steps[kept - 1].dw == 0 && kept > 1 { kept -= 1 }
      } else if s.dw != 0 || kept == 0 {
        steps[kept] = kept == 0 ? (top, s.dw) : s
        kept += 1
      }
    }
    if kept == 0 {
      steps.removeAll(keepingCapacity: true)
      steps.append((top, 0))
    } else {
      steps.removeLast(steps.count - kept)
    }
  }

  /// Sorts steps by height: a sorted run followed by a few new steps is finished by insertion
  /// (linear in the run per new step), a longer tail by the library's sort.
  private static func sortByHeight(_ steps: inout [(y: Double, dw: Double)]) {
    var sorted = 1
    while sorted < steps.count && steps[sorted - 1].y <= steps[sorted].y { sorted += 1 }
    if steps.count - sorted > 8 {
      steps.sort { $0.y < $1.y }
      return
    }
    for i in sorted..<Swift.max(sorted, steps.count) {
      let s = steps[i]
      var j = i
      while j > 0 && steps[j - 1].y > s.y {
        steps[j] = steps[j - 1]
        j -= 1
      }
      steps[j] = s
    }
  }

  /// Writes row `row` (pieces sorted by cell, left steps W_0) into `out`: every cell that
  /// needs it, or with `only` (the row's bitmap of flagged cells) the flagged cells among them.
  ///
  /// The left steps are merged (`normalize`) only before they are read, so a run of cells that
  /// keep their area only appends to them.
  private func resolveRow(
    _ row: Int, _ pieces: ArraySlice<Piece>, _ leftSteps: [(y: Double, dw: Double)], _ flatCells: [Bool],
    only: UnsafePointer<UInt64>?, _ out: UnsafeMutablePointer<UInt8>, _ sweep: inout CellSweep
  ) {
    var steps = leftSteps
    var merged = true
    var c = 0
    var k = pieces.startIndex
    while c < width {
      // Cells up to the next one holding pieces see only the steps of W: equal coverage, and
      // exact already where W is constant. (W steps there under a horizontal edge where two
      // boundaries coincide, whose cells the detector flags, or by pieces left of the mask.)
      let nextCell = k < pieces.endIndex ? pieces[k].cell : width
      if nextCell > c {
        if only.map({ Self.anySet($0, c, nextCell - 1) }) ?? true {
          if !merged { normalize(&steps, row) }
          merged = true
          if steps.count > 1 {
            let byte = Self.byte(
              sweep.area(
                pieces[k..<k], left: Double(c), top: Double(row), steps: steps, evenOdd: evenOdd))
            if let only {
              for x in c..<nextCell where Self.isSet(only, x) { out[x] = byte }
            } else {
              (out + c).update(repeating: byte, count: nextCell - c)
            }
          }
        }
        c = nextCell
        continue
      }
      var end = k
      var oneChain = true
      while end < pieces.endIndex && pieces[end].cell == c {
        oneChain = oneChain && pieces[end].chain == pieces[k].chain
        end += 1
      }
      let cellPieces = pieces[k..<end]
      // One chain, and no horizontal edge, leave two neighbouring windings in the cell
      // (EdgeChains): the folded area already in the mask is exact.
      if !(oneChain && !flatCells[c]) && cellPieces.count <= Self.maxExactPieces
        && (only.map { Self.isSet($0, c) } ?? true)
      {
        if !merged { normalize(&steps, row) }
        merged = true
        out[c] = Self.byte(
          sweep.area(cellPieces, left: Double(c), top: Double(row), steps: steps, evenOdd: evenOdd))
      }
      appendSteps(cellPieces, &steps)
      merged = false
      k = end
      c += 1
    }
  }

  /// Appends the steps of `pieces` to the left winding: +w at each piece's top, −w at its
  /// bottom, except where a piece continues the one before (same winding, one's bottom the
  /// other's top), whose two steps at that height cancel.
  private func appendSteps(_ pieces: ArraySlice<Piece>, _ steps: inout [(y: Double, dw: Double)]) {
    guard let first = pieces.first else { return }
    var top = first.y0
    var bottom = first.y1
    var w = first.winding
    for p in pieces.dropFirst() {
      if p.winding == w {
        if p.y0 == bottom {
          bottom = p.y1
          continue
        }
        if p.y1 == top {
          top = p.y0
          continue
        }
      }
      steps.append((top, w))
      steps.append((bottom, -w))
      top = p.y0
      bottom = p.y1
      w = p.winding
    }
    steps.append((top, w))
    steps.append((bottom, -w))
  }

  static func byte(_ area: Double) -> UInt8 {
    UInt8(Swift.min(Swift.max(area, 0), 1) * 255 + 0.5)
  }
}
