import CaptchaSupport

@testable import VectorRaster

/// The tests' seeded generator: the library's SplitMix64 (no standard-library randomness).
struct TestRNG {
  private var mix: SplitMix64
  init(seed: UInt64) { mix = SplitMix64(seed: seed) }
  mutating func next() -> UInt64 { mix.next() }
  /// Uniform in [lo, hi).
  mutating func double(_ lo: Double, _ hi: Double) -> Double {
    lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
  }
}

/// Builds a FlattenedPath from contours given as point lists.
func polygons(_ contours: [[Point]]) -> FlattenedPath {
  var f = FlattenedPath()
  for c in contours {
    guard let first = c.first else { continue }
    f.beginContour(first)
    for p in c.dropFirst() { f.addPoint(p) }
  }
  return f
}

/// An axis-aligned rectangle contour, clockwise on screen (y down) unless `reversed`.
func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, reversed: Bool = false)
  -> [Point]
{
  let r = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
  return reversed ? r.reversed() : r
}

/// Coverage of the mask as a full canvas-sized byte array over `rect` (0 outside the mask).
func canvas(_ mask: CoverageMask, _ rect: PixelRect) -> [UInt8] {
  var out = [UInt8](repeating: 0, count: rect.width * rect.height)
  for y in 0..<rect.height {
    for x in 0..<rect.width {
      out[y * rect.width + x] = mask.coverage(atX: rect.x + x, y: rect.y + y)
    }
  }
  return out
}

/// Signed shoelace area of one contour.
func shoelace(_ c: [Point]) -> Double {
  var s = 0.0
  for i in 0..<c.count {
    let a = c[i]
    let b = c[(i + 1) % c.count]
    s += a.x * b.y - b.x * a.y
  }
  return s / 2
}

/// A brute-force reference: 16×16 sample points per pixel (at the centres of a 16×16 grid of
/// sub-squares), the winding number evaluated exactly at each sample.
struct SampleOracle {
  static let n = 16
  /// Per pixel: the number of inside samples (0…256), and the smallest and largest winding seen.
  var inside: [Int]
  var minWinding: [Int]
  var maxWinding: [Int]
  let rect: PixelRect

  init(_ contours: [[Point]], rule: FillRule, rect: PixelRect) {
    self.rect = rect
    let n = Self.n
    let count = rect.width * rect.height
    inside = [Int](repeating: 0, count: count)
    minWinding = [Int](repeating: Int.max, count: count)
    maxWinding = [Int](repeating: Int.min, count: count)
    var edges: [(Point, Point)] = []
    for c in contours where c.count >= 3 {
      for i in 0..<c.count { edges.append((c[i], c[(i + 1) % c.count])) }
    }
    let samplesX = rect.width * n
    var crossings: [(x: Double, w: Int)] = []
    for sy in 0..<(rect.height * n) {
      let y = Double(rect.y) + (Double(sy) + 0.5) / Double(n)
      crossings.removeAll(keepingCapacity: true)
      for (a, b) in edges {
        // Half-open rule: an edge counts when y is in [min y, max y).
        if (a.y <= y && y < b.y) || (b.y <= y && y < a.y) {
          let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
          crossings.append((x, a.y < b.y ? 1 : -1))
        }
      }
      crossings.sort { $0.x < $1.x }
      var k = 0
      var winding = 0
      for sx in 0..<samplesX {
        let x = Double(rect.x) + (Double(sx) + 0.5) / Double(n)
        while k < crossings.count && crossings[k].x < x {
          winding += crossings[k].w
          k += 1
        }
        let p = (sy / n) * rect.width + sx / n
        let isIn = rule == .nonzero ? winding != 0 : winding & 1 != 0
        if isIn { inside[p] += 1 }
        minWinding[p] = min(minWinding[p], winding)
        maxWinding[p] = max(maxWinding[p], winding)
      }
    }
  }

