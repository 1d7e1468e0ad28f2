extension Path {
  /// The exact bounding box of the outline: every move and end point, plus the extremes that
  /// quadratic and cubic curves reach between their ends (control points the curve does not
  /// reach are excluded, unlike `controlBounds`); nil for an empty path. Non-finite coordinates
  /// give a non-finite box.
  public var bounds: Rect? {
    var box = BoundsAccumulator()
    var current = Point.zero
    var start = Point.zero
    for el in elements {
      switch el {
      case .move(let p):
        box.add(p)
        current = p
        start = p
      case .line(let p):
        box.add(p)
        current = p
      case .quad(let c, let p):
        box.add(p)
        for t in BoundsAccumulator.quadExtrema(current.x, c.x, p.x) {
          box.add(Self.quadPoint(current, c, p, t))
        }
        for t in BoundsAccumulator.quadExtrema(current.y, c.y, p.y) {
          box.add(Self.quadPoint(current, c, p, t))
        }
        current = p
      case .cubic(let c1, let c2, let p):
        box.add(p)
        for t in BoundsAccumulator.cubicExtrema(current.x, c1.x, c2.x, p.x) {
          box.add(Self.cubicPoint(current, c1, c2, p, t))
        }
        for t in BoundsAccumulator.cubicExtrema(current.y, c1.y, c2.y, p.y) {
          box.add(Self.cubicPoint(current, c1, c2, p, t))
        }
        current = p
      case .close:
        current = start
      }
    }
    return box.rect
  }

  static func quadPoint(_ p0: Point, _ c: Point, _ p1: Point, _ t: Double) -> Point {
    let s = 1 - t
    return p0 * (s * s) + c * (2 * s * t) + p1 * (t * t)
  }

  static func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ t: Double) -> Point {
    let s = 1 - t
    return p0 * (s * s * s) + c1 * (3 * s * s * t) + c2 * (3 * s * t * t) + p1 * (t * t * t)
  }
}

/// A growing bounding box, and the parameters where Bézier coordinates have extremes.
struct BoundsAccumulator {
  var rect: Rect? = nil

  mutating func add(_ p: Point) {
    guard var r = rect else {
      rect = Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
      return
    }
    r.minX = Swift.min(r.minX, p.x)
    r.minY = Swift.min(r.minY, p.y)
    r.maxX = Swift.max(r.maxX, p.x)
    r.maxY = Swift.max(r.maxY, p.y)
    rect = r
  }

  /// Parameters in (0, 1) where a quadratic coordinate p0, c, p1 has zero derivative.
  static func quadExtrema(_ p0: Double, _ c: Double, _ p1: Double) -> [Double] {
    let den = p0 - 2 * c + p1
    guard den != 0 else { return [] }
    let t = (p0 - c) / den
    return t > 0 && t < 1 ? [t] : []
  }

  /// Parameters in (0, 1) where a cubic coordinate p0, c1, c2, p1 has zero derivative: roots of
  /// a·t² + b·t + c with a = −p0 + 3c1 − 3c2 + p1, b = 2(p0 − 2c1 + c2), c = c1 − p0.
  static func cubicExtrema(_ p0: Double, _ c1: Double, _ c2: Double, _ p1: Double) -> [Double] {
    let a = -p0 + 3 * c1 - 3 * c2 + p1
    let b = 2 * (p0 - 2 * c1 + c2)
    let c = c1 - p0
    var roots: [Double] = []
    if a == 0 {
      if b != 0 { roots.append(-c / b) }
    } else {
      let disc = b * b - 4 * a * c
      guard disc >= 0 else { return [] }
      // The numerically stable pair of roots.
      let q = -0.5 * (b + (b < 0 ? -disc.squareRoot() : disc.squareRoot()))
      roots.append(q / a)
      if q != 0 { roots.append(c / q) }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
  }
}
