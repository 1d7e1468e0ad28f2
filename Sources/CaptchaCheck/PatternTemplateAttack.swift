import CaptchaImaging
import CaptchaKinds

/// The pattern self-check's entry point, which `PatternKind.selfAttack` calls: it runs the per-cell
/// silhouette attack (`PatternSilhouetteAttack`), the strongest cheap attack measured on pattern
/// boards. The edge-template matching this file used to hold found 22.5% of the boards
/// that per-cell silhouettes solved 97–100% of, and is gone.
public enum PatternTemplateAttack {
  public static func run(board: RGBAImage, hint: RGBAImage, answer: PatternAnswer) -> AttackVerdict {
    PatternSilhouetteAttack.run(board: board, hint: hint, answer: answer)
  }
}
