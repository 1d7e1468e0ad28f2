import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// The two template-matching scores the self-attacks use, evaluated at the positions of a
/// `SearchSpace` only (a template at (x, y) covers image pixels x…x+w−1, y…y+h−1). They compute
/// what OpenCV's `matchTemplate` computes for `TM_CCORR_NORMED` and masked `TM_CCOEFF_NORMED`.
///
/// Both run as "for each searched row, for each template term, add a shifted image row": only the
/// template's non-zero terms are visited, and the window sums in the denominators come from
/// integral images (prefix sums), so a position costs one multiply-add per non-zero term.
public enum TemplateMatching {
  /// Normalised cross-correlation, Σ T·I / √(Σ T² · Σ I²) over the template's box. A window or
  /// template with no energy scores 0, as OpenCV does.
  public static func correlationNormalized(image: GrayPlane, template: GrayPlane, space: SearchSpace)
    -> ScoreMap
  {
    var terms: [Term] = []
    var templateEnergy = 0.0
    for dy in 0..<template.height {
      for dx in 0..<template.width where template[dx, dy] != 0 {
        let t = Double(template[dx, dy])
        terms.append(Term(dx: dx, dy: dy, weight: t))
        templateEnergy += t * t
      }
    }
    let numerators = correlate(image: image, terms: terms, space: space)
    let energy = IntegralImage(image, squared: true)
    let templateNorm = templateEnergy.squareRoot()
    var scores = [Double](repeating: 0, count: space.count)
    for (i, num) in numerators.enumerated() {
      let x = space.xs.lowerBound + i % space.xs.count
      let y = space.ys.lowerBound + i / space.xs.count
      let window = energy.sum(x: x, y: y, width: template.width, height: template.height)
      let t = max(window, 0).squareRoot() * templateNorm
      // OpenCV's guard against rounding: |num| may exceed t by a hair; far beyond means noise.
      if abs(num) < t {
        scores[i] = num / t
      } else if abs(num) < t * 1.125 {
        scores[i] = num > 0 ? 1 : -1
      } else {
        scores[i] = 0
      }
    }
    return ScoreMap(space: space, scores: scores)
  }

  /// Zero-mean normalised correlation over the pixels where `mask` is true:
  /// Σ (T − T̄)(I − Ī) / √(Σ (T − T̄)² · Σ (I − Ī)²), both means taken over the mask. Brightness and
  /// contrast changes of the image window do not change the score. A flat window (no variance) has
  /// no score (−∞), as OpenCV's NaN there never wins.
  public static func maskedZeroMeanNormalized(
    image: GrayPlane, template: GrayPlane, mask: [Bool], space: SearchSpace
  ) -> ScoreMap {
    precondition(mask.count == template.width * template.height, "mask size")
    let n = Double(mask.filter { $0 }.count)
    guard n > 0 else {
      return ScoreMap(space: space, scores: [Double](repeating: -.infinity, count: space.count))
    }
    var mean = 0.0
    for (i, inside) in mask.enumerated() where inside { mean += Double(template.values[i]) }
    mean /= n
    var terms: [Term] = []
    var templateVariance = 0.0
    for dy in 0..<template.height {
      for dx in 0..<template.width where mask[dy * template.width + dx] {
        let t = Double(template[dx, dy]) - mean
        terms.append(Term(dx: dx, dy: dy, weight: t))
        templateVariance += t * t
      }
    }
    let numerators = correlate(image: image, terms: terms, space: space)
    let runs = MaskRuns(mask: mask, width: template.width)
    let rowSums = RowPrefixSums(image)
    var scores = [Double](repeating: -.infinity, count: space.count)
    for (i, num) in numerators.enumerated() {
      let x = space.xs.lowerBound + i % space.xs.count
      let y = space.ys.lowerBound + i / space.xs.count
      var sum = 0.0
      var sumSquares = 0.0
      for run in runs.runs {
        let s = rowSums.sums(row: y + run.dy, from: x + run.x0, to: x + run.x1)
        sum += s.sum
        sumSquares += s.squares
      }
      let variance = sumSquares - sum * sum / n
      guard variance > 1e-9 * max(sumSquares, 1), templateVariance > 0 else { continue }
      scores[i] = num / (templateVariance * variance).squareRoot()
    }
    return ScoreMap(space: space, scores: scores)
  }

  /// One non-zero template pixel: offset in the template and its weight.
  struct Term {
    var dx: Int
    var dy: Int
    var weight: Double
  }

  /// Σ weight · I(x + dx, y + dy) for every position of `space`, row-major.
  static func correlate(image: GrayPlane, terms: [Term], space: SearchSpace) -> [Double] {
    let nx = space.xs.count
    var out = [Double](repeating: 0, count: space.count)
    let pixels = image.values.map(Double.init)
    pixels.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        for (row, y) in space.ys.enumerated() {
          let acc = dst.baseAddress! + row * nx
          for term in terms {
            let from = src.baseAddress! + (y + term.dy) * image.width + space.xs.lowerBound + term.dx
            let w = term.weight
            for k in 0..<nx { acc[k] += w * from[k] }
          }
        }
      }
    }
    return out
  }
}

/// Summed-area table of a plane's values (or their squares): any rectangle's sum in O(1).
struct IntegralImage {
  let width: Int
  /// (width + 1) × (height + 1), zero first row and column.
  let table: [Double]

  init(_ plane: GrayPlane, squared: Bool) {
    width = plane.width
    var t = [Double](repeating: 0, count: (plane.width + 1) * (plane.height + 1))
    let stride = plane.width + 1
    for y in 0..<plane.height {
      var rowSum = 0.0
      for x in 0..<plane.width {
        let v = Double(plane[x, y])
        rowSum += squared ? v * v : v
        t[(y + 1) * stride + x + 1] = t[y * stride + x + 1] + rowSum
      }
    }
    table = t
  }

  func sum(x: Int, y: Int, width w: Int, height h: Int) -> Double {
    let s = width + 1
    return table[(y + h) * s + x + w] - table[y * s + x + w] - table[(y + h) * s + x] + table[y * s + x]
  }
}

/// Per-row prefix sums of a plane's values and squares: the sum over columns a…b−1 of one row in O(1).
struct RowPrefixSums {
  let stride: Int
  let values: [Double]
  let squares: [Double]

  init(_ plane: GrayPlane) {
    stride = plane.width + 1
    var v = [Double](repeating: 0, count: stride * plane.height)
    var q = v
    for y in 0..<plane.height {
      for x in 0..<plane.width {
        let p = Double(plane[x, y])
        v[y * stride + x + 1] = v[y * stride + x] + p
        q[y * stride + x + 1] = q[y * stride + x] + p * p
      }
    }
    values = v
    squares = q
  }

  func sums(row y: Int, from a: Int, to b: Int) -> (sum: Double, squares: Double) {
    let base = y * stride
    return (values[base + b] - values[base + a], squares[base + b] - squares[base + a])
  }
}

/// A mask as horizontal runs: row `dy`, columns x0…x1−1 all inside.
struct MaskRuns {
  struct Run {
    var dy: Int
    var x0: Int
    var x1: Int
  }
  var runs: [Run] = []

  init(mask: [Bool], width: Int) {
    guard width > 0 else { return }
    for dy in 0..<mask.count / width {
      var x = 0
      while x < width {
        guard mask[dy * width + x] else {
          x += 1
          continue
        }
        let x0 = x
        while x < width && mask[dy * width + x] { x += 1 }
        runs.append(Run(dy: dy, x0: x0, x1: x))
      }
    }
  }
}
