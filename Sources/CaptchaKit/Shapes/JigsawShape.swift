/// A procedural jigsaw piece: each of the four sides is flat, a knob out or a notch in, with the
/// knob's size and position along the side jittered from the seed. At least one side is never
/// flat, so every piece reads as a jigsaw piece.
///
/// The sides are drawn on a unit body and the whole outline is then fitted to the box (keeping
/// its aspect ratio, centred), so a piece with knobs on only some sides still fills the box.
public struct JigsawShape: PieceShape, Equatable {
  public init() {}

  public var name: String { "jigsaw" }
  public var fillRule: FillRule { .nonzero }

  /// What one side of the body carries.
  public enum Edge: Equatable, Sendable {
    case flat
    /// A knob sticking out.
    case knob(Knob)
    /// A notch cut in (a knob turned inwards).
    case notch(Knob)
  }

  /// One knob in side-local units (the body side is 1): a round head on a narrower neck.
  public struct Knob: Equatable, Sendable {
    /// Position of the knob's axis along the side, from the side's start (≈ 0.5).
    public var center: Double
    /// Radius of the round head.
    public var headRadius: Double
    /// Half the width of the neck where it meets the side (less than the head radius).
    public var neckHalfWidth: Double
    /// Height of the head's centre above the side.
    public var headHeight: Double

    /// How far the knob reaches from the side.
    public var depth: Double { headHeight + headRadius }
  }

  /// The four sides (top, right, bottom, left) drawn for `seed`.
  public static func edges(seed: UInt64) -> [Edge] {
    var rng = Xoshiro256StarStar(seed: seed, stream: 0x6a69_6773_6177)  // "jigsaw"
    var kinds = (0..<4).map { _ in rng.next(below: 10) }  // 0…1 flat, 2…5 knob, 6…9 notch
    if kinds.allSatisfy({ $0 < 2 }) {
      kinds[Int(rng.next(below: 4))] = 2 + rng.next(below: 8)
    }
    return kinds.map { kind -> Edge in
      let knob = Knob(
        center: rng.nextDouble(in: 0.44, 0.56),
        headRadius: rng.nextDouble(in: 0.1, 0.125),
        neckHalfWidth: rng.nextDouble(in: 0.055, 0.075),
        headHeight: rng.nextDouble(in: 0.15, 0.18))
      if kind < 2 { return .flat }
      return kind < 6 ? .knob(knob) : .notch(knob)
    }
  }

  public func path(size: Double, seed: UInt64) -> Path {
    let edges = Self.edges(seed: seed)
    let corners = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]
    // Outward normals of top, right, bottom, left (clockwise on a y-down screen).
    let normals = [Point(0, -1), Point(1, 0), Point(0, 1), Point(-1, 0)]
    var p = Path()
    p.move(to: corners[0])
    for side in 0..<4 {
      let a = corners[side]
      let along = corners[(side + 1) % 4] - a
      switch edges[side] {
      case .flat:
        p.line(to: a + along)
      case .knob(let k):
        Self.appendKnob(k, to: &p) { a + along * $0.x + normals[side] * $0.y }
      case .notch(let k):
        Self.appendKnob(k, to: &p) { a + along * $0.x - normals[side] * $0.y }
      }
    }
    p.close()
    return p.fitted(toBox: size) ?? p
  }

  /// Appends one side carrying knob `k`, in side-local (u along, v outward) coordinates mapped by
  /// `map`, from u = 0 to u = 1. The neck leaves the side with a small flare, pinches in, and
  /// opens into a round head made of two quarter-circle cubics either side of the top.
  static func appendKnob(_ k: Knob, to p: inout Path, map: (Point) -> Point) {
    let c = k.center
    let r = k.headRadius
    let n = k.neckHalfWidth
    let h = k.headHeight
    let kappa = 0.552_284_749_830_793_4
    let flare = 0.035
    func q(_ u: Double, _ v: Double) -> Point { map(Point(u, v)) }
    p.line(to: q(c - n - flare, 0))
    // Neck, left: leave the side horizontally, pinch to the neck, reach the head's left side.
    p.cubic(to: q(c - r, h), control1: q(c - n + 0.01, 0), control2: q(c - r, h - r * 0.9))
    // Head: left → top → right.
    p.cubic(to: q(c, h + r), control1: q(c - r, h + r * kappa), control2: q(c - r * kappa, h + r))
    p.cubic(to: q(c + r, h), control1: q(c + r * kappa, h + r), control2: q(c + r, h + r * kappa))
    // Neck, right, mirrored.
    p.cubic(to: q(c + n + flare, 0), control1: q(c + r, h - r * 0.9), control2: q(c + n - 0.01, 0))
    p.line(to: q(1, 0))
  }
}
