import CaptchaSupport
import VectorRaster

/// Morphology and blurs on coverage masks, used by piece and hole styles. Integer arithmetic
/// only, so results are identical everywhere. Pixels outside a mask count as 0.
extension CoverageMask {
  /// The same coverage over exactly `rect` (zero where the mask does not reach). A mask already
  /// over `rect` is returned as it is, sharing its bytes (no copy of a piece's box).
  public func cropped(to rect: PixelRect) -> CoverageMask {
    guard rect != self.rect else { return self }
    var out = CoverageMask(zeroOver: rect)
    let common = self.rect.intersection(rect)
    guard !common.isEmpty else { return out }
    for y in common.y..<common.maxY {
      let src = (y - originY) * width + (common.x - originX)
      let dst = (y - rect.y) * rect.width + (common.x - rect.x)
      out.data.replaceSubrange(dst..<dst + common.width, with: data[src..<src + common.width])
    }
    return out
  }

  /// Grey-scale erosion by a disc: each pixel becomes the minimum over the pixels within
  /// `radius` (Euclidean, on pixel centres). Anti-aliased edges move inward and stay soft.
  ///
  /// The disc is taken row by row: for each row offset dy, a horizontal minimum of half-width
  /// hw(dy) = the largest dx with dx² + dy² ≤ radius², computed once per distinct hw. A tall mask
  /// is eroded in bands of `erosionBandRows` rows, the horizontal minima held only for a band's
  /// rows and the radius above and below (about 1 MB for a 12 MP picture's piece instead of one
  /// plane of the box per distinct hw).
  public func eroded(radius: Double) -> CoverageMask {
    eroded(radius: radius, bandRows: Self.erosionBandRows)
  }

  /// Rows of a mask eroded at once (`eroded(radius:)`).
  static let erosionBandRows = 256

  /// `eroded(radius:)` in bands of `bandRows` rows (tests compare bands against one band).
  func eroded(radius: Double, bandRows: Int) -> CoverageMask {
    guard radius >= 1, width > 0, height > 0 else { return self }
    let r = Int(radius.rounded(.down))
    let halfWidths = (-r...r).map { dy -> Int in
      var hw = 0
      while Double((hw + 1) * (hw + 1) + dy * dy) <= radius * radius { hw += 1 }
      return hw
    }
    let distinct = Set(halfWidths).sorted()
    var result = self
    for top in stride(from: 0, to: height, by: max(1, bandRows)) {
      let rows = top..<min(height, top + max(1, bandRows))
      // A row of the band reads the minima of the rows up to `r` away.
      let grown = max(0, top - r)..<min(height, rows.upperBound + r)
      var rowMins: [Int: [UInt8]] = [:]
      for hw in distinct { rowMins[hw] = horizontalMinima(halfWidth: hw, rows: grown) }
      result.data.withUnsafeMutableBufferPointer { dst in
        for (i, dy) in (-r...r).enumerated() {
          rowMins[halfWidths[i]]!.withUnsafeBufferPointer { m in
            for y in rows {
              let sy = y + dy
              let row = y * width
              if sy < 0 || sy >= height {
                for x in 0..<width { dst[row + x] = 0 }
                continue
              }
              let srow = (sy - grown.lowerBound) * width
              for x in 0..<width where m[srow + x] < dst[row + x] { dst[row + x] = m[srow + x] }
            }
          }
        }
      }
    }
    return result
  }

  /// Each pixel of `rows` replaced by the minimum over the `halfWidth` pixels left and right of it
  /// on its row (0 where that reaches past the mask's edge), the rows' values only.
  private func horizontalMinima(halfWidth hw: Int, rows: Range<Int>) -> [UInt8] {
    let w = width
    var out = [UInt8](repeating: 0, count: w * rows.count)
    data.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        for y in rows {
          let row = y * w
          let outRow = (y - rows.lowerBound) * w
          for x in 0..<w {
            var v = src[row + x]
            if v == 0 { continue }
            if x < hw || x + hw >= w {
              v = 0
            } else {
              var k = x - hw
              while k <= x + hw {
                let s = src[row + k]
                if s < v { v = s }
                k += 1
              }
            }
            dst[outRow + x] = v
          }
        }
      }
    }
    return out
  }

  /// A box blur of radius `radius` (a (2r+1)² average, rounded after each 1-D pass), applied
  /// `passes` times (two or three passes approximate a Gaussian). The result covers the same rect;
  /// pixels outside count as 0. Sliding-window sums make it O(1) per pixel whatever the radius.
  ///
  /// A tall mask is blurred in bands of rows (`blurBandRows`, at least twice the blur's reach), each
  /// on a 32-bit plane of its own rows and the reach above and below: the values are the whole
  /// plane's, and beside a 12 MP picture's hole the blur holds about 1 MB instead of 4 bytes a pixel.
  public func blurred(radius: Int, passes: Int = 2) -> CoverageMask {
    blurred(radius: radius, passes: passes, bandRows: Self.blurBandRows)
  }

  /// Rows of a mask blurred at once, at the least (`blurred(radius:passes:)`).
  static let blurBandRows = 256

  /// `blurred(radius:passes:)` in bands of at least `bandRows` rows (tests compare bands against
  /// one plane over the whole mask).
  func blurred(radius: Int, passes: Int, bandRows: Int) -> CoverageMask {
    guard radius > 0, passes > 0, width > 0, height > 0 else { return self }
    let reach = radius * passes
    let band = max(bandRows, 2 * reach)
    var out = CoverageMask(zeroOver: rect)
    for top in stride(from: 0, to: height, by: band) {
      // The band's rows and, where the mask has them, `reach` rows above and below: a blurred row
      // reads no row farther away, so the band's values are those of one plane over the mask.
      let rows = top..<min(height, top + band)
      let grown = max(0, top - reach)..<min(height, rows.upperBound + reach)
      var plane = IntPlane(
        width: width, height: grown.count,
        values: data[grown.lowerBound * width..<grown.upperBound * width].map { Int32($0) })
      let keep = PixelRect(x: 0, y: rows.lowerBound - grown.lowerBound, width: width, height: rows.count)
      plane.blur(radius: radius, passes: passes, within: keep)
      let first = keep.y * width
      out.data.replaceSubrange(
        rows.lowerBound * width..<rows.upperBound * width,
        with: plane.values[first..<first + rows.count * width].lazy.map { UInt8(min(255, $0)) })
    }
    return out
  }

  /// The mask moved by (dx, dy) pixels, re-cropped to its own rect.
  public func shifted(dx: Int, dy: Int) -> CoverageMask {
    var moved = self
    moved.originX += dx
    moved.originY += dy
    return moved.cropped(to: rect)
  }
}
