import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// What the pixels around a hole look like, carried into it: at each pixel of a region, the
/// average colour and the average local contrast of the picture OUTSIDE the hole, weighted by a
/// blur (a normalised convolution: blur(value × outside) / blur(outside)). Inside the hole it is a
/// smooth continuation of the surroundings and holds nothing of the pixels it replaces.
struct SurroundingsFill {
  /// Where a fill is read, in region coordinates: the colour over one rectangle, the contrast over
  /// another. Only what those rectangles depend on is worked out (the blurs' cones), so a hole
  /// that reads its colour over its own box and its contrast at one point costs a fraction of
  /// the whole region's blurs; the values read are the same as with the whole region worked out.
  struct Reads {
    var colour: PixelRect
    var contrast: PixelRect

    /// The cells that bilinear sampling at the points `u` × `v` (region coordinates, clamped to
    /// the region as `sample` clamps them) reads, in a region of `width` × `height`.
    static func cells(u: ClosedRange<Double>, v: ClosedRange<Double>, width: Int, height: Int) -> PixelRect {
      func span(_ r: ClosedRange<Double>, _ limit: Int) -> (Int, Int) {
        let low = Int(max(0, min(Double(limit - 1), r.lowerBound)).rounded(.down))
        let high = min(limit - 1, Int(max(0, min(Double(limit - 1), r.upperBound)).rounded(.down)) + 1)
        return (low, high)
      }
      let (x0, x1) = span(u, width)
      let (y0, y1) = span(v, height)
      return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }
  }

  let width: Int
  let height: Int
  let reads: Reads
  /// Colour × outside weight, blurred, over `reads.colour`.
  private let channels: [IntPlane]
  /// Local contrast (1/16 level) × outside weight, blurred, over `reads.contrast`.
  private let contrast: IntPlane
  /// Outside weight, blurred, over `reads.colour`.
  private let weight: IntPlane
  /// Where the contrast was measured, blurred, over `reads.contrast`.
  private let contrastWeight: IntPlane
  private let fallbackColour: (Double, Double, Double)
  private let fallbackContrast: Double

