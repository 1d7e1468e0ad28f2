import CaptchaSupport

/// The rotate kind's built-in picture: upright objects (`ObjectKinds`: fir trees,
/// trees, houses, cars, snowmen, mushrooms) scattered at random, hardly overlapping, over a
/// textured ground of one colour. A person finds "up" from the objects; nothing global says it:
/// no horizon, no sky, no light or colour that changes from top to bottom, every colour drawn at
/// random, so the picture's brightness and colour moments and half means point nowhere in
/// particular, and its diagonal edges (roofs, fir branches, raised arms, windscreens) offset its
/// level and plumb ones (the landscape's sky and horizon said where up is in every disc).
///
/// As `ProceduralBackground`: drawn from the seed alone, with +, −, ×, ÷, sqrt and floor only,
/// so the bytes are the same on every machine.
public enum ObjectScene {
  /// The random stream of the scene ("objs").
  static let stream: UInt64 = 0x6f62_6a73
  /// Placement attempts inside the focus circle, then over the whole picture; an object is kept
  /// when it overlaps none placed before.
  static let attempts = (focus: 200, anywhere: 400)
  /// An object's size unit, as a fraction of the picture's height (its height is about twice it).
  static let sizeRange = (0.11, 0.18)
  /// How much the ground's value noise and the grain over everything vary the brightness.
  static let groundTexture = 0.12
  static let grain = 0.05
  /// Objects keep this many size units (the sum of two objects' units) between their centres.
  static let spacing = 0.8
  /// Least luma difference between an object's colours and the ground's, so each stands out.
  static let minimumContrast = 0.14

  /// The circle the scene is looked at through (the rotate disc): objects are placed inside it
  /// first, so the disc shows whole objects rather than their cut-off edges.
  public struct Focus: Sendable {
    public var x, y, radius: Double
    public init(x: Double, y: Double, radius: Double) {
      self.x = x
      self.y = y
      self.radius = radius
    }
  }

  /// Renders a `width`×`height` opaque scene for `seed`, its first objects inside `focus`.
  public static func make(width: Int, height: Int, seed: UInt64, focus: Focus) -> RGBAImage {
    precondition(width > 0 && height > 0, "background size must be positive")
    var rng = Xoshiro256StarStar(seed: seed, stream: stream)
    let w = Double(width)
    let h = Double(height)
    let groundColor = randomColor(value: (0.31, 0.78), &rng)
    var ops = ground(groundColor, h: h, &rng)
    for spot in placements(w: w, h: h, focus: focus, &rng) {
      ops += object(at: spot, on: groundColor, &rng)
    }
    ops += grainOps(&rng)
    return ProceduralBackground.replay(
      ops, width: width, height: height, bandRows: max(1, 65_536 / max(1, width)))
  }

  /// Where an object stands: its centre and size unit.
  struct Spot {
    var x, y, size: Double
  }

  /// The ground: one random colour with value noise (isotropic, so it has no direction).
  static func ground(_ color: RGB, h: Double, _ rng: inout Xoshiro256StarStar) -> [ProceduralBackground
    .DrawOp]
  {
    let texSeed = rng.next()
    let texScale = 1 / (h * 0.05)
    return [
      { $0.fillRows { _ in color } },
      {
        $0.modulate { x, y in
          1 + 2 * groundTexture
            * (fbm2(Double(x) * texScale, Double(y) * texScale, seed: texSeed, octaves: 2) - 0.5)
        }
      },
    ]
  }

  /// Random spots, first wholly inside `focus`, then over the whole picture, each kept when it
  /// keeps clear of those kept before.
  static func placements(w: Double, h: Double, focus f: Focus, _ rng: inout Xoshiro256StarStar) -> [Spot] {
    var spots: [Spot] = []
    for k in 0..<(attempts.focus + attempts.anywhere) {
      let s = h * rng.nextDouble(in: sizeRange.0, sizeRange.1)
      let spot: Spot
      if k < attempts.focus {
        // A point of the circle that keeps most of the object (about 1 s from its centre) inside.
        let reach = max(0, f.radius - 0.7 * s)
        let (u, v) = (rng.nextDouble(in: -1, 1), rng.nextDouble(in: -1, 1))
        guard u * u + v * v <= 1 else { continue }
        spot = Spot(x: f.x + u * reach, y: f.y + v * reach, size: s)
      } else {
        spot = Spot(x: rng.nextDouble() * w, y: rng.nextDouble() * h, size: s)
      }
      let clear = spots.allSatisfy { o in
        let d = spacing * (o.size + s)
        return (o.x - spot.x) * (o.x - spot.x) + (o.y - spot.y) * (o.y - spot.y) >= d * d
      }
      if clear { spots.append(spot) }
    }
    return spots
  }

  /// One upright object of a random kind (`ObjectKinds`) in three random colours that stand out
  /// from `ground`.
  static func object(at p: Spot, on ground: RGB, _ rng: inout Xoshiro256StarStar) -> [ProceduralBackground
    .DrawOp]
  {
    let kind = ObjectKinds.all[Int(rng.next(below: UInt64(ObjectKinds.all.count)))]
    let parts = kind(contrasting(ground, &rng), contrasting(ground, &rng), contrasting(ground, &rng))
    return parts.map { part in { $0.draw(part, at: p.x, p.y, size: p.size) } }
  }

  /// Per-pixel grain over everything, so no region is one exact colour.
  static func grainOps(_ rng: inout Xoshiro256StarStar) -> [ProceduralBackground.DrawOp] {
    let seed = rng.next()
    return [{ $0.modulate { x, y in 1 + grain * (lattice(x, y, seed) - 0.5) } }]
  }

  /// A random colour whose luma differs from `ground`'s by at least `minimumContrast` (the last
  /// of a few draws when none does).
  static func contrasting(_ ground: RGB, _ rng: inout Xoshiro256StarStar) -> RGB {
    var c = randomColor(value: (0.2, 0.9), &rng)
    for _ in 0..<8 where abs(luma(c) - luma(ground)) < minimumContrast {
      c = randomColor(value: (0.2, 0.9), &rng)
    }
    return c
  }

  static func luma(_ c: RGB) -> Double { 0.299 * c.r + 0.587 * c.g + 0.114 * c.b }

  /// A colour of random hue, saturation 0.24…0.78 and value in `value` (HSV, piecewise linear).
  static func randomColor(value: (Double, Double), _ rng: inout Xoshiro256StarStar) -> RGB {
    let hue = rng.nextDouble() * 6
    let sat = rng.nextDouble(in: 0.24, 0.78)
    let v = rng.nextDouble(in: value.0, value.1)
    let sector = Int(hue)
    let f = hue - Double(sector)
    let (p, q, t) = (v * (1 - sat), v * (1 - sat * f), v * (1 - sat * (1 - f)))
    switch sector {
    case 0: return RGB(v, t, p)
    case 1: return RGB(q, v, p)
    case 2: return RGB(p, v, t)
    case 3: return RGB(p, q, v)
    case 4: return RGB(t, p, v)
    default: return RGB(v, p, q)
    }
  }
}
