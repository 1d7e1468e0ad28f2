/// The pieces of the flagged rows as they are cut, in one list, with each row's latest piece
/// (which the next piece of the row may extend); then sorted by row and cell. Kept in the fill's
/// scratch, so the lists keep their memory between fills.
struct PieceSink {
  var pieces: [CrossingResolver.Piece] = []
  /// The row the next pieces belong to.
  var row = 0
  private var latest: [Int] = []
  /// After `sortByRowAndCell`: the pieces by row and cell, and where each row's start (one
  /// entry per row, plus the end).
  private(set) var grouped: [CrossingResolver.Piece] = []
  private(set) var rowStarts: [Int] = []
  /// The pieces by cell alone, and where each cell's go next (`sortByRowAndCell`'s first pass).
  private var byCell: [CrossingResolver.Piece] = []
  private var cellStarts: [Int] = []

  /// Empties the lists for a mask of `rows` rows.
  mutating func reset(rows: Int) {
    pieces.removeAll(keepingCapacity: true)
    latest.removeAll(keepingCapacity: true)
    latest.append(contentsOf: repeatElement(-1, count: rows))
  }

  /// The index of `row`'s latest piece, if it has one.
  var lastInRow: Int? {
    let k = latest[row]
    return k >= 0 ? k : nil
  }

  mutating func append(
    _ cell: Int, _ chain: Int32, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
    _ w: Double
  ) {
    latest[row] = pieces.count
    pieces.append(
      CrossingResolver.Piece(
        cell: cell, chain: chain, row: Int32(truncatingIfNeeded: row), x0: x0, y0: y0, x1: x1,
        y1: y1, winding: w))
  }

  /// Sorts the pieces by row and, within a row, by cell, keeping the order they were cut in
  /// within a cell: a counting sort by cell (`cells` of them), then a stable one by row.
  mutating func sortByRowAndCell(cells: Int) {
    let rows = latest.count
    rowStarts.removeAll(keepingCapacity: true)
    rowStarts.append(contentsOf: repeatElement(0, count: rows + 1))
    for p in pieces { rowStarts[Int(p.row) + 1] += 1 }
    for r in 0..<rows { rowStarts[r + 1] += rowStarts[r] }
    grouped.removeAll(keepingCapacity: true)
    byCell.removeAll(keepingCapacity: true)
    guard let first = pieces.first else { return }
    cellStarts.removeAll(keepingCapacity: true)
    cellStarts.append(contentsOf: repeatElement(0, count: cells + 1))
    for p in pieces { cellStarts[p.cell + 1] += 1 }
    for c in 0..<cells { cellStarts[c + 1] += cellStarts[c] }
    byCell.append(contentsOf: repeatElement(first, count: pieces.count))
    for p in pieces {
      byCell[cellStarts[p.cell]] = p
      cellStarts[p.cell] += 1
    }
    grouped.append(contentsOf: repeatElement(first, count: pieces.count))
    var fill = rowStarts
    for p in byCell {
      grouped[fill[Int(p.row)]] = p
      fill[Int(p.row)] += 1
    }
  }
}
