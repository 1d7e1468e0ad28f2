/// Exact-area cell accumulation for a band of mask rows (the accumulator of font-rs, a dense
/// variant of the FreeType/AGG cell method).
///
/// For each row of the band, cell `x` holds the change in signed coverage between pixel x−1 and
/// pixel x, so a pixel's coverage is the running sum of its row's cells up to and including its
/// own. Drawing an edge adds, in every row it crosses, the exact area to the right of the edge
/// within that row: cells the edge passes through get their partial areas, and the cell just
/// past it gets the rest of the row's winding change.
///
/// When `tracksCells` is on, a bitmap per row records which cells were written, so the sweep can
/// visit only those and fill the runs between them at once (large, sparse masks). Otherwise the
/// sweep runs over every cell (small or densely crossed masks).
final class CellBand {
  /// Mask width in pixels.
  let width: Int
  /// Cells per row: the mask width plus two, for the carries of edges on the right border.
  let stride: Int
  let wordsPerRow: Int
  /// Rows the band holds.
  let capacity: Int
  let tracksCells: Bool
  let cells: UnsafeMutablePointer<Float>
  let marks: UnsafeMutablePointer<UInt64>
  /// The mask row of the band's first row, and how many rows are in use.
  var top = 0
  var rows = 0

  init(width: Int, rows capacity: Int, tracksCells: Bool) {
    self.width = width
    self.stride = width + 2
    self.wordsPerRow = (stride + 63) >> 6
    self.capacity = capacity
    self.tracksCells = tracksCells
    cells = .allocate(capacity: stride * capacity)
    cells.initialize(repeating: 0, count: stride * capacity)
    let markWords = tracksCells ? wordsPerRow * capacity : 1
    marks = .allocate(capacity: markWords)
    marks.initialize(repeating: 0, count: markWords)
  }

  deinit {
    cells.deallocate()
    marks.deallocate()
  }

  /// Adds the part of `e` inside rows top..<top+rows.
  @inline(__always)
  func add(_ e: RasterEdge) {
    let bandTop = Double(top)
    let ya = Swift.max(e.y0, bandTop)
    let yb = Swift.min(e.y1, bandTop + Double(rows))
    if !(ya < yb) { return }
    let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
    let maxX = Double(width)
    let firstRow = Int(ya)
    let endRow = Int(yb.rounded(.up))
    var x = Swift.min(Swift.max(e.x0 + (ya - e.y0) * dxdy, 0), maxX)
    var yTop = ya
    for row in firstRow..<endRow {
      let yBottom = Swift.min(Double(row + 1), yb)
      let xNext = Swift.min(Swift.max(e.x0 + (yBottom - e.y0) * dxdy, 0), maxX)
      let d = (yBottom - yTop) * Double(e.winding)
      addRowSpan(row - top, x, xNext, d)
      x = xNext
      yTop = yBottom
    }
  }

  /// Adds a line crossing one row from x `xa` to `xb`, covering `d` (signed) of its height.
  @inline(__always)
  private func addRowSpan(_ r: Int, _ xa: Double, _ xb: Double, _ d: Double) {
    let line = cells + r * stride
    let (x0, x1) = xa < xb ? (xa, xb) : (xb, xa)
    let x0Floor = x0.rounded(.down)
    let x0i = Int(x0Floor)
    let x1Ceil = x1.rounded(.up)
    let x1i = Int(x1Ceil)
    if x1i <= x0i + 1 {
      // Within one cell: the area right of the line is d·(1 − mean x within the cell).
      let xm = 0.5 * (xa + xb) - x0Floor
      line[x0i] += Float(d - d * xm)
      line[x0i + 1] += Float(d * xm)
      if tracksCells { mark(r, x0i, x0i + 1) }
    } else {
      // Across cells: trapezoid areas, with s the change in height per unit of x.
      let s = 1 / (x1 - x0)
      let x0f = x0 - x0Floor
      let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
      let x1f = x1 - x1Ceil + 1
      let am = 0.5 * s * x1f * x1f
      line[x0i] += Float(d * a0)
      if x1i == x0i + 2 {
        line[x0i + 1] += Float(d * (1 - a0 - am))
      } else {
        let a1 = s * (1.5 - x0f)
        line[x0i + 1] += Float(d * (a1 - a0))
        let step = Float(d * s)
        var xi = x0i + 2
        while xi < x1i - 1 {
          line[xi] += step
          xi += 1
        }
        let a2 = a1 + Double(x1i - x0i - 3) * s
        line[x1i - 1] += Float(d * (1 - a2 - am))
      }
      line[x1i] += Float(d * am)
      if tracksCells { mark(r, x0i, x1i) }
    }
  }

  /// Marks cells lo...hi of band row r as written.
  @inline(__always)
  private func mark(_ r: Int, _ lo: Int, _ hi: Int) {
    let words = marks + r * wordsPerRow
    let w0 = lo >> 6
    let w1 = hi >> 6
    let loMask = ~UInt64(0) << UInt64(lo & 63)
    let hiMask = ~UInt64(0) >> UInt64(63 - (hi & 63))
    if w0 == w1 {
      words[w0] |= loMask & hiMask
    } else {
      words[w0] |= loMask
      var w = w0 + 1
      while w < w1 {
        words[w] = ~0
        w += 1
      }
      words[w1] |= hiMask
    }
  }
}
