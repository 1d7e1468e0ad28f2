import CaptchaImaging
import CaptchaKinds
import CaptchaSupport

/// Rim matching, the classic attack on rotate captchas (what the `tenon` package's
/// `rotate_identify` does): the colours on a thin band just inside the piece's rim, turned by each
/// candidate angle, are correlated with the colours on a band just outside the hole; the best
/// correlation is the guess. It works when the piece's rim continues the picture around it; the
/// backdrop's lack of direction (`RadialBackdrop`) is what leaves it with chance.
public enum RimMatchAttack {
  public static let name = "rim-match"
  /// Angular samples per band (one per degree).
  static let samples = 360
  /// Radii, relative to the rim, averaged into each band.
  static let pieceBand = [2.0, 3.0, 4.0]
  static let holeBand = [2.0, 3.0, 4.0]

  /// Correlation of the two bands for each clockwise turn 0…359° (higher is a better fit).
  /// `holeRadius` is the hole's radius (an attacker who has read our source knows the gap).
  public static func scores(
    piece: RGBAImage, background: RGBAImage, centerX: Int, centerY: Int, holeRadius: Int
  )
    -> [Double]
  {
    let r = Double(piece.width) / 2
    let inner = band(piece, cx: r, cy: r, radii: pieceBand.map { r - $0 })
    let outer = band(
      background, cx: Double(centerX), cy: Double(centerY), radii: holeBand.map { Double(holeRadius) + $0 })
    return (0..<samples).map { turn in
      // A piece sample at angle φ lands at φ + turn once the piece is turned by `turn`.
      var sxy = 0.0
      var sxx = 0.0
      var syy = 0.0
      for phi in 0..<samples {
        let j = (phi + turn) % samples
        for c in 0..<3 {
          let x = inner[c][phi]
          let y = outer[c][j]
          sxy += x * y
          sxx += x * x
          syy += y * y
        }
      }
      return sxx > 0 && syy > 0 ? sxy / (sxx * syy).squareRoot() : 0
    }
  }

  /// Per channel, the zero-mean band of `image` around (cx, cy): for each degree the mean of the
  /// bilinear samples at `radii`.
  static func band(_ image: RGBAImage, cx: Double, cy: Double, radii: [Double]) -> [[Double]] {
    var out = [[Double]](repeating: [Double](repeating: 0, count: samples), count: 3)
    for k in 0..<samples {
      let t = Double(k) * 2 * Double.pi / Double(samples)
      let (s, c) = (sinApprox(t), cosApprox(t))
      for rad in radii {
        let rgb = bilinear(image, cx + rad * c - 0.5, cy + rad * s - 0.5)
        for ch in 0..<3 { out[ch][k] += rgb[ch] / Double(radii.count) }
      }
    }
    return out.map { v in
      let m = v.reduce(0, +) / Double(v.count)
      return v.map { $0 - m }
    }
  }

  /// sin and cos for the sampling positions (a score, not output pixels: platform bits do not matter).
  @inline(__always) static func sinApprox(_ t: Double) -> Double { _sin(t) }
  @inline(__always) static func cosApprox(_ t: Double) -> Double { _sin(t + Double.pi / 2) }

  private static func _sin(_ x: Double) -> Double {
    // Reduce to [−π, π], then a Taylor series (enough for sampling positions).
    var t = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if t > Double.pi { t -= 2 * Double.pi }
    if t < -Double.pi { t += 2 * Double.pi }
    var term = t
    var sum = t
    for n in 1...10 {
      term *= -t * t / Double((2 * n) * (2 * n + 1))
      sum += term
    }
    return sum
  }

  /// RGB at (x, y) in index space (pixel centres at integers), clamped at the borders.
  static func bilinear(_ img: RGBAImage, _ x: Double, _ y: Double) -> [Double] {
    let x0 = Int(x.rounded(.down))
    let y0 = Int(y.rounded(.down))
    let fx = x - Double(x0)
    let fy = y - Double(y0)
    func px(_ i: Int, _ j: Int, _ c: Int) -> Double {
      let ci = min(max(i, 0), img.width - 1)
      let cj = min(max(j, 0), img.height - 1)
      return Double(img.pixels[(cj * img.width + ci) * 4 + c])
    }
    return (0..<3).map { c in
      (px(x0, y0, c) * (1 - fx) + px(x0 + 1, y0, c) * fx) * (1 - fy)
        + (px(x0, y0 + 1, c) * (1 - fx) + px(x0 + 1, y0 + 1, c) * fx) * fy
    }
  }

  /// The rotate attacks on a captcha's files, judged against its answer: rim matching, the
  /// upright prior (`UprightPriorAttack`) and its half-means variant (`UprightHalvesAttack`), which
  /// need no rim and are the stronger on photos, and the object axes (`ObjectAxisAttack`), the
  /// strongest on the built-in object scene.
  public static func run(files: CaptchaFiles, answer: RotateAnswer) throws -> SelfAttackReport {
    func decoded(_ name: String) throws -> RGBAImage {
      guard let bytes = files.bytes(named: name) else {
        throw CaptchaError(.badData, "check: the captcha has no \(name)")
      }
      return try ImageCodec.decode(bytes, name: name)
    }
    let piece = try decoded(answer.piece.file)
    let background = try decoded(answer.background.file)
    let geometry = try DiscGeometry.fitting(
      width: background.width, height: background.height, diameter: piece.width,
      gapFraction: RotateOptions.defaultGapFraction, name: answer.background.file)
    let s = scores(
      piece: piece, background: background, centerX: answer.center.x, centerY: answer.center.y,
      holeRadius: geometry.holeRadius)
    return SelfAttackReport(verdicts: [
      verdict(name: name, scores: s, answer: answer),
      UprightPriorAttack.verdict(piece: piece, answer: answer),
      UprightHalvesAttack.verdict(piece: piece, answer: answer),
      ObjectAxisAttack.verdict(piece: piece, answer: answer),
    ])
  }

  /// A rotate attack's verdict from its score per turn: the best-scoring turn, where the true
  /// angle ranks among the 360 candidates, and whether `verify` accepts the guess.
  static func verdict(name: String, scores s: [Double], answer: RotateAnswer) -> AttackVerdict {
    let guess = s.indices.max { s[$0] < s[$1] } ?? 0
    let inside = s.indices.filter { RotateVerifier.verify(answer: answer, angle: Double($0)) }
    let bestInside = inside.map { s[$0] }.max() ?? -Double.infinity
    let rank = 1 + s.indices.filter { !inside.contains($0) && s[$0] > bestInside }.count
    return AttackVerdict(
      attack: name, guess: nil, rank: rank, candidates: s.count,
      cracked: RotateVerifier.verify(answer: answer, angle: Double(guess)), angle: Double(guess))
  }
}
