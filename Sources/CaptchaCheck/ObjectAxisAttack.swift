import CaptchaImaging
import CaptchaKinds

/// The attack written against the rotate kind's built-in object scene (the attack suite's
/// `object-axis`), by someone who has read its source: the objects stand out from a
/// ground of one colour, so it cuts them out by their colour distance from the disc's median
/// colour, takes each object's long axis (second moments of its pixels) and its mass skew along
/// that axis, and scores each clockwise turn by how plumb the axes would stand (weighted by area
/// and elongation) plus, at half weight, how far down the skews would point (trunks and stems
/// under crowns and caps), each scaled to −1…1. On the object scene it is the strongest cheap
/// attack; on photos it has nothing to cut out.
public enum ObjectAxisAttack {
  public static let name = "object-axis"
  /// Only pixels within this fraction of the radius count.
  static let inner = 0.95
  /// Colour distance from the ground's median above which a pixel belongs to an object.
  static let contrast = 40.0
  /// Objects of fewer pixels are left out.
  static let minimumArea = 40
  static let skewWeight = 0.5

  /// The score of each clockwise turn 0…359° (higher: more upright).
  public static func scores(piece: RGBAImage) -> [Double] {
    let mask = objectMask(piece)
    var (c2, s2, sx, sy) = (0.0, 0.0, 0.0, 0.0)
    for object in components(mask, width: piece.width, height: piece.height)
    where object.count >= minimumArea {
      let n = Double(object.count)
      let mx = object.reduce(0.0) { $0 + $1.0 } / n
      let my = object.reduce(0.0) { $0 + $1.1 } / n
      var (xx, yy, xy) = (0.0, 0.0, 0.0)
      for (x, y) in object {
        xx += (x - mx) * (x - mx)
        yy += (y - my) * (y - my)
        xy += (x - mx) * (y - my)
      }
      (xx, yy, xy) = (xx / n, yy / n, xy / n)
      let d = ((xx - yy) * (xx - yy) + 4 * xy * xy).squareRoot()
      guard d > 0, xx + yy > 0 else { continue }
      // The long axis at θ (from +x, y down): cos 2θ and sin 2θ, then θ's own cos and sin.
      let (cos2, sin2) = ((xx - yy) / d, 2 * xy / d)
      let weight = n * d / (xx + yy)
      c2 += weight * cos2
      s2 += weight * sin2
      let cosT = ((1 + cos2) / 2).squareRoot()
      let sinT = (sin2 < 0 ? -1.0 : 1.0) * ((1 - cos2) / 2).squareRoot()
      var (m2, m3) = (0.0, 0.0)
      for (x, y) in object {
        let u = (x - mx) * cosT + (y - my) * sinT
        m2 += u * u
        m3 += u * u * u
      }
      let skew = m2 > 0 ? (m3 / n) / ((m2 / n) * (m2 / n).squareRoot()) : 0
      sx += n * skew * cosT
      sy += n * skew * sinT
    }
    let radians = UprightPriorAttack.radians
    // Turned clockwise by t an axis at θ lies at θ + t; plumb is ±90°, where cos 2(θ + t) = −1.
    let plumb = (0..<UprightPriorAttack.samples).map { t -> Double in
      let a = 2 * Double(t) * radians
      return -(c2 * RimMatchAttack.cosApprox(a) - s2 * RimMatchAttack.sinApprox(a))
    }
    // The skews turned clockwise by t should point down (+y).
    let down = (0..<UprightPriorAttack.samples).map { t -> Double in
      let a = Double(t) * radians
      return sx * RimMatchAttack.sinApprox(a) + sy * RimMatchAttack.cosApprox(a)
    }
    let plumbScale = max(1e-12, plumb.map(abs).max() ?? 0)
    let downScale = max(1e-12, down.map(abs).max() ?? 0)
    return zip(plumb, down).map { $0 / plumbScale + skewWeight * $1 / downScale }
  }

  /// Pixels inside the disc whose colour (smoothed over a 5×5 binomial window) lies more than
  /// `contrast` from the median colour of the disc.
  static func objectMask(_ piece: RGBAImage) -> [Bool] {
    let (w, h) = (piece.width, piece.height)
    let r = Double(w) / 2
    let taps = [1.0, 4, 6, 4, 1]
    var smooth = [Double](repeating: 0, count: w * h * 3)
    for y in 0..<h {
      for x in 0..<w {
        var (acc, total) = ([0.0, 0, 0], 0.0)
        for j in -2...2 where (0..<h).contains(y + j) {
          for i in -2...2 where (0..<w).contains(x + i) {
            let k = taps[i + 2] * taps[j + 2]
            let p = ((y + j) * w + x + i) * 4
            for c in 0..<3 { acc[c] += k * Double(piece.pixels[p + c]) }
            total += k
          }
        }
        for c in 0..<3 { smooth[(y * w + x) * 3 + c] = acc[c] / total }
      }
    }
    let inside = (0..<(w * h)).map { i -> Bool in
      let dx = Double(i % w) + 0.5 - r
      let dy = Double(i / w) + 0.5 - r
      return dx * dx + dy * dy <= (inner * r) * (inner * r)
    }
    let ground = (0..<3).map { c -> Double in
      let values = (0..<(w * h)).filter { inside[$0] }.map { smooth[$0 * 3 + c] }.sorted()
      return values.isEmpty ? 0 : values[values.count / 2]
    }
    return (0..<(w * h)).map { i in
      guard inside[i] else { return false }
      let d2 = (0..<3).reduce(0.0) {
        $0 + (smooth[i * 3 + $1] - ground[$1]) * (smooth[i * 3 + $1] - ground[$1])
      }
      return d2 > contrast * contrast
    }
  }

  /// The 8-connected components of `mask`, each as its pixels' (x, y).
  static func components(_ mask: [Bool], width w: Int, height h: Int) -> [[(Double, Double)]] {
    var seen = [Bool](repeating: false, count: w * h)
    var out: [[(Double, Double)]] = []
    for start in 0..<(w * h) where mask[start] && !seen[start] {
      var stack = [start]
      seen[start] = true
      var pixels: [(Double, Double)] = []
      while let i = stack.popLast() {
        let (x, y) = (i % w, i / w)
        pixels.append((Double(x), Double(y)))
        for j in -1...1 {
          for k in -1...1 where (j, k) != (0, 0) {
            let (nx, ny) = (x + k, y + j)
            guard (0..<w).contains(nx), (0..<h).contains(ny) else { continue }
            let n = ny * w + nx
            if mask[n] && !seen[n] {
              seen[n] = true
              stack.append(n)
            }
          }
        }
      }
      out.append(pixels)
    }
    return out
  }

  /// The attack's verdict on a rotate captcha's piece, judged against its answer (as
  /// `RimMatchAttack.verdict`).
  public static func verdict(piece: RGBAImage, answer: RotateAnswer) -> AttackVerdict {
    RimMatchAttack.verdict(name: name, scores: scores(piece: piece), answer: answer)
  }
}
