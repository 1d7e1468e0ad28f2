/// Which cells of a mask need exact resolution: per row, none, some (a bitmap of cells) or all.
///
/// Where edges cross, the `CrossingDetector` knows the cells two chains may share (the overlap of
/// their spans in a row), so it flags those cells; the rest of the row keeps the accumulated area,
/// which is exact where one chain passes. Where it only knows the rows (two following chains
/// that cross somewhere in a run of rows), it flags whole rows. The bitmaps live in the detector's
/// scratch; a row's words are cleared when its first cell is flagged, so a fill clears only the
/// rows it flags.
struct FlaggedCells {
  /// A row's state: no cell flagged, some cells (in the row's bitmap), every cell.
  static let none: UInt8 = 0
  static let someCells: UInt8 = 1
  static let wholeRow: UInt8 = 2

  private var states = ScratchBuffer<UInt8>()
  private var bits = ScratchBuffer<UInt64>()
  private(set) var width = 0
  private(set) var height = 0
  private(set) var wordsPerRow = 0
  private(set) var any = false

  /// Starts a `width` × `height` mask with nothing flagged.
  mutating func reset(width: Int, height: Int) {
    self.width = width
    self.height = height
    wordsPerRow = (width + 63) >> 6
    states.reserve(height).update(repeating: Self.none, count: height)
    _ = bits.reserve(height * wordsPerRow)
    any = false
  }

  /// Frees the buffers (the owning scratch's deinit calls this).
  mutating func release() {
    states.release()
    bits.release()
  }

  /// Flags every cell of `row`.
  @inline(__always)
  mutating func flag(_ row: Int) {
    states.base![row] = Self.wholeRow
    any = true
  }

  /// Flags cells lo...hi of `row` (clamped to the mask; nothing when empty).
  mutating func flag(_ row: Int, cells lo: Int, _ hi: Int) {
    let lo = Swift.max(lo, 0)
    let hi = Swift.min(hi, width - 1)
    if lo > hi { return }
    let state = states.base! + row
    if state.pointee == Self.wholeRow { return }
    let words = bits.base! + row * wordsPerRow
    if state.pointee == Self.none {
      words.update(repeating: 0, count: wordsPerRow)
      state.pointee = Self.someCells
    }
    CellBand.setBits(words, lo, hi)
    any = true
  }

  /// The state of `row` (`none`, `someCells` or `wholeRow`).
  @inline(__always)
  func state(_ row: Int) -> UInt8 { states.base![row] }

  /// The bitmap of `row`'s flagged cells (meaningful when its state is `someCells`).
  @inline(__always)
  func cells(_ row: Int) -> UnsafePointer<UInt64> {
    UnsafePointer(bits.base! + row * wordsPerRow)
  }

  /// The last flagged cell of `row` (state `someCells`).
  func lastCell(_ row: Int) -> Int {
    let words = cells(row)
    var w = wordsPerRow - 1
    while w > 0 && words[w] == 0 { w -= 1 }
    return w << 6 + 63 - words[w].leadingZeroBitCount
  }

  /// Every row's state, for the resolver to adjust.
  var rowStates: [UInt8] {
    Array(UnsafeBufferPointer(start: states.base, count: height))
  }
}