  /// Per pixel, an upper bound on |exact area − sample estimate| in byte levels: only the
  /// 1/16-pixel sub-squares an edge passes through can disagree, each by at most 1/256 of the
  /// pixel, and a segment piece with extent (dx, dy) inside the pixel meets at most
  /// 16·(dx + dy) + 2 of them. One more level allows for rounding of the mask.
  static func errorBound(_ contours: [[Point]], rect: PixelRect) -> [Double] {
    var subSquares = [Double](repeating: 0, count: rect.width * rect.height)
    for c in contours where c.count >= 3 {
      for i in 0..<c.count {
        let a = c[i]
        let b = c[(i + 1) % c.count]
        let px0 = max(rect.x, Int(min(a.x, b.x).rounded(.down)) - 1)
        let px1 = min(rect.maxX - 1, Int(max(a.x, b.x).rounded(.down)) + 1)
        let py0 = max(rect.y, Int(min(a.y, b.y).rounded(.down)) - 1)
        let py1 = min(rect.maxY - 1, Int(max(a.y, b.y).rounded(.down)) + 1)
        if px0 > px1 || py0 > py1 { continue }
        for py in py0...py1 {
          for px in px0...px1 {
            guard
              let (p, q) = clipSegment(
                a, b, Double(px), Double(py), Double(px + 1), Double(py + 1))
            else { continue }
            let cells = 16 * (abs(q.x - p.x) + abs(q.y - p.y)) + 2
            subSquares[(py - rect.y) * rect.width + px - rect.x] += cells
          }
        }
      }
    }
    return subSquares.map { min($0, 256) * 255 / 256 + 1.0 }
  }

  /// Liang–Barsky clip of a→b to a closed box, slightly enlarged so touching edges count.
  static func clipSegment(
    _ a: Point, _ b: Point, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double
  ) -> (Point, Point)? {
    let eps = 1e-9
    var t0 = 0.0
    var t1 = 1.0
    let dx = b.x - a.x
    let dy = b.y - a.y
    for (p, q) in [
      (-dx, a.x - (x0 - eps)), (dx, (x1 + eps) - a.x), (-dy, a.y - (y0 - eps)),
      (dy, (y1 + eps) - a.y),
    ] {
      if p == 0 {
        if q < 0 { return nil }
      } else {
        let r = q / p
        if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
      }
    }
    if t0 > t1 { return nil }
    return (a.lerp(b, t0), a.lerp(b, t1))
  }
}

/// An exact reference for the quantity the cell method accumulates: the integral of the winding
/// number over each pixel, computed by clipping every contour to the pixel square
/// (Sutherland–Hodgman, whose signed area stays exact for non-convex input against a convex
/// window) and taking the shoelace area; then the fill rule applied to it.
enum ExactAreaOracle {
  static func coverage(_ contours: [[Point]], rule: FillRule, rect: PixelRect) -> [Double] {
    var out = [Double](repeating: 0, count: rect.width * rect.height)
    for py in 0..<rect.height {
      for px in 0..<rect.width {
        let x0 = Double(rect.x + px)
        let y0 = Double(rect.y + py)
        var winding = 0.0
        for c in contours where c.count >= 3 {
          winding += shoelace(clip(c, x0, y0, x0 + 1, y0 + 1))
        }
        var a = abs(winding)
        if rule == .nonzero {
          a = min(a, 1)
        } else {
          a = a.truncatingRemainder(dividingBy: 2)
          if a > 1 { a = 2 - a }
        }
        out[py * rect.width + px] = a
      }
    }
    return out
  }

  static func clip(_ poly: [Point], _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double)
    -> [Point]
  {
    var p = poly
    p = clipPlane(p, { $0.x >= x0 }, { a, b in a.lerp(b, (x0 - a.x) / (b.x - a.x)) })
    p = clipPlane(p, { $0.x <= x1 }, { a, b in a.lerp(b, (x1 - a.x) / (b.x - a.x)) })
    p = clipPlane(p, { $0.y >= y0 }, { a, b in a.lerp(b, (y0 - a.y) / (b.y - a.y)) })
    p = clipPlane(p, { $0.y <= y1 }, { a, b in a.lerp(b, (y1 - a.y) / (b.y - a.y)) })
    return p
  }

  static func clipPlane(
    _ poly: [Point], _ inside: (Point) -> Bool, _ cross: (Point, Point) -> Point
  ) -> [Point] {
    guard !poly.isEmpty else { return [] }
    var out: [Point] = []
    var prev = poly[poly.count - 1]
    for cur in poly {
      let ci = inside(cur)
      let pi = inside(prev)
      if ci {
        if !pi { out.append(cross(prev, cur)) }
        out.append(cur)
      } else if pi {
        out.append(cross(prev, cur))
      }
      prev = cur
    }
    return out
  }
}
