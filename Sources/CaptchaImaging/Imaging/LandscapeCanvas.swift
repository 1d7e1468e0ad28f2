/// A band of rows of a floating-point RGB canvas (Float planes). Drawing calls take whole-image
/// coordinates and touch only the band's rows, so replaying the same calls band by band gives the
/// same pixels as drawing the whole image at once.
struct Canvas {
  let width: Int
  /// The image rows this band holds.
  let rows: Range<Int>
  var r: [Float]
  var g: [Float]
  var b: [Float]

  init(width: Int, rows: Range<Int>) {
    self.width = width
    self.rows = rows
    r = [Float](repeating: 0, count: width * rows.count)
    g = r
    b = r
  }

  /// The plane index of image pixel (x, y), y inside `rows`.
  @inline(__always) func index(_ x: Int, _ y: Int) -> Int { (y - rows.lowerBound) * width + x }

  mutating func blend(_ i: Int, _ c: RGB, _ a: Double) {
    let af = Float(a)
    r[i] += (Float(c.r) - r[i]) * af
    g[i] += (Float(c.g) - g[i]) * af
    b[i] += (Float(c.b) - b[i]) * af
  }

  mutating func fillRows(_ color: (Int) -> RGB) {
    for y in rows {
      let c = color(y)
      for x in 0..<width {
        let i = index(x, y)
        r[i] = Float(c.r)
        g[i] = Float(c.g)
        b[i] = Float(c.b)
      }
    }
  }

  /// The pixel range (inside this band) a shape centred at (cx, cy) with half-extents (rx, ry)
  /// can touch.
  func span(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> (Int, Int, Int, Int) {
    let x0 = max(0, Int((cx - rx).rounded(.down)))
    let x1 = min(width - 1, Int((cx + rx).rounded(.up)))
    let y0 = max(rows.lowerBound, Int((cy - ry).rounded(.down)))
    let y1 = min(rows.upperBound - 1, Int((cy + ry).rounded(.up)))
    return (x0, x1, y0, y1)
  }

  /// A disc of radius `radius` with an edge ramp `soft` pixels wide.
  mutating func disc(
    _ cx: Double, _ cy: Double, _ radius: Double, soft: Double, color: RGB, alpha: Double
  ) {
    ellipse(cx, cy, radius, radius, soft: soft, color: color, alpha: alpha)
  }

  /// An axis-aligned ellipse whose edge fades over about `soft` pixels.
  mutating func ellipse(
    _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, soft: Double, color: RGB,
    alpha: Double
  ) {
    guard rx > 0, ry > 0 else { return }
    let (x0, x1, y0, y1) = span(cx, cy, rx + soft, ry + soft)
    guard x0 <= x1, y0 <= y1 else { return }
    let scale = min(rx, ry)
    for y in y0...y1 {
      for x in x0...x1 {
        let dx = (Double(x) + 0.5 - cx) / rx
        let dy = (Double(y) + 0.5 - cy) / ry
        let d = (dx * dx + dy * dy).squareRoot()  // 1 on the edge
        let edge = (1 - d) * scale / max(soft, 0.5) + 0.5
        let a = alpha * smoothstep(0, 1, edge)
        if a > 0 { blend(index(x, y), color, a) }
      }
    }
  }

  /// A radial glow falling off as 1 / (1 + 4 (d/r)²)² (blended towards `color`).
  mutating func glow(_ cx: Double, _ cy: Double, radius: Double, color: RGB, strength: Double) {
    for y in rows {
      for x in 0..<width {
        let dx = (Double(x) + 0.5 - cx) / radius
        let dy = (Double(y) + 0.5 - cy) / radius
        let q = 1 / (1 + 4 * (dx * dx + dy * dy))
        blend(index(x, y), color, strength * q * q)
      }
    }
  }

  /// Fills every column below `ridge[x]` (anti-aliased at the ridge); `color(depth)` gives the
  /// colour at `depth` pixels below the ridge.
  mutating func fillBelow(_ ridge: [Double], color: (Double) -> RGB) {
    for x in 0..<width {
      let top = ridge[x]
      let y0 = max(rows.lowerBound, Int(top.rounded(.down)))
      guard y0 < rows.upperBound else { continue }
      for y in y0..<rows.upperBound {
        let cover = min(1, max(0, Double(y + 1) - top))
        if cover > 0 { blend(index(x, y), color(Double(y) + 0.5 - top), cover) }
      }
    }
  }

  /// Multiplies every pixel by `factor(x, y)`.
  mutating func modulate(_ factor: (Int, Int) -> Double) {
    for y in rows {
      for x in 0..<width {
        let i = index(x, y)
        let f = Float(factor(x, y))
        r[i] *= f
        g[i] *= f
        b[i] *= f
      }
    }
  }

  /// Writes this band's rows into `image` as opaque 8-bit RGBA.
  func write(into image: inout RGBAImage) {
    image.pixels.withUnsafeMutableBufferPointer { px in
      for y in rows {
        for x in 0..<width {
          let i = index(x, y)
          let o = (y * width + x) * 4
          px[o] = Self.byte(r[i])
          px[o + 1] = Self.byte(g[i])
          px[o + 2] = Self.byte(b[i])
        }
      }
    }
  }

  /// A channel value 0…1 as 0…255, rounded and clamped.
  @inline(__always) static func byte(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
}
