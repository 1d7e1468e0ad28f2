import CaptchaImaging
import CaptchaSupport
public import VectorRaster

/// A procedural jigsaw piece: each of the four sides is flat, a knob out or a notch in, with the
/// knob's size and position along the side jittered from the seed. At least one side is never
/// flat, so every piece reads as a jigsaw piece.
///
/// The sides are drawn on a unit body and the whole outline is then fitted to the box (keeping
/// its aspect ratio, centred), so a piece with knobs on only some sides still fills the box.
public struct JigsawShape: PieceShape, Equatable {
  /// How big the knobs' heads are against the standard piece (a style key's knob family; 1 for
  /// the public look).
  public var knobScale: Double = 1
  /// How wide the knobs' necks are against the standard piece (1 for the public look).
  public var neckScale: Double = 1
  /// How a knob is drawn (`.round` for the public look; a style key may draw another form).
  public var form: KnobForm = .round
  /// Knobs per shaped side, 1 or 2 (1 for the public look); two are smaller and sit at about a
  /// third and two thirds of the side.
  public var tabs: Int = 1
  /// Radius of the body's corners against its side (0: square corners, the public look).
  public var cornerRadius: Double = 0

  public init(
    knobScale: Double = 1, neckScale: Double = 1, form: KnobForm = .round, tabs: Int = 1,
    cornerRadius: Double = 0
  ) {
    self.knobScale = knobScale
    self.neckScale = neckScale
    self.form = form
    self.tabs = tabs
    self.cornerRadius = cornerRadius
  }

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

  /// One knob in side-local units (the body side is 1): an oval head, wider than tall, on a
  /// narrower neck that flares where it meets the side.
  public struct Knob: Equatable, Sendable {
    /// Position of the knob's axis along the side, from the side's start (≈ 0.5).
    public var center: Double
    /// Half the head's width.
    public var headRadius: Double
    /// Half the head's height (less than `headRadius`).
    public var headHalfHeight: Double
    /// Half the width of the neck at its narrowest (less than the head radius).
    public var neckHalfWidth: Double
    /// Height of the head's centre above the side.
    public var headHeight: Double

    /// How far the knob reaches from the side.
    public var depth: Double { headHeight + headHalfHeight }
  }

  /// The four sides (top, right, bottom, left) drawn for `seed`: each flat with chance 1/5, else
  /// a knob or a notch with even chances; pieces with fewer than two shaped sides get their
  /// flat sides reshaped until two are, so no piece is all flat (or nearly a plain square).
  public static func edges(seed: UInt64) -> [Edge] {
    var rng = Xoshiro256StarStar(seed: seed, stream: 0x6a69_6773_6177)  // "jigsaw"
    var kinds = (0..<4).map { _ in rng.next(below: 10) }  // 0…1 flat, 2…5 knob, 6…9 notch
    while kinds.filter({ $0 >= 2 }).count < 2 {
      let flats = kinds.indices.filter { kinds[$0] < 2 }
      kinds[flats[Int(rng.next(below: UInt64(flats.count)))]] = 2 + rng.next(below: 8)
    }
    return kinds.map { kind -> Edge in
      let r = rng.nextDouble(in: 0.125, 0.15)
      let ry = r * rng.nextDouble(in: 0.8, 0.9)
      let knob = Knob(
        center: rng.nextDouble(in: 0.45, 0.55),
        headRadius: r,
        headHalfHeight: ry,
        neckHalfWidth: r * rng.nextDouble(in: 0.6, 0.7),
        headHeight: rng.nextDouble(in: 0.25, 0.29) - ry)
      if kind < 2 { return .flat }
      return kind < 6 ? .knob(knob) : .notch(knob)
    }
  }

  public func path(size: Double, seed: UInt64) -> Path {
    let edges = Self.edges(seed: seed).map(scaled)
    let p = isPublicFamily ? Self.publicBody(edges) : familyBody(edges)
    return p.fitted(toBox: size) ?? p
  }

  /// True for the public look's outline family (round knobs, one per side, square corners).
  var isPublicFamily: Bool { form == .round && tabs == 1 && cornerRadius == 0 }

  /// The unit body's corners (top left, clockwise) and its sides' outward normals (top, right,
  /// bottom, left on a y-down screen).
  static let corners = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]
  static let normals = [Point(0, -1), Point(1, 0), Point(0, 1), Point(-1, 0)]

  /// The public look's body: square corners and one round knob per shaped side.
  static func publicBody(_ edges: [Edge]) -> Path {
    var p = Path()
    p.move(to: corners[0])
    for side in 0..<4 {
      let a = corners[side]
      let along = corners[(side + 1) % 4] - a
      switch edges[side] {
      case .flat:
        break
      case .knob(let k):
        Self.appendKnob(k, to: &p) { a + along * $0.x + normals[side] * $0.y }
      case .notch(let k):
        Self.appendKnob(k, to: &p) { a + along * $0.x - normals[side] * $0.y }
      }
      p.line(to: a + along)
    }
    p.close()
    return p
  }

  /// `edge` with the family's knob and neck scales applied (the head's centre stays where it was).
  func scaled(_ edge: Edge) -> Edge {
    guard knobScale != 1 || neckScale != 1 else { return edge }
    func scale(_ k: Knob) -> Knob {
      var out = k
      out.headRadius = k.headRadius * knobScale
      out.headHalfHeight = k.headHalfHeight * knobScale
      out.neckHalfWidth = min(k.neckHalfWidth * knobScale * neckScale, 0.8 * out.headRadius)
      return out
    }
    switch edge {
    case .flat: return .flat
    case .knob(let k): return .knob(scale(k))
    case .notch(let k): return .notch(scale(k))
    }
  }

  /// Appends knob `k` of one side, in side-local (u along, v outward) coordinates mapped by `map`,
  /// from the side (u = c − n − flare) back to it (u = c + n + flare); the caller draws the rest of
  /// the side. The neck leaves the side with a small rounded flare, narrows to
  /// its waist just below the head, and opens into the oval head (quarter-ellipse cubics); the
  /// right half mirrors the left.
  static func appendKnob(_ k: Knob, to p: inout Path, map: (Point) -> Point) {
    let c = k.center
    let r = k.headRadius
    let ry = k.headHalfHeight
    let n = k.neckHalfWidth
    let h = k.headHeight
    let kappa = Path.quarterArcHandle
    let flare = 0.04
    let waist = h - ry * 0.8
    func q(_ u: Double, _ v: Double) -> Point { map(Point(u, v)) }
    p.line(to: q(c - n - flare, 0))
    p.cubic(to: q(c - n, waist), control1: q(c - n - flare * 0.1, 0), control2: q(c - n, waist * 0.35))
    p.cubic(
      to: q(c - r, h), control1: q(c - n, waist + (h - waist) * 0.4), control2: q(c - r, h - ry * kappa))
    p.cubic(to: q(c, h + ry), control1: q(c - r, h + ry * kappa), control2: q(c - r * kappa, h + ry))
    p.cubic(to: q(c + r, h), control1: q(c + r * kappa, h + ry), control2: q(c + r, h + ry * kappa))
    p.cubic(
      to: q(c + n, waist), control1: q(c + r, h - ry * kappa), control2: q(c + n, waist + (h - waist) * 0.4))
    p.cubic(to: q(c + n + flare, 0), control1: q(c + n, waist * 0.35), control2: q(c + n + flare * 0.1, 0))
  }
}
