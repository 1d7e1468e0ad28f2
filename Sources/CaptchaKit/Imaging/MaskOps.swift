/// Morphology and blurs on coverage masks, used by piece and hole styles. Integer arithmetic
/// only, so results are identical everywhere. Pixels outside a mask count as 0.
extension CoverageMask {
  /// The same coverage over exactly `rect` (zero where the mask does not reach).
  public func cropped(to rect: PixelRect) -> CoverageMask {
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
  public func eroded(radius: Double) -> CoverageMask {
    guard radius > 0 else { return self }
    let r = Int(radius.rounded(.down))
    var offsets: [(Int, Int)] = []
    for dy in -r...r {
      for dx in -r...r where Double(dx * dx + dy * dy) <= radius * radius {
        offsets.append((dx, dy))
      }
    }
    var out = self
    for y in 0..<height {
      for x in 0..<width {
        var v = data[y * width + x]
        if v == 0 { continue }
        for (dx, dy) in offsets {
          let sx = x + dx
          let sy = y + dy
          let s: UInt8 = (sx < 0 || sy < 0 || sx >= width || sy >= height) ? 0 : data[sy * width + sx]
          if s < v {
            v = s
            if v == 0 { break }
          }
        }
        out.data[y * width + x] = v
      }
    }
    return out
  }

  /// A box blur of radius `radius` (a (2r+1)² average), applied `passes` times (three passes
  /// approximate a Gaussian). The result covers the same rect; values leaving it are dropped.
  public func blurred(radius: Int, passes: Int = 2) -> CoverageMask {
    guard radius > 0 else { return self }
    var cur = data.map { UInt32($0) }
    var tmp = cur
    let n = UInt32(2 * radius + 1)
    for _ in 0..<passes {
      for y in 0..<height {
        for x in 0..<width {
          var s: UInt32 = 0
          for k in -radius...radius {
            let sx = x + k
            if sx >= 0 && sx < width { s += cur[y * width + sx] }
          }
          tmp[y * width + x] = (s + n / 2) / n
        }
      }
      for y in 0..<height {
        for x in 0..<width {
          var s: UInt32 = 0
          for k in -radius...radius {
            let sy = y + k
            if sy >= 0 && sy < height { s += tmp[sy * width + x] }
          }
          cur[y * width + x] = (s + n / 2) / n
        }
      }
    }
    return CoverageMask(
      originX: originX, originY: originY, width: width, height: height,
      data: cur.map { UInt8(min(255, $0)) })
  }

  /// The mask moved by (dx, dy) pixels, re-cropped to its own rect.
  public func shifted(dx: Int, dy: Int) -> CoverageMask {
    var moved = self
    moved.originX += dx
    moved.originY += dy
    return moved.cropped(to: rect)
  }
}
