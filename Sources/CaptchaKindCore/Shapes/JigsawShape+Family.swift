import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// How a jigsaw knob is drawn (a style key's outline family). Every form is a tab that
/// sticks out of (or, as a notch, into) the side, so a piece still reads as a jigsaw piece.
public enum KnobForm: String, CaseIterable, Equatable, Sendable {
  /// The classic oval head on a flared neck (the public look).
  case round
  /// A dovetail: narrow where it leaves the side, wide at its end.
  case dovetail
  /// A block with rounded outer corners.
  case block
  /// An arch: a half-oval bump with no neck.
  case arch
}

extension JigsawShape {
  /// Where the tabs of a shaped side sit (their centre along the side, and their scale) when a side
  /// carries `tabs` of them; `center` is the side's drawn knob centre (≈ 0.5).
  static func tabSlots(tabs: Int, center: Double) -> [(center: Double, scale: Double)] {
    guard tabs > 1 else { return [(center, 1)] }
    let shift = center - 0.5
    return [(0.31 + shift * 0.5, 0.62), (0.69 + shift * 0.5, 0.62)]
  }

  /// A key's body: corners rounded by `cornerRadius`, each shaped side carrying `tabs` knobs of
  /// `form`.
  func familyBody(_ edges: [Edge]) -> Path {
    let corners = Self.corners
    let normals = Self.normals
    let rc = min(max(cornerRadius, 0), 0.2)
    let kappa = Path.quarterArcHandle
    var p = Path()
    p.move(to: corners[0] + (corners[1] - corners[0]) * rc)
    for side in 0..<4 {
      let a = corners[side]
      let along = corners[(side + 1) % 4] - a
      let sign: Double
      let knob: Knob?
      switch edges[side] {
      case .flat: (sign, knob) = (1, nil)
      case .knob(let k): (sign, knob) = (1, k)
      case .notch(let k): (sign, knob) = (-1, k)
      }
      if let k = knob {
        for slot in Self.tabSlots(tabs: tabs, center: k.center) {
          var t = k
          t.center = slot.center
          t.headRadius *= slot.scale
          t.headHalfHeight *= slot.scale
          t.neckHalfWidth *= slot.scale
          t.headHeight *= slot.scale
          Self.appendTab(t, form: form, to: &p) { a + along * $0.x + normals[side] * (sign * $0.y) }
        }
      }
      // The side's end, then the corner's quarter arc onto the next side.
      let b = a + along
      let next = corners[(side + 2) % 4] - b
      p.line(to: b - along * rc)
      if rc > 0 {
        p.cubic(
          to: b + next * rc, control1: b - along * (rc * (1 - kappa)), control2: b + next * (rc * (1 - kappa))
        )
      }
    }
    p.close()
    return p
  }

  /// Appends one tab of `form` in side-local coordinates (u along, v outward) mapped by `map`,
  /// leaving the side before the tab and returning to it after.
  static func appendTab(_ k: Knob, form: KnobForm, to p: inout Path, map: (Point) -> Point) {
    let c = k.center
    let r = k.headRadius
    let d = k.depth
    let kappa = Path.quarterArcHandle
    func q(_ u: Double, _ v: Double) -> Point { map(Point(u, v)) }
    switch form {
    case .round:
      appendKnob(k, to: &p, map: map)
    case .dovetail:
      let n = k.neckHalfWidth
      p.line(to: q(c - n, 0))
      p.line(to: q(c - r * 1.1, d))
      p.line(to: q(c + r * 1.1, d))
      p.line(to: q(c + n, 0))
    case .block:
      let w = r * 0.85
      let round = min(w, d) * 0.35
      p.line(to: q(c - w, 0))
      p.line(to: q(c - w, d - round))
      p.cubic(
        to: q(c - w + round, d), control1: q(c - w, d - round * (1 - kappa)),
        control2: q(c - w + round * (1 - kappa), d))
      p.line(to: q(c + w - round, d))
      p.cubic(
        to: q(c + w, d - round), control1: q(c + w - round * (1 - kappa), d),
        control2: q(c + w, d - round * (1 - kappa)))
      p.line(to: q(c + w, 0))
    case .arch:
      let w = r * 1.25
      p.line(to: q(c - w, 0))
      p.cubic(to: q(c, d), control1: q(c - w, d * kappa), control2: q(c - w * kappa, d))
      p.cubic(to: q(c + w, 0), control1: q(c + w * kappa, d), control2: q(c + w, d * kappa))
    }
  }
}
