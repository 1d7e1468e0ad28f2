import CaptchaImaging
import CaptchaKinds
import CaptchaSupport

/// The upright prior, the cheap attack on rotate captchas that needs no rim at all (the
/// attack suite's `upright-prior`): photos the right way up have mostly level and plumb edges
/// (horizons, walls, trunks) and their lighter half on top (sky). For each clockwise turn it scores
/// how level and plumb the piece's gradients would be (the cos 4θ moment of the gradient angles,
/// weighted by squared magnitude) plus how far up its brightness moment would point, each scaled
/// to −1…1 over the turns; the best sum is the guess. On the old built-in landscape (a horizon and
/// a sky) it found the angle most of the time; on photos without a level horizon it rarely does.
public enum UprightPriorAttack {
  public static let name = "upright-prior"
  /// Turns tried (one per degree).
  static let samples = 360
  /// Only pixels within this fraction of the radius count (the anti-aliased rim is left out).
  static let inner = 0.92
  static let radians = Double.pi / 180

  /// The disc's pixels as the prior reads them: each pixel within `inner` of the radius, its
  /// offset from the centre and its grey value, and the gradients' cos 4θ and sin 4θ moments.
  struct Disc {
    var pixels: [(dx: Double, dy: Double, v: Double)] = []
    var c4 = 0.0
    var s4 = 0.0
    var energy = 0.0

    init(piece: RGBAImage) {
      let grey = GrayPlane(luma: piece)
      let r = Double(piece.width) / 2
      for y in 1..<max(1, grey.height - 1) {
        for x in 1..<max(1, grey.width - 1) {
          let dx = Double(x) + 0.5 - r
          let dy = Double(y) + 0.5 - r
          guard dx * dx + dy * dy <= (inner * r) * (inner * r) else { continue }
          let (gx, gy) = sobel(grey, x, y)
          let w = gx * gx + gy * gy
          // cos 4θ and sin 4θ of the gradient's angle from its components, without atan2.
          if w > 0 {
            let c2 = (gx * gx - gy * gy) / w
            let s2 = 2 * gx * gy / w
            c4 += w * (c2 * c2 - s2 * s2)
            s4 += w * 2 * s2 * c2
            energy += w
          }
          pixels.append((dx, dy, Double(grey[x, y])))
        }
      }
    }
  }

  /// The score of each clockwise turn 0…359° (higher: more upright).
  public static func scores(piece: RGBAImage) -> [Double] {
    let disc = Disc(piece: piece)
    return sum(edgeScores(disc), lightScores(disc))
  }

  /// How level and plumb the gradients would be after each turn.
  static func edgeScores(_ d: Disc) -> [Double] {
    (0..<samples).map { t -> Double in
      let a = 4 * Double(t) * radians
      let (s, c) = (RimMatchAttack.sinApprox(a), RimMatchAttack.cosApprox(a))
      return d.energy > 0 ? (d.c4 * c - d.s4 * s) / d.energy : 0
    }
  }

  /// How far up the brightness moment would point after each turn (y down: up is negative y).
  static func lightScores(_ d: Disc) -> [Double] {
    let mean = d.pixels.reduce(0) { $0 + $1.v } / Double(max(1, d.pixels.count))
    var mx = 0.0
    var my = 0.0
    for p in d.pixels {
      mx += (p.v - mean) * p.dx
      my += (p.v - mean) * p.dy
    }
    return (0..<samples).map { t -> Double in
      let a = Double(t) * radians
      return -(mx * RimMatchAttack.sinApprox(a) + my * RimMatchAttack.cosApprox(a))
    }
  }

  /// `a` and `b` each scaled to −1…1 over the turns, added.
  static func sum(_ a: [Double], _ b: [Double]) -> [Double] {
    let aScale = max(1e-12, a.map(abs).max() ?? 0)
    let bScale = max(1e-12, b.map(abs).max() ?? 0)
    return zip(a, b).map { $0 / aScale + $1 / bScale }
  }

  /// The 3×3 Sobel gradient of `grey` at (x, y).
  static func sobel(_ g: GrayPlane, _ x: Int, _ y: Int) -> (Double, Double) {
    func v(_ i: Int, _ j: Int) -> Double { Double(g[x + i, y + j]) }
    let gx = (v(1, -1) + 2 * v(1, 0) + v(1, 1)) - (v(-1, -1) + 2 * v(-1, 0) + v(-1, 1))
    let gy = (v(-1, 1) + 2 * v(0, 1) + v(1, 1)) - (v(-1, -1) + 2 * v(0, -1) + v(1, -1))
    return (gx, gy)
  }

  /// The attack's verdict on a rotate captcha's piece, judged against its answer (as
  /// `RimMatchAttack.verdict`).
  public static func verdict(piece: RGBAImage, answer: RotateAnswer) -> AttackVerdict {
    RimMatchAttack.verdict(name: name, scores: scores(piece: piece), answer: answer)
  }
}
