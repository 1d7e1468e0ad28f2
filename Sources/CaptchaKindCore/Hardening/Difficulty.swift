/// Presets over the settings that make a captcha hard for solvers (`--difficulty`); the command
/// line's default is `normal`. Options given explicitly are applied on top of a preset.
///
/// - `classic`: the plain look of the classic generators: a darkened hole with an inner shadow
///   and a thin rim on the piece, no per-captcha variation. Solved by simple scripts nearly every
///   time; kept for comparison and for sites that want it.
/// - `easy`, `normal`, `hard`: the textured hole (`TexturedHole`: the photo's own
///   colour and texture, a recess's light as the cue), decoys exactly on the piece's row, a 4 px
///   opaque rim on the piece, and per-captcha background variation: easy: light variation, 1
///   decoy with other knobs and notches; normal: strong variation without noise, 1 such decoy
///   and a weaker recess light (a second decoy cost people 5 in 30 and bots nothing;
///   the weaker light cost people 2 in 30 and the PyPI solvers 17 to 40 points; docs/security.md);
///   hard: strong variation with noise and 4 twins with the piece's own outline (as many as fit:
///   2 to 4 at 320×160), which only the picture tells apart.
public enum Difficulty: String, CaseIterable, Sendable {
  case classic
  case easy
  case normal
  case hard

  /// The preset's background variation, shared by every kind: none for classic, light for easy,
  /// strong without noise for normal (noise adds nothing against the attack suite once the crop
  /// varies, and it makes PNGs of large pictures bigger and slower to encode), strong for hard.
  public var variation: BackgroundVariation {
    switch self {
    case .classic: return .none
    case .easy: return .light
    case .normal:
      var v = BackgroundVariation.strong
      v.noise = 0
      return v
    case .hard: return .strong
    }
  }
}
