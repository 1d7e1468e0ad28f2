/// The pieces of the flagged rows as they are cut, in one list, with each row's latest piece
/// (which the next piece of the row may extend); then grouped by row. Kept in the fill's
/// scratch, so the lists keep their memory between fills.
struct PieceSink {
  var pieces: [CrossingResolver.Piece] = []
  /// The row the next pieces belong to.
  var row = 0
  private var latest: [Int] = []
  /// After `groupByRow`: the pieces by row, and where each row's start (one entry per row,
  /// plus the end).
  private(set) var grouped: [CrossingResolver.Piece] = []
  private(set) var rowStarts: [Int] = []

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

  /// Groups the pieces by row (a counting sort, keeping their order within a row).
  mutating func groupByRow() {
    let rows = latest.count
    rowStarts.removeAll(keepingCapacity: true)
    rowStarts.append(contentsOf: repeatElement(0, count: rows + 1))
    for p in pieces { rowStarts[Int(p.row) + 1] += 1 }
    for r in 0..<rows { rowStarts[r + 1] += rowStarts[r] }
    grouped.removeAll(keepingCapacity: true)
    guard let first = pieces.first else { return }
    grouped.append(contentsOf: repeatElement(first, count: pieces.count))
    var fill = rowStarts
    for p in pieces {
      grouped[fill[Int(p.row)]] = p
      fill[Int(p.row)] += 1
    }
  }
}
