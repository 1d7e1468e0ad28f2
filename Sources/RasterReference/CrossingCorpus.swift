import CaptchaSupport
import VectorRaster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A crossing-heavy set of polygons, drawn deterministically from a seed: the paths where a
/// rasteriser that folds summed winding areas goes wrong.
///
/// Families (each path is filled under both rules): star polygons {n/k}; figure-eights and
/// roses (every petal through one point); many overlapping subpaths in both orientations;
/// degenerate contours (repeated points, zero-area spikes, edges along pixel borders, the same
/// contour twice); nearly parallel edges crossing at tiny angles; coincident edges (shared and
/// cancelling sides); and dense random walks (many crossings inside one pixel).
public enum CrossingCorpus {
  /// One path of the corpus.
  public struct Entry: Sendable {
    public let label: String
    public let family: String
    public let polygons: FlattenedPath
    public let rule: FillRule
    public let clip: PixelRect
  }

  /// The families, in the order the corpus cycles through them.
  public static let families = [
    "star", "figure-eight", "rose", "overlapping", "degenerate", "nearly-parallel", "coincident",
    "random-walk",
  ]

  /// `count` paths drawn from `seed` (rounded up to whole pairs: each shape under both rules),
  /// on a `size` × `size` clip.
  public static func entries(seed: UInt64, count: Int, size: Int = 48) -> [Entry] {
    var rng = SplitMix64(seed: seed)
    let whole = PixelRect(x: 0, y: 0, width: size, height: size)
    // Every fourth shape is filled through a window that cuts it, so contours leave the mask.
    let window = PixelRect(x: size / 3, y: size / 4, width: size / 3, height: size / 3)
    var out: [Entry] = []
    var k = 0
    while out.count < count {
      let family = families[k % families.count]
      let shape = make(family, &rng, Double(size))
      let clip = k % 4 == 3 ? window : whole
      for rule in [FillRule.nonzero, .evenodd] {
        out.append(
          Entry(
            label: "\(family) #\(k / families.count) \(rule.rawValue)", family: family,
            polygons: shape, rule: rule, clip: clip))
      }
      k += 1
    }
    return out
  }

