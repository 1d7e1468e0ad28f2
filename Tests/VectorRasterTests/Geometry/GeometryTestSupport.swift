import XCTest

@testable import VectorRaster

/// Helpers shared by the geometry tests: curve evaluation and polyline distances.
enum Geo {
  static func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
    let s = 1 - t
    return p0 * (s * s * s) + p1 * (3 * s * s * t) + p2 * (3 * s * t * t) + p3 * (t * t * t)
  }

  static func quad(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
    let s = 1 - t
    return p0 * (s * s) + p1 * (2 * s * t) + p2 * (t * t)
  }

  static func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  /// Distance from `p` to segment `a`–`b`.
  static func distance(_ p: Point, segment a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let len2 = dx * dx + dy * dy
    var t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0
    t = min(1, max(0, t))
    return distance(p, Point(a.x + t * dx, a.y + t * dy))
  }

  /// Distance from `p` to an open polyline.
  static func distance(_ p: Point, polyline: ArraySlice<Point>) -> Double {
    var best = Double.infinity
    var prev: Point? = nil
    for q in polyline {
      if let a = prev { best = min(best, distance(p, segment: a, q)) }
      prev = q
    }
    return prev != nil && best == .infinity ? distance(p, polyline.first!) : best
  }

  /// Signed shoelace area of every contour, summed.
  static func area(_ f: FlattenedPath) -> Double {
    var total = 0.0
    for k in 0..<f.contourCount {
      let r = f.contourRange(k)
      var prev = f.points[r.upperBound - 1]
      for i in r {
        let p = f.points[i]
        total += prev.x * p.y - p.x * prev.y
        prev = p
      }
    }
    return total / 2
  }

  /// Points of every cubic in `path` sampled `perCurve` times (for checking arcs and shapes).
  static func cubicSamples(_ path: Path, perCurve: Int = 64) -> [Point] {
    var out: [Point] = []
    var current = Point.zero
    for el in path.elements {
      switch el {
      case .move(let p), .line(let p): current = p
      case .quad(let c, let p):
        for i in 0...perCurve { out.append(quad(current, c, p, Double(i) / Double(perCurve))) }
        current = p
      case .cubic(let c1, let c2, let p):
        for i in 0...perCurve {
          out.append(cubic(current, c1, c2, p, Double(i) / Double(perCurve)))
        }
        current = p
      case .close: break
      }
    }
    return out
  }
}
