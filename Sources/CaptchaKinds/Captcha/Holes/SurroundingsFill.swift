import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// What the pixels around a hole look like, carried into it: at each pixel of a region, the
/// average colour and the average local contrast of the picture OUTSIDE the hole, weighted by a
/// blur (a normalised convolution: blur(value × outside) / blur(outside)). Inside the hole it is a
/// smooth continuation of the surroundings and holds nothing of the pixels it replaces.
struct SurroundingsFill {
  let width: Int
  private let channels: [IntPlane]  // colour × outside weight, blurred
  private let contrast: IntPlane  // local contrast (1/16 level) × outside weight, blurred
  private let weight: IntPlane  // outside weight, blurred
  private let contrastWeight: IntPlane  // where the contrast was measured, blurred
  private let fallbackColour: (Double, Double, Double)
  private let fallbackContrast: Double

  /// - Parameters:
  ///   - image: the picture; `region` must lie inside it.
  ///   - hole: coverage of the hole over exactly `region` (255 = fully hole).
  ///   - radius: box radius of the three-pass blur (about a Gaussian of σ ≈ radius).
  init(image: RGBAImage, region: PixelRect, hole: CoverageMask, radius: Int) {
    precondition(hole.rect == region, "hole mask must cover the region")
    width = region.width
    let n = region.width * region.height
    var outside = [Int32](repeating: 0, count: n)
    var colour = [[Int32]](repeating: [Int32](repeating: 0, count: n), count: 3)
    var grey16 = [Int32](repeating: 0, count: n)
    var sums: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
    for y in 0..<region.height {
      for x in 0..<region.width {
        let i = y * region.width + x
        let o = (255 - Int32(hole.data[i])) * Self.weightScale
        let p = ((region.y + y) * image.width + region.x + x) * 4
        let r = Int32(image.pixels[p])
        let g = Int32(image.pixels[p + 1])
        let b = Int32(image.pixels[p + 2])
        outside[i] = o
        colour[0][i] = r * o
        colour[1][i] = g * o
        colour[2][i] = b * o
        grey16[i] = (r * 77 + g * 150 + b * 29) >> 4  // luma in 1/16 level
        sums.0 += Int64(r * o)
        sums.1 += Int64(g * o)
        sums.2 += Int64(b * o)
        sums.3 += Int64(o)
      }
    }
    // Local contrast: standard deviation over 5×5, in 1/16 level.
    let mean = IntPlane(width: region.width, height: region.height, values: grey16)
      .boxBlurred(radius: 2, passes: 1)
    let meanSquare = IntPlane(
      width: region.width, height: region.height, values: grey16.map { ($0 * $0) >> 4 }
    ).boxBlurred(radius: 2, passes: 1)
    // Only windows that lie wholly outside the hole measure the surroundings' contrast.
    let clear = Self.clearOfHole(hole, radius: 2)
    var weightedContrast = [Int32](repeating: 0, count: n)
    var contrastSum: Int64 = 0
    var clearSum: Int64 = 0
    for i in 0..<n where clear[i] {
      let m = Int64(mean.values[i])
      let variance = max(0, Int64(meanSquare.values[i]) * 16 - m * m)
      let sd = Int32(Double(variance).squareRoot().rounded())
      weightedContrast[i] = sd * 255 * Self.weightScale
      contrastSum += Int64(sd)
      clearSum += 1
    }
    let blur = { (values: [Int32]) in
      IntPlane(width: region.width, height: region.height, values: values).boxBlurred(
        radius: radius, passes: 3)
    }
    channels = colour.map(blur)
    contrast = blur(weightedContrast)
    contrastWeight = blur(clear.map { $0 ? 255 * Self.weightScale : 0 })
    weight = blur(outside)
    let total = Double(max(1, sums.3))
    fallbackColour = (Double(sums.0) / total, Double(sums.1) / total, Double(sums.2) / total)
    fallbackContrast = Double(contrastSum) / Double(max(1, clearSum)) / 16
  }

  /// Colour and contrast at fractional region coordinates (pixel centres at whole numbers),
  /// interpolated bilinearly between the four nearest pixels (clamped at the region's border).
  func sample(x: Double, y: Double) -> (colour: (Double, Double, Double), contrast: Double) {
    let height = weight.height
    let cx = max(0, min(Double(width - 1), x))
    let cy = max(0, min(Double(height - 1), y))
    let x0 = Int(cx.rounded(.down))
    let y0 = Int(cy.rounded(.down))
    let x1 = min(width - 1, x0 + 1)
    let y1 = min(height - 1, y0 + 1)
    let fx = cx - Double(x0)
    let fy = cy - Double(y0)
    var colour = (0.0, 0.0, 0.0)
    var contrast = 0.0
    func add(_ i: Int, _ f: Double) {
      let c = self.colour(at: i)
      colour.0 += c.0 * f
      colour.1 += c.1 * f
      colour.2 += c.2 * f
      contrast += self.contrast(at: i) * f
    }
    add(y0 * width + x0, (1 - fx) * (1 - fy))
    add(y0 * width + x1, fx * (1 - fy))
    add(y1 * width + x0, (1 - fx) * fy)
    add(y1 * width + x1, fx * fy)
    return (colour, contrast)
  }

  /// For each pixel: true when no pixel of `hole` within `radius` (a square window) is covered.
  static func clearOfHole(_ hole: CoverageMask, radius: Int) -> [Bool] {
    let w = hole.width
    let h = hole.height
    // Rows first (any covered pixel within radius horizontally), then columns.
    var rows = [Bool](repeating: false, count: w * h)
    for y in 0..<h {
      for x in 0..<w where hole.data[y * w + x] > 0 {
        for k in max(0, x - radius)...min(w - 1, x + radius) { rows[y * w + k] = true }
      }
    }
    var clear = [Bool](repeating: true, count: w * h)
    for y in 0..<h {
      for x in 0..<w where rows[y * w + x] {
        for k in max(0, y - radius)...min(h - 1, y + radius) { clear[k * w + x] = false }
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

  /// The surroundings' colour at region index `i` (0…255 per channel).
  func colour(at i: Int) -> (Double, Double, Double) {
    let k = Self.meanWeight
    let d = Double(weight.values[i]) + k
    return (
      (Double(channels[0].values[i]) + k * fallbackColour.0) / d,
      (Double(channels[1].values[i]) + k * fallbackColour.1) / d,
      (Double(channels[2].values[i]) + k * fallbackColour.2) / d
    )
  }

  /// The surroundings' local contrast (standard deviation over 5×5, in levels) at region index `i`.
  func contrast(at i: Int) -> Double {
    let w = contrastWeight.values[i]
    guard w > 0 else { return fallbackContrast }
    return Double(contrast.values[i]) / Double(w) / 16
  }
}
