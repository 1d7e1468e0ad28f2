/// Turning accumulated cells into 8-bit coverage: running sums along each row, the fill rule,
/// and constant runs between written cells filled at once.
extension CellBand {
  /// Writes the band's rows into `mask` (row-major, `width` bytes per row, starting at the
  /// mask's row 0) and leaves the band's cells and marks zeroed for the next band or fill.
  func sweep(into mask: UnsafeMutablePointer<UInt8>, evenOdd: Bool) {
    if tracksCells {
      for r in 0..<rows { sweepMarkedRow(r, mask + (top + r) * width, evenOdd) }
      return
    }
    var r = 0
    while r &+ 4 <= rows {
      let out = mask + (top + r) * width
      if evenOdd {
        sweepFourRows(r, out, Self.evenOddByte)
      } else {
        sweepFourRows(r, out, Self.nonzeroByte)
      }
      r &+= 4
    }
    while r < rows {
      sweepWholeRow(r, mask + (top + r) * width, evenOdd)
      r &+= 1
    }
  }

  /// Every cell of four consecutive rows, the rows side by side. A row's running sum is a
  /// chain of dependent additions; four independent chains keep the adder busy while each
  /// waits for its last sum. Each row is still summed left to right, so the bytes are those of
  /// `sweepWholeRow`.
  @inline(__always)
  private func sweepFourRows(
    _ r: Int, _ out: UnsafeMutablePointer<UInt8>, _ byte: (Float) -> UInt8
  ) {
    let l0 = cells + r * stride
    let l1 = l0 + stride
    let l2 = l1 + stride
    let l3 = l2 + stride
    let o1 = out + width
    let o2 = o1 + width
    let o3 = o2 + width
    var a0: Float = 0
    var a1: Float = 0
    var a2: Float = 0
    var a3: Float = 0
    for x in 0..<width {
      a0 += l0[x]
      a1 += l1[x]
      a2 += l2[x]
      a3 += l3[x]
      out[x] = byte(a0)
      o1[x] = byte(a1)
      o2[x] = byte(a2)
      o3[x] = byte(a3)
    }
    l0.update(repeating: 0, count: 4 * stride)
  }

  /// Every cell of the row, in order.
  @inline(__always)
  private func sweepWholeRow(_ r: Int, _ out: UnsafeMutablePointer<UInt8>, _ evenOdd: Bool) {
    let line = cells + r * stride
    var acc: Float = 0
    if evenOdd {
      for x in 0..<width {
        acc += line[x]
        out[x] = Self.evenOddByte(acc)
      }
    } else {
      for x in 0..<width {
        acc += line[x]
        out[x] = Self.nonzeroByte(acc)
      }
    }
    line.update(repeating: 0, count: stride)
  }

  /// Only the marked cells; the runs between them have the constant coverage left by the last
  /// cell and are filled with one memset each.
  @inline(__always)
  private func sweepMarkedRow(_ r: Int, _ out: UnsafeMutablePointer<UInt8>, _ evenOdd: Bool) {
    let line = cells + r * stride
    let words = marks + r * wordsPerRow
    let summaryWords = summary + r * summaryWordsPerRow
    var acc: Float = 0
    var next = 0  // first pixel not yet written
    for s in 0..<summaryWordsPerRow {
      var wordBits = summaryWords[s]
      summaryWords[s] = 0
      while wordBits != 0 {
        let w = (s << 6) + wordBits.trailingZeroBitCount
        wordBits &= wordBits &- 1
        var bits = words[w]
        words[w] = 0
        let base = w << 6
        while bits != 0 {
          let x = base + bits.trailingZeroBitCount
          bits &= bits &- 1
          let delta = line[x]
          line[x] = 0
          if x >= width { continue }
          if x > next { Self.fill(out + next, byte(acc, evenOdd), x - next) }
          acc += delta
          out[x] = byte(acc, evenOdd)
          next = x + 1
        }
      }
    }
    if next < width { Self.fill(out + next, byte(acc, evenOdd), width - next) }
  }

  /// Writes `count` copies of `value`: short runs (most of them, between the cells of one
  /// edge) by a loop, longer ones by memset.
  @inline(__always)
  private static func fill(_ out: UnsafeMutablePointer<UInt8>, _ value: UInt8, _ count: Int) {
    if count <= 8 {
      for k in 0..<count { out[k] = value }
    } else {
      out.update(repeating: value, count: count)
    }
  }

  @inline(__always)
  private func byte(_ acc: Float, _ evenOdd: Bool) -> UInt8 {
    evenOdd ? Self.evenOddByte(acc) : Self.nonzeroByte(acc)
  }

  /// Nonzero rule: coverage min(|winding area|, 1), rounded to the nearest of 0…255.
  @inline(__always)
  static func nonzeroByte(_ acc: Float) -> UInt8 {
    UInt8(Swift.min(abs(acc), 1) * 255 + 0.5)
  }

  /// Even-odd rule: the winding area folded into 0…1 (a = |acc| mod 2; a > 1 → 2 − a).
  @inline(__always)
  static func evenOddByte(_ acc: Float) -> UInt8 {
    var a = abs(acc)
    // a mod 2 by truncation (a ≥ 0; windings stay far below 2³¹), avoiding a libm floor call.
    a -= 2 * Float(Int32(Swift.min(a * 0.5, 1_073_741_824)))
    if a > 1 { a = 2 - a }
    return UInt8(Swift.min(Swift.max(a, 0), 1) * 255 + 0.5)
  }
}
