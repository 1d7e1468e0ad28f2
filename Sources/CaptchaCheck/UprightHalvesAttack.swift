import CaptchaImaging
import CaptchaKinds

/// The upright prior with half means in place of the brightness moment (the attack suite's
/// `upright-halves`): for each clockwise turn, how level and plumb the piece's gradients
/// would be plus how much lighter the upper half of the turned disc would be than its lower half,
/// each scaled to −1…1 over the turns. Half means see a sky/ground split that the moment weighs
/// less (a bright sky far from a dark ground near the centre): on the test photos it is the
/// strongest cheap rotate attack.
public enum UprightHalvesAttack {
  public static let name = "upright-halves"

  /// The score of each clockwise turn 0…359° (higher: more upright).
  public static func scores(piece: RGBAImage) -> [Double] {
    let disc = UprightPriorAttack.Disc(piece: piece)
    return UprightPriorAttack.sum(UprightPriorAttack.edgeScores(disc), halfScores(disc))
  }

  /// Mean grey of the disc's upper half minus its lower half after each turn (pixels on the
  /// dividing line count in neither).
  static func halfScores(_ d: UprightPriorAttack.Disc) -> [Double] {
    (0..<UprightPriorAttack.samples).map { t -> Double in
      let a = Double(t) * UprightPriorAttack.radians
      let (s, c) = (RimMatchAttack.sinApprox(a), RimMatchAttack.cosApprox(a))
      var (up, nUp, down, nDown) = (0.0, 0.0, 0.0, 0.0)
      for p in d.pixels {
        let turnedY = p.dx * s + p.dy * c
        if turnedY < 0 {
          up += p.v
          nUp += 1
        } else if turnedY > 0 {
          down += p.v
          nDown += 1
        }
      }
      return nUp > 0 && nDown > 0 ? up / nUp - down / nDown : 0
    }
  }

  /// The attack's verdict on a rotate captcha's piece, judged against its answer (as
  /// `RimMatchAttack.verdict`).
  public static func verdict(piece: RGBAImage, answer: RotateAnswer) -> AttackVerdict {
    RimMatchAttack.verdict(name: name, scores: scores(piece: piece), answer: answer)
  }
}