  static func make(_ family: String, _ rng: inout SplitMix64, _ size: Double) -> FlattenedPath {
    var path = FlattenedPath()
    let c = Point(size * (0.4 + 0.2 * unit(&rng)), size * (0.4 + 0.2 * unit(&rng)))
    // One shape in three is drawn small, so that many of its edges share a few pixels.
    let small = rng.next() % 3 == 0
    let radius = size * (0.25 + 0.2 * unit(&rng)) * (small ? 0.12 : 1)
    let turn = unit(&rng) * 2 * Double.pi
    switch family {
    case "star":
      let n = 5 + Int(rng.next() % 20)
      let step = 2 + Int(rng.next() % UInt64(Swift.max(1, (n - 1) / 2 - 1)))
      add(&path, (0..<n).map { i in polar(c, radius, turn + Double(i * step % n) * 2 * .pi / Double(n)) })
    case "figure-eight":
      let n = 12 + Int(rng.next() % 200)
      let loops = 1 + Int(rng.next() % 3)
      add(
        &path,
        (0..<n).map { i in
          let t = Double(i) * 2 * .pi / Double(n)
          let p = Point(sin(t), sin(Double(loops + 1) * t) * 0.5)
          return rotate(p, turn, radius, c)
        })
    case "rose":
      let n = 24 + Int(rng.next() % 300)
      let petals = Double(2 + Int(rng.next() % 6))
      add(
        &path,
        (0..<n).map { i in
          let t = Double(i) * 2 * .pi / Double(n)
          let r = cos(petals * t)
          return rotate(Point(r * cos(t), r * sin(t)), turn, radius, c)
        })
    case "overlapping":
      for _ in 0..<(3 + Int(rng.next() % 30)) {
        let m = 3 + Int(rng.next() % 5)
        let spread = small ? 0.1 : 0.7
        let o = Point(
          c.x + size * spread * (unit(&rng) - 0.5), c.y + size * spread * (unit(&rng) - 0.5))
        let r = size * (0.08 + 0.25 * unit(&rng)) * (small ? 0.12 : 1)
        let reversed = rng.next() & 1 == 0
        var points = (0..<m).map { i in
          polar(o, r * (0.5 + 0.5 * unit(&rng)), Double(i) * 2 * .pi / Double(m))
        }
        if reversed { points.reverse() }
        add(&path, points)
      }
    case "degenerate":
      // A star with repeated points, a zero-area spike and pixel-border edges, plus the same
      // integer-cornered square twice.
      let n = 5 + 2 * Int(rng.next() % 4)
      var points: [Point] = []
      for i in 0..<n {
        let p = polar(c, radius, turn + Double(i * 2 % n) * 2 * .pi / Double(n))
        points.append(p)
        if i % 3 == 0 { points.append(p) }
        if i == 1 { points.append(Point(p.x + radius * 0.7, p.y)); points.append(p) }
      }
      add(&path, points)
      let x0 = (size * 0.2 * (1 + unit(&rng))).rounded()
      let y0 = (size * 0.2 * (1 + unit(&rng))).rounded()
      let s = (size * 0.3).rounded()
      let square = [Point(x0, y0), Point(x0 + s, y0), Point(x0 + s, y0 + s), Point(x0, y0 + s)]
      add(&path, square)
      add(&path, square)
    case "nearly-parallel":
      // Thin triangles whose long sides cross at angles down to 1e-6 radians.
      for j in 0..<(2 + Int(rng.next() % 4)) {
        let angle = turn + Double(j) * pow(10, -Double(1 + rng.next() % 6))
        let a = rotate(Point(-1, 0), angle, radius, c)
        let b = rotate(Point(1, 0), angle, radius, c)
        let tip = rotate(Point(unit(&rng) - 0.5, 0.02 + 0.1 * unit(&rng)), angle, radius, c)
        add(&path, j & 1 == 0 ? [a, b, tip] : [b, a, tip])
      }
    case "coincident":
      // Squares sharing sides, one reversed (cancelling under nonzero), and a bow-tie on top.
      let s = size * (0.15 + 0.15 * unit(&rng))
      let o = Point(c.x - s, c.y - s)
      for (dx, dy, reversed) in [(0.0, 0.0, false), (s, 0.0, false), (0.0, s, true), (s, s, false)] {
        var square = [
          Point(o.x + dx, o.y + dy), Point(o.x + dx + s, o.y + dy),
          Point(o.x + dx + s, o.y + dy + s), Point(o.x + dx, o.y + dy + s),
        ]
        if reversed { square.reverse() }
        add(&path, square)
      }
      add(&path, [o, Point(o.x + 2 * s, o.y + 2 * s), Point(o.x + 2 * s, o.y), Point(o.x, o.y + 2 * s)])
    default:  // random-walk
      let n = 20 + Int(rng.next() % 80)
      let spread = (0.5 + 3 * unit(&rng)) * (small ? 0.2 : 1)
      var p = c
      var points: [Point] = []
      for _ in 0..<n {
        p = Point(
          Swift.min(Swift.max(p.x + (unit(&rng) - 0.5) * 2 * spread, 1), size - 1),
          Swift.min(Swift.max(p.y + (unit(&rng) - 0.5) * 2 * spread, 1), size - 1))
        points.append(p)
      }
      add(&path, points)
    }
    return path
  }

  static func add(_ path: inout FlattenedPath, _ points: [Point]) {
    guard let first = points.first else { return }
    path.beginContour(first)
    for p in points.dropFirst() { path.addPoint(p) }
  }

  static func polar(_ c: Point, _ r: Double, _ a: Double) -> Point {
    Point(c.x + r * cos(a), c.y + r * sin(a))
  }

  /// `p` (in a unit frame) turned by `angle`, scaled by `scale` and moved to `c`.
  static func rotate(_ p: Point, _ angle: Double, _ scale: Double, _ c: Point) -> Point {
    Point(
      c.x + scale * (p.x * cos(angle) - p.y * sin(angle)),
      c.y + scale * (p.x * sin(angle) + p.y * cos(angle)))
  }

  /// A draw in [0, 1).
  static func unit(_ rng: inout SplitMix64) -> Double {
    Double(rng.next() >> 11) / Double(1 << 53)
  }
}
