import CaptchaImaging
import CaptchaKinds
import CaptchaSupport

/// The upright prior, the cheap attack on rotate captchas that needs no rim at all (issue 31; the
/// attack suite's `upright-prior`): photos the right way up have mostly level and plumb edges
/// (horizons, walls, trunks) and their lighter half on top (sky). For each clockwise turn it scores
/// how level and plumb the piece's gradients would be (the cos 4θ moment of the gradient angles,
/// weighted by squared magnitude) plus how far up its brightness moment would point, each scaled
/// to −1…1 over the turns; the best sum is the guess. On the built-in landscape (a horizon and a
/// sky) it finds the angle most of the time; on photos without a level horizon it rarely does.
public enum UprightPriorAttack {
  public static let name = "upright-prior"
  /// Turns tried (one per degree).
  static let samples = 360
  /// Only pixels within this fraction of the radius count (the anti-aliased rim is left out).
  static let inner = 0.92

  /// The score of each clockwise turn 0…359° (higher: more upright).
  public static func scores(piece: RGBAImage) -> [Double] {
    let grey = GrayPlane(luma: piece)
    let r = Double(piece.width) / 2
    var c4 = 0.0
    var s4 = 0.0
    var energy = 0.0
    var values: [(dx: Double, dy: Double, v: Double)] = []
    for y in 1..<(grey.height - 1) {
      for x in 1..<(grey.width - 1) {
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
        values.append((dx, dy, Double(grey[x, y])))
      }
    }
    let mean = values.reduce(0) { $0 + $1.v } / Double(max(1, values.count))
    var mx = 0.0
    var my = 0.0
    for p in values {
      mx += (p.v - mean) * p.dx
      my += (p.v - mean) * p.dy
    }
    let radians = Double.pi / 180
    let edge = (0..<samples).map { t -> Double in
      let a = 4 * Double(t) * radians
      let (s, c) = (RimMatchAttack.sinApprox(a), RimMatchAttack.cosApprox(a))
      return energy > 0 ? (c4 * c - s4 * s) / energy : 0
    }
    // The brightness moment turned clockwise by t (y down): up is negative y.
    let light = (0..<samples).map { t -> Double in
      let a = Double(t) * radians
      return -(mx * RimMatchAttack.sinApprox(a) + my * RimMatchAttack.cosApprox(a))
    }
    let edgeScale = max(1e-12, edge.map(abs).max() ?? 0)
    let lightScale = max(1e-12, light.map(abs).max() ?? 0)
    return (0..<samples).map { edge[$0] / edgeScale + light[$0] / lightScale }
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
