import CaptchaHoles
import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// One decoy outline in the piece box [0, p]², with how it was derived.
struct DecoyOutline {
  var path: Path
  var fillRule: FillRule
  /// The shape drawn (the piece's, or a catalog substitute's).
  var shape: String
  /// How it differs from the piece: `sides` (a jigsaw with another side configuration),
  /// `rotate90`/`rotate180`/`rotate270`/`mirror-x`/`mirror-y` (the piece's outline turned or
  /// mirrored), or `substitute` (another catalog shape of the same box).
  var variant: String
  /// The shape seed of a reseeded jigsaw (`sides`).
  var shapeSeed: UInt64? = nil
}

/// Chooses decoy outlines that look like the piece but do not match it: each candidate's coverage
/// mask must differ from the piece's in at least `minimumDifference` pixels (|Δcoverage| ≥ 128).
///
/// - `jigsaw` (also turned): the same shape with another shape seed whose side configuration
///   (flat/knob/notch per side) differs from the piece's.
/// - other shapes: the piece's own outline turned by 90°/180°/270° or mirrored; shapes unchanged by
///   all of those (circle, square, …) get the two catalog shapes closest to them instead.
struct DecoyShapes {
  let shape: any PieceShape
  let shapeSeed: UInt64
  let size: Int
  let pieceMask: CoverageMask
  let minimumDifference: Int
  /// Fixed candidates (empty for jigsaw, which draws a new one per decoy).
  let fixed: [DecoyOutline]

  init(shape: any PieceShape, shapeSeed: UInt64, size p: Int) throws {
    self.shape = shape
    self.shapeSeed = shapeSeed
    self.size = p
    let piecePath = shape.path(size: Double(p), seed: shapeSeed)
    let mask = try Self.mask(piecePath, rule: shape.fillRule, size: p)
    pieceMask = mask
    let area = mask.data.reduce(0) { $0 + Int($1) } / 255
    minimumDifference = max(8, area / 25)
    if shape.name == JigsawShape().name {
      fixed = []
      return
    }
    let c = Double(p) / 2
    let turns: [(String, Transform)] = [
      ("rotate90", Transform(a: 0, b: 1, c: -1, d: 0, e: 2 * c, f: 0)),
      ("rotate180", Transform(a: -1, b: 0, c: 0, d: -1, e: 2 * c, f: 2 * c)),
      ("rotate270", Transform(a: 0, b: -1, c: 1, d: 0, e: 0, f: 2 * c)),
      ("mirror-x", Transform(a: -1, b: 0, c: 0, d: 1, e: 2 * c, f: 0)),
      ("mirror-y", Transform(a: 1, b: 0, c: 0, d: -1, e: 0, f: 2 * c)),
    ]
    var own: [DecoyOutline] = []
    for (variant, t) in turns {
      let path = piecePath.transformed(by: t)
      if try Self.difference(mask, Self.mask(path, rule: shape.fillRule, size: p)) >= minimumDifference {
        own.append(DecoyOutline(path: path, fillRule: shape.fillRule, shape: shape.name, variant: variant))
      }
    }
    if !own.isEmpty {
      fixed = own
      return
    }
    // Symmetric under every turn and mirror: the two most similar catalog shapes that differ enough.
    var ranked: [(Int, DecoyOutline)] = []
    for other in ShapeCatalog.all where other.name != shape.name {
      let path = other.path(size: Double(p), seed: shapeSeed)
      let d = try Self.difference(mask, Self.mask(path, rule: other.fillRule, size: p))
      if d >= minimumDifference {
        ranked.append(
          (d, DecoyOutline(path: path, fillRule: other.fillRule, shape: other.name, variant: "substitute")))
      }
    }
    fixed = ranked.sorted { $0.0 < $1.0 }.prefix(2).map { $0.1 }
  }

  /// The piece's own outline as a decoy (`DecoySettings.twins`).
  var twin: DecoyOutline {
    DecoyOutline(
      path: shape.path(size: Double(size), seed: shapeSeed), fillRule: shape.fillRule, shape: shape.name,
      variant: "twin", shapeSeed: shapeSeed)
  }

  /// The smallest distance along x (`alongX`) or y at which two copies of the piece's mask, and
  /// every copy farther apart, keep at least `gap` pixels between their covered pixels: how tightly
  /// twins pack on a line (at most the box side plus the gap).
  func twinSpacing(gap: Int, alongX: Bool) -> Int {
    let p = size
    let covered = pieceMask.data.map { $0 > 0 }
    func at(_ x: Int, _ y: Int) -> Bool {
      x >= 0 && y >= 0 && x < p && y < p && (alongX ? covered[y * p + x] : covered[x * p + y])
    }
    // Grown by `gap` along the line and across it (a square neighbourhood).
    var grown = [Bool](repeating: false, count: p * p)
    for y in 0..<p {
      for x in 0..<p where at(x, y) {
        for v in max(0, y - gap)...min(p - 1, y + gap) {
          for u in max(0, x - gap)...min(p - 1, x + gap) { grown[v * p + u] = true }
        }
      }
    }
    func clear(_ d: Int) -> Bool {
      for y in 0..<p {
        for x in 0..<(p - min(d, p)) where grown[y * p + x + d] && at(x, y) { return false }
      }
      return true
    }
    var d = p + gap
    while d > 1 && clear(d - 1) { d -= 1 }
    return d
  }

  /// The next decoy outline, drawn from `rng`; nil when no outline differs enough.
  func next(_ rng: inout Xoshiro256StarStar) throws -> DecoyOutline? {
    if !fixed.isEmpty { return fixed[Int(rng.next(below: UInt64(fixed.count)))] }
    guard shape.name == JigsawShape().name else { return nil }
    let sides = Self.sideKinds(JigsawShape.edges(seed: shapeSeed))
    for _ in 0..<64 {
      let seed = rng.next()
      guard Self.sideKinds(JigsawShape.edges(seed: seed)) != sides else { continue }
      let path = shape.path(size: Double(size), seed: seed)
      if try Self.difference(pieceMask, Self.mask(path, rule: shape.fillRule, size: size))
        >= minimumDifference
      {
        return DecoyOutline(
          path: path, fillRule: shape.fillRule, shape: shape.name, variant: "sides", shapeSeed: seed)
      }
    }
    return nil
  }

  /// 0 flat, 1 knob, 2 notch per side.
  static func sideKinds(_ edges: [JigsawShape.Edge]) -> [Int] {
    edges.map {
      switch $0 {
      case .flat: return 0
      case .knob: return 1
      case .notch: return 2
      }
    }
  }

  /// The outline's coverage over [0, p)².
  static func mask(_ path: Path, rule: FillRule, size p: Int) throws -> CoverageMask {
    try PieceOutline.mask(path, rule: rule, over: PixelRect(x: 0, y: 0, width: p, height: p))
  }

  /// Pixels whose coverage differs by at least half (128 of 255).
  static func difference(_ a: CoverageMask, _ b: CoverageMask) -> Int {
    precondition(a.rect == b.rect, "masks over the same box")
    var n = 0
    for i in 0..<a.data.count where abs(Int(a.data[i]) - Int(b.data[i])) >= 128 { n += 1 }
    return n
  }
}
