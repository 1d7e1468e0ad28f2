import CaptchaImaging

/// A yes/no picture: the silhouettes the pattern self-attack cuts out and matches.
struct BinaryMask: Sendable {
  var width: Int
  var height: Int
  var bits: [Bool]

  init(width: Int, height: Int, bits: [Bool]) {
    self.width = width
    self.height = height
    self.bits = bits
  }

  subscript(x: Int, y: Int) -> Bool { bits[y * width + x] }

  var count: Int { bits.reduce(0) { $0 + ($1 ? 1 : 0) } }

  /// The 8-connected components of the set pixels: a label per pixel (0 = unset) and each
  /// component's pixel indices, in label order.
  func components() -> (labels: [Int], members: [[Int]]) {
    var labels = [Int](repeating: 0, count: bits.count)
    var members: [[Int]] = []
    for start in bits.indices where bits[start] && labels[start] == 0 {
      let label = members.count + 1
      var stack = [start]
      var found: [Int] = []
      labels[start] = label
      while let i = stack.popLast() {
        found.append(i)
        let x = i % width
        let y = i / width
        for dy in -1...1 {
          for dx in -1...1 {
            let nx = x + dx
            let ny = y + dy
            guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
            let j = ny * width + nx
            if bits[j] && labels[j] == 0 {
              labels[j] = label
              stack.append(j)
            }
          }
        }
      }
      members.append(found)
    }
    return (labels, members)
  }

  /// The mask grown (`grow`) or shrunk by one pixel: a pixel is set when any (all) of its 3×3
  /// neighbours are; outside the mask counts as unset.
  func morphed(grow: Bool) -> BinaryMask {
    var out = bits
    for y in 0..<height {
      for x in 0..<width {
        var any = false
        var all = true
        for dy in -1...1 {
          for dx in -1...1 {
            let nx = x + dx
            let ny = y + dy
            let v = nx >= 0 && ny >= 0 && nx < width && ny < height && bits[ny * width + nx]
            any = any || v
            all = all && v
          }
        }
        out[y * width + x] = grow ? any : all
      }
    }
    return BinaryMask(width: width, height: height, bits: out)
  }

  /// The mask with its holes filled: every pixel not reachable from the border through unset
  /// pixels (4-connected).
  func filled() -> BinaryMask {
    var outside = [Bool](repeating: false, count: bits.count)
    var stack: [Int] = []
    for x in 0..<width { stack += [x, (height - 1) * width + x] }
    for y in 0..<height { stack += [y * width, y * width + width - 1] }
    while let i = stack.popLast() {
      guard !outside[i], !bits[i] else { continue }
      outside[i] = true
      let x = i % width
      let y = i / width
      if x > 0 { stack.append(i - 1) }
      if x < width - 1 { stack.append(i + 1) }
      if y > 0 { stack.append(i - width) }
      if y < height - 1 { stack.append(i + width) }
    }
    return BinaryMask(width: width, height: height, bits: outside.map { !$0 })
  }
}

/// The flat-paint cut-out of one grid cell: pixels whose 3×3 neighbourhood spans at most
/// `tolerance` levels in every channel are flat; the flat component of a marker's size nearest
/// the window's centre seeds the cut-out, which then takes every connected pixel within
/// max(2 · tolerance, 1) levels of the seed's median colour. A marker painted in one flat colour
/// comes out whole; one that carries the picture's texture, shading or grain does not.
struct PatternCellCutout {
  /// A marker's area range as a fraction of a cell's area, and how far (in cells) the seed's
  /// centroid may lie from the window's centre.
  static let areaRange = 0.015...0.6
  static let seedReach = 0.35

  /// The window's pixels, RGB, row by row (`side` × `side`).
  var rgb: [UInt8]
  var side: Int

  /// The square window of `board` centred on (`cx`, `cy`) with `half` pixels each way, mirrored
  /// at the board's edges.
  init(board: RGBAImage, cx: Int, cy: Int, half: Int) {
    side = 2 * half + 1
    func reflect(_ i: Int, _ n: Int) -> Int {
      var v = i
      while v < 0 || v >= n { v = v < 0 ? -v - 1 : 2 * n - v - 1 }
      return v
    }
    var out = [UInt8](repeating: 0, count: side * side * 3)
    for y in 0..<side {
      let by = reflect(cy - half + y, board.height)
      for x in 0..<side {
        let o = (by * board.width + reflect(cx - half + x, board.width)) * 4
        for k in 0..<3 { out[(y * side + x) * 3 + k] = board.pixels[o + k] }
      }
    }
    rgb = out
  }

  /// The cut-out, or nil when no flat region of a marker's size lies near the centre.
  func cut(cell: Double, tolerance: Int) -> BinaryMask? {
    let flat = flatPixels(tolerance: tolerance)
    guard let seed = nearestComponent(of: flat, cell: cell) else { return nil }
    let colour = (0..<3).map { k -> Int in
      let values = seed.map { Int(rgb[$0 * 3 + k]) }.sorted()
      return values[values.count / 2]
    }
    let limit = max(2 * tolerance, 1)
    let near = BinaryMask(
      width: side, height: side,
      bits: (0..<(side * side)).map { i in
        (0..<3).allSatisfy { abs(Int(rgb[i * 3 + $0]) - colour[$0]) <= limit }
      })
    let (labels, _) = near.components()
    let keep = Set(seed.map { labels[$0] }.filter { $0 > 0 })
    return BinaryMask(width: side, height: side, bits: labels.map { keep.contains($0) })
  }

  /// Pixels whose 3×3 neighbourhood spans at most `tolerance` levels in every channel.
  func flatPixels(tolerance: Int) -> BinaryMask {
    var bits = [Bool](repeating: false, count: side * side)
    for y in 0..<side {
      for x in 0..<side {
        var flat = true
        for k in 0..<3 where flat {
          var low = 255
          var high = 0
          for dy in -1...1 {
            for dx in -1...1 {
              let v = Int(rgb[(min(side - 1, max(0, y + dy)) * side + min(side - 1, max(0, x + dx))) * 3 + k])
              low = min(low, v)
              high = max(high, v)
            }
          }
          flat = high - low <= tolerance
        }
        bits[y * side + x] = flat
      }
    }
    return BinaryMask(width: side, height: side, bits: bits)
  }

  /// The component of `mask` of a marker's size whose centroid is nearest the window's centre.
  func nearestComponent(of mask: BinaryMask, cell: Double) -> [Int]? {
    let (_, members) = mask.components()
    let centre = Double(side) / 2
    let cellArea = cell * cell
    var best: (pixels: [Int], distance: Double)? = nil
    for pixels in members {
      let area = Double(pixels.count)
      guard area >= Self.areaRange.lowerBound * cellArea, area <= Self.areaRange.upperBound * cellArea else {
        continue
      }
      let mx = pixels.reduce(0.0) { $0 + Double($1 % side) } / area + 0.5
      let my = pixels.reduce(0.0) { $0 + Double($1 / side) } / area + 0.5
      let d = ((mx - centre) * (mx - centre) + (my - centre) * (my - centre)).squareRoot()
      if d <= Self.seedReach * cell, d < (best?.distance ?? .infinity) { best = (pixels, d) }
    }
    return best?.pixels
  }
}