  /// - Parameters:
  ///   - image: the picture; `region` must lie inside it.
  ///   - hole: coverage of the hole over exactly `region` (255 = fully hole).
  ///   - radius: box radius of the three-pass blur (about a Gaussian of σ ≈ radius).
  ///   - reads: where the fill will be read (nil: anywhere in the region).
  init(image: RGBAImage, region: PixelRect, hole: CoverageMask, radius: Int, reads: Reads? = nil) {
    precondition(hole.rect == region, "hole mask must cover the region")
    width = region.width
    height = region.height
    let whole = PixelRect(x: 0, y: 0, width: region.width, height: region.height)
    let reads = reads ?? Reads(colour: whole, contrast: whole)
    self.reads = reads
    let n = region.width * region.height
    var outside = [Int32](repeating: 0, count: n)
    var red = [Int32](repeating: 0, count: n)
    var green = [Int32](repeating: 0, count: n)
    var blue = [Int32](repeating: 0, count: n)
    var grey16 = [Int32](repeating: 0, count: n)
    var sums: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
    // One pass over the region, through buffer pointers: a nested array written element by element
    // checks its storage's uniqueness at every write.
    image.pixels.withUnsafeBufferPointer { px in
      hole.data.withUnsafeBufferPointer { holeData in
        outside.withUnsafeMutableBufferPointer { outside in
          red.withUnsafeMutableBufferPointer { red in
            green.withUnsafeMutableBufferPointer { green in
              blue.withUnsafeMutableBufferPointer { blue in
                grey16.withUnsafeMutableBufferPointer { grey16 in
                  for y in 0..<region.height {
                    for x in 0..<region.width {
                      let i = y * region.width + x
                      let o = (255 - Int32(holeData[i])) * Self.weightScale
                      let p = ((region.y + y) * image.width + region.x + x) * 4
                      let r = Int32(px[p])
                      let g = Int32(px[p + 1])
                      let b = Int32(px[p + 2])
                      outside[i] = o
                      red[i] = r * o
                      green[i] = g * o
                      blue[i] = b * o
                      grey16[i] = (r * 77 + g * 150 + b * 29) >> 4  // luma in 1/16 level
                      sums.0 += Int64(r * o)
                      sums.1 += Int64(g * o)
                      sums.2 += Int64(b * o)
                      sums.3 += Int64(o)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    let colour = [red, green, blue]
    let blur = { (values: [Int32], keep: PixelRect) in
      IntPlane(width: region.width, height: region.height, values: values).boxBlurred(
        radius: radius, passes: Self.passes, within: keep)
    }
    // The local contrast is needed where the contrast's blurs reach from what is read.
    let cone = Self.widened(reads.contrast, by: Self.passes * radius, within: whole)
    // Only windows that lie wholly outside the hole measure the surroundings' contrast.
    let clearOfHole = Self.clearOfHole(hole, radius: 2)
    let local = LocalContrast(grey16: grey16, clearOfHole: clearOfHole, width: region.width, within: cone)
    channels = colour.map { blur($0, reads.colour) }
    weight = blur(outside, reads.colour)
    contrast = blur(local.weighted, reads.contrast)
    contrastWeight = blur(local.clear.map { $0 ? 255 * Self.weightScale : 0 }, reads.contrast)
    let total = Double(max(1, sums.3))
    fallbackColour = (Double(sums.0) / total, Double(sums.1) / total, Double(sums.2) / total)
    // The mean contrast of every clear pixel of the region, read only where no measured contrast
    // reaches: worked out over the whole region only then.
    if contrastWeight.values.contains(0) {
      fallbackContrast =
        LocalContrast(grey16: grey16, clearOfHole: clearOfHole, width: region.width, within: whole)
        .meanDeviation
    } else {
      fallbackContrast = 0
    }
  }

  /// The blurs' passes (three box passes: about a Gaussian).
  static let passes = 3

  /// `rect` widened by `d` on every side, inside `limit`.
  static func widened(_ rect: PixelRect, by d: Int, within limit: PixelRect) -> PixelRect {
    PixelRect(x: rect.x - d, y: rect.y - d, width: rect.width + 2 * d, height: rect.height + 2 * d)
      .intersection(limit)
  }

  /// The surroundings' local contrast over part of a region: the standard deviation of the luma
  /// over 5×5 windows that lie wholly outside the hole, times the full outside weight.
  struct LocalContrast {
    /// Per region pixel: the deviation (1/16 level) × 255 × `weightScale` where measured, else 0.
    var weighted: [Int32]
    /// Per region pixel: whether its 5×5 window is clear of the hole (false outside `within`).
    var clear: [Bool]
    /// The mean deviation over the clear pixels of `within`, in levels.
    var meanDeviation: Double

    /// - Parameters:
    ///   - clearOfHole: per region pixel, whether its 5×5 window misses the hole (`clearOfHole`).
    init(grey16: [Int32], clearOfHole clearAll: [Bool], width w: Int, within rect: PixelRect) {
      let n = grey16.count
      let h = n / w
      // Standard deviation over 5×5, in 1/16 level.
      let grey = IntPlane(width: w, height: h, values: grey16)
      let squares = IntPlane(width: w, height: h, values: grey16.map { ($0 * $0) >> 4 })
      let mean = grey.boxBlurred(radius: 2, passes: 1, within: rect)
      let meanSquare = squares.boxBlurred(radius: 2, passes: 1, within: rect)
      weighted = [Int32](repeating: 0, count: n)
      clear = [Bool](repeating: false, count: n)
      var sum: Int64 = 0
      var count: Int64 = 0
      for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
          let i = y * w + x
          guard clearAll[i] else { continue }
          let j = (y - rect.y) * rect.width + x - rect.x
          let m = Int64(mean.values[j])
          let variance = max(0, Int64(meanSquare.values[j]) * 16 - m * m)
          let sd = Int32(Double(variance).squareRoot().rounded())
          weighted[i] = sd * 255 * SurroundingsFill.weightScale
          clear[i] = true
          sum += Int64(sd)
          count += 1
        }
      }
      meanDeviation = Double(sum) / Double(max(1, count)) / 16
    }
  }

  /// Colour and contrast at fractional region coordinates (pixel centres at whole numbers),
  /// interpolated bilinearly between the four nearest pixels (clamped at the region's border).
  func sample(x: Double, y: Double) -> (colour: (Double, Double, Double), contrast: Double) {
    (sampleColour(x: x, y: y), sampleContrast(x: x, y: y))
  }

  /// The colour at fractional region coordinates (as `sample`).
  func sampleColour(x: Double, y: Double) -> (Double, Double, Double) {
    var colour = (0.0, 0.0, 0.0)
    bilinear(x: x, y: y) { cx, cy, f in
      let c = self.colour(x: cx, y: cy)
      colour.0 += c.0 * f
      colour.1 += c.1 * f
      colour.2 += c.2 * f
    }
    return colour
  }

  /// The contrast at fractional region coordinates (as `sample`).
  func sampleContrast(x: Double, y: Double) -> Double {
    var contrast = 0.0
    bilinear(x: x, y: y) { cx, cy, f in contrast += self.contrast(x: cx, y: cy) * f }
    return contrast
  }

  /// Calls `add` with the four nearest pixels of (x, y) and their bilinear weights.
  @inline(__always)
  private func bilinear(x: Double, y: Double, _ add: (Int, Int, Double) -> Void) {
    Self.bilinear(x: x, y: y, width: width, height: height, add)
  }

  /// Along one axis of `count` cells: the two cells bilinear sampling at `point` reads (clamped
  /// to the axis) and the fraction of the way from the first to the second.
  @inline(__always)
  static func cells(_ point: Double, count: Int) -> (low: Int, high: Int, fraction: Double) {
    let clamped = max(0, min(Double(count - 1), point))
    let low = Int(clamped.rounded(.down))
    return (low, min(count - 1, low + 1), clamped - Double(low))
  }

  /// Calls `add` with the four nearest pixels of (x, y) in a `width`×`height` grid (clamped to it)
  /// and their bilinear weights.
  @inline(__always)
  static func bilinear(x: Double, y: Double, width: Int, height: Int, _ add: (Int, Int, Double) -> Void) {
    let (x0, x1, fx) = cells(x, count: width)
    let (y0, y1, fy) = cells(y, count: height)
    add(x0, y0, (1 - fx) * (1 - fy))
    add(x1, y0, fx * (1 - fy))
    add(x0, y1, (1 - fx) * fy)
    add(x1, y1, fx * fy)
  }

  /// `colour(x:y:)` worked out once for every pixel of `reads.colour`, for a hole measured on a
  /// coarse grid, which samples each grid pixel for a hundred or more of its own pixels.
  func colourTable() -> ColourTable {
    let r = reads.colour
    var values = [Double](repeating: 0, count: 3 * r.width * r.height)
    for y in 0..<r.height {
      for x in 0..<r.width {
        let c = colour(x: r.x + x, y: r.y + y)
        let i = 3 * (y * r.width + x)
        values[i] = c.0
        values[i + 1] = c.1
        values[i + 2] = c.2
      }
    }
    return ColourTable(width: width, height: height, cells: r, values: values)
  }

  /// The fill's colours over the cells a hole reads (`colourTable()`).
  struct ColourTable {
    let width: Int
    let height: Int
    let cells: PixelRect
    let values: [Double]

    /// `SurroundingsFill.sampleColour(x:y:)`, bit for bit: the same four colours, weights and sums.
    @inline(__always) func sample(x: Double, y: Double) -> (Double, Double, Double) {
      var colour = (0.0, 0.0, 0.0)
      values.withUnsafeBufferPointer { v in
        SurroundingsFill.bilinear(x: x, y: y, width: width, height: height) { cx, cy, f in
          let i = 3 * ((cy - cells.y) * cells.width + cx - cells.x)
          colour.0 += v[i] * f
          colour.1 += v[i + 1] * f
          colour.2 += v[i + 2] * f
        }
      }
      return colour
    }

    /// Where `sample` reads along one axis for each of a run of points: the two cells (relative to
    /// `cells`) and the fraction towards the second (`SurroundingsFill.cells`, as `bilinear`).
    struct Axis {
      var low: [Int] = []
      var high: [Int] = []
      var fraction: [Double] = []
    }

    /// The `Axis` of points along x (`horizontal`) or along y.
    func axis(_ points: [Double], horizontal: Bool) -> Axis {
      let count = horizontal ? width : height
      let origin = horizontal ? cells.x : cells.y
      var axis = Axis()
      for point in points {
        let (low, high, fraction) = SurroundingsFill.cells(point, count: count)
        axis.low.append(low - origin)
        axis.high.append(high - origin)
        axis.fraction.append(fraction)
      }
      return axis
    }

    /// `sample(x: xs' point i, y: ys' point j)`, bit for bit (the same four colours, weights and
    /// sums), without working out either axis again.
    @inline(__always) func sample(_ i: Int, of xs: Axis, _ j: Int, of ys: Axis) -> (Double, Double, Double) {
      let (x0, x1, fx) = (xs.low[i], xs.high[i], xs.fraction[i])
      let (y0, y1, fy) = (ys.low[j], ys.high[j], ys.fraction[j])
      var colour = (0.0, 0.0, 0.0)
      values.withUnsafeBufferPointer { v in
        @inline(__always) func add(_ cx: Int, _ cy: Int, _ f: Double) {
          let k = 3 * (cy * cells.width + cx)
          colour.0 += v[k] * f
          colour.1 += v[k + 1] * f
          colour.2 += v[k + 2] * f
        }
        add(x0, y0, (1 - fx) * (1 - fy))
        add(x1, y0, fx * (1 - fy))
        add(x0, y1, (1 - fx) * fy)
        add(x1, y1, fx * fy)
      }
      return colour
    }
  }

  /// For each pixel: true when no pixel of `hole` within `radius` (a square window) is covered.
  static func clearOfHole(_ hole: CoverageMask, radius: Int) -> [Bool] {
    let w = hole.width
    let h = hole.height
    // Rows first (any covered pixel within radius horizontally), then columns.
    // Through buffer pointers: an array written element by element checks its uniqueness each time.
    var rows = [Bool](repeating: false, count: w * h)
    hole.data.withUnsafeBufferPointer { data in
      rows.withUnsafeMutableBufferPointer { rows in
        for y in 0..<h {
          for x in 0..<w where data[y * w + x] > 0 {
            for k in max(0, x - radius)...min(w - 1, x + radius) { rows[y * w + k] = true }
          }
        }
      }
    }
    var clear = [Bool](repeating: true, count: w * h)
    rows.withUnsafeBufferPointer { rows in
      clear.withUnsafeMutableBufferPointer { clear in
        for y in 0..<h {
          for x in 0..<w where rows[y * w + x] {
            for k in max(0, y - radius)...min(h - 1, y + radius) { clear[k * w + x] = false }
          }
        }
      }
    }
    return clear
  }

  /// Weights are blurred at 16 steps per coverage level (0…4080), so the integer blurs' rounding
  /// stays small against the few units of weight left deep inside a large hole (at 0…255 it biased
  /// the middle of a 24-px hole by 20 levels).
  static let weightScale: Int32 = 16
  /// Weight (blurred outside weight, full = 255 × weightScale) of the surroundings' mean colour added
  /// to every pixel's estimate, so where almost no weight reaches the estimate leans on the mean.
  static let meanWeight = 4.0 * Double(weightScale)

  /// The surroundings' colour at region pixel (x, y) (0…255 per channel); (x, y) must lie in
  /// `reads.colour`.
  func colour(x: Int, y: Int) -> (Double, Double, Double) {
    let i = (y - reads.colour.y) * reads.colour.width + x - reads.colour.x
    let k = Self.meanWeight
    let d = Double(weight.values[i]) + k
    return (
      (Double(channels[0].values[i]) + k * fallbackColour.0) / d,
      (Double(channels[1].values[i]) + k * fallbackColour.1) / d,
      (Double(channels[2].values[i]) + k * fallbackColour.2) / d
    )
  }

  /// The surroundings' local contrast (standard deviation over 5×5, in levels) at region pixel
  /// (x, y), which must lie in `reads.contrast`.
  func contrast(x: Int, y: Int) -> Double {
    let i = (y - reads.contrast.y) * reads.contrast.width + x - reads.contrast.x
    let w = contrastWeight.values[i]
    guard w > 0 else { return fallbackContrast }
    return Double(contrast.values[i]) / Double(w) / 16
  }
}
