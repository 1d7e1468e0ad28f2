/// Limits and defaults for turning curves into polylines (`Path.flattened`).
///
/// Each quadratic or cubic Bézier is split into `n` pieces of equal parameter step, with `n` from
/// Wang's formula: for a curve of degree `d` with control points `P0…Pd`,
///
///     n = ⌈ √( d·(d−1)/8 · M / tolerance ) ⌉,   M = max over i of |Pi − 2·Pi+1 + Pi+2|
///
/// which guarantees that every point of the curve lies within `tolerance` of the polyline through
/// the `n + 1` points `B(0), B(1/n), …, B(1)` (and every polyline vertex lies on the curve). The
/// formula is evaluated on the transformed control points, so the tolerance is in device pixels.
/// `n` is clamped to `1…maxSegmentsPerCurve`, so the bound holds only for curves that need fewer
/// segments than the cap (a curve spanning far more than ~10⁴ px at the default tolerance); hostile
/// input costs at most `maxSegmentsPerCurve` points per curve and `maxPoints` points in all.
public enum Flattening {
  /// Default maximum distance, in device pixels, between a curve and its polyline.
  public static let defaultTolerance = 0.1

  /// Most line segments one curve may become.
  public static let maxSegmentsPerCurve = 1000

  /// Most points a flattened path may hold (64 MB of points); above it flattening throws.
  public static let maxPoints = 4_000_000

  /// Segments needed for a quadratic (Wang's formula, d = 2), in `1…maxSegmentsPerCurve`.
  @inlinable public static func segmentCount(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double)
    -> Int
  {
    let dx = p0.x - 2 * p1.x + p2.x
    let dy = p0.y - 2 * p1.y + p2.y
    return clampedCount((0.25 * (dx * dx + dy * dy).squareRoot() / tolerance).squareRoot())
  }

  /// Segments needed for a cubic (Wang's formula, d = 3), in `1…maxSegmentsPerCurve`.
  @inlinable public static func segmentCount(
    _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double
  ) -> Int {
    let ax = p0.x - 2 * p1.x + p2.x
    let ay = p0.y - 2 * p1.y + p2.y
    let bx = p1.x - 2 * p2.x + p3.x
    let by = p1.y - 2 * p2.y + p3.y
    let m2 = Swift.max(ax * ax + ay * ay, bx * bx + by * by)
    return clampedCount((0.75 * m2.squareRoot() / tolerance).squareRoot())
  }

  /// Rounds a real segment count up and clamps it; NaN and overflow give the cap.
  @inlinable static func clampedCount(_ n: Double) -> Int {
    let cap = Double(maxSegmentsPerCurve)
    guard n < cap else { return maxSegmentsPerCurve }  // also catches NaN and +∞
    return Swift.max(1, Int(n.rounded(.up)))
  }
}

extension Path {
  /// The path as polygons: lines kept, curves replaced by polylines within `tolerance`.
  ///
  /// Every point goes through `transform` first, and the subdivision is computed afterwards, so
  /// `tolerance` is a distance in the output (device) space; no transformed copy of the path is
  /// built. Each contour of the result is implicitly closed: `close` adds no point. Contours that
  /// would hold a single point (a bare move) are dropped, consecutive duplicate points are dropped,
  /// and a last point equal to the first is dropped. Drawing after `close` without a move starts
  /// a new contour at the closed contour's start; drawing before any move starts at the origin.
  ///
  /// - Throws: `PathError(.invalidData)` when a coordinate is (or becomes, after `transform`) NaN or
  ///   infinite, or when the result would exceed `Flattening.maxPoints` points;
  ///   `PathError(.invalidArgument)` when `tolerance` is not a positive finite number.
  public func flattened(
    tolerance: Double = Flattening.defaultTolerance, transform: Transform = .identity
  ) throws -> FlattenedPath {
    var out = FlattenedPath()
    try flatten(into: &out, tolerance: tolerance, transform: transform)
    return out
  }

  /// `flattened(tolerance:transform:)` into an existing buffer: `out` is emptied first and its
  /// storage reused, so repeated fills need no allocation. On a throw `out` is left empty.
  public func flatten(
    into out: inout FlattenedPath, tolerance: Double = Flattening.defaultTolerance,
    transform: Transform = .identity
  ) throws {
    out.points.removeAll(keepingCapacity: true)
    out.contourStarts.removeAll(keepingCapacity: true)
    guard tolerance.isFinite, tolerance > 0 else {
      throw PathError(
        .invalidArgument, "flattening tolerance must be a positive finite number, got \(tolerance)")
    }
    let t = transform
    // Pass 1: validate and count, so the output is allocated once and hostile input fails early.
    var pointCount = 1  // a start point at the origin if drawing begins without a move
    var contourCount = 1
    var current = t.apply(.zero)
    var start = current
    for el in elements {
      switch el {
      case .move(let p):
        current = t.apply(p)
        start = current
        pointCount += 1
        contourCount += 1
      case .line(let p):
        current = t.apply(p)
        pointCount += 1
      case .quad(let c, let p):
        let c1 = t.apply(c)
        let p1 = t.apply(p)
        guard c1.isFinite else { throw Path.nonFiniteError }
        pointCount += Flattening.segmentCount(current, c1, p1, tolerance: tolerance)
        current = p1
      case .cubic(let c1, let c2, let p):
        let d1 = t.apply(c1)
        let d2 = t.apply(c2)
        let p1 = t.apply(p)
        guard d1.isFinite, d2.isFinite else { throw Path.nonFiniteError }
        pointCount += Flattening.segmentCount(current, d1, d2, p1, tolerance: tolerance)
        current = p1
      case .close:
        current = start
        contourCount += 1
        pointCount += 1  // the restart point if drawing continues without a move
      }
      guard current.isFinite else { throw Path.nonFiniteError }
      if pointCount > Flattening.maxPoints {
        throw PathError(
          .invalidData,
          "path is too complex: more than \(Flattening.maxPoints) segments after flattening")
      }
    }

    // Pass 2: emit.
    var f = FlattenState(
      into: &out, origin: t.apply(.zero), points: pointCount, contours: contourCount)
    for el in elements {
      switch el {
      case .move(let p):
        f.begin(t.apply(p))
      case .line(let p):
        f.ensureOpen()
        f.add(t.apply(p))
      case .quad(let c, let p):
        f.ensureOpen()
        f.quad(t.apply(c), t.apply(p), tolerance: tolerance)
      case .cubic(let c1, let c2, let p):
        f.ensureOpen()
        f.cubic(t.apply(c1), t.apply(c2), t.apply(p), tolerance: tolerance)
      case .close:
        f.close()
      }
    }
    f.finishContour()
    swap(&out, &f.out)
  }

  static let nonFiniteError = PathError(.invalidData, "path has a non-finite coordinate")
}

/// The emitter behind `Path.flattened`: one growing `FlattenedPath` and the pen state.
private struct FlattenState {
  var out: FlattenedPath
  /// The current point (device space).
  var current: Point
  /// Start of the current or last closed contour.
  var start: Point
  /// Whether `out`'s last contour is still being drawn.
  var open = false

  /// Takes over `buffer`'s (empty) storage, leaving `buffer` empty until it is swapped back.
  init(into buffer: inout FlattenedPath, origin: Point, points: Int, contours: Int) {
    out = FlattenedPath()
    swap(&out, &buffer)
    current = origin
    start = origin
    out.points.reserveCapacity(points)
    out.contourStarts.reserveCapacity(contours)
  }

  mutating func begin(_ p: Point) {
    finishContour()
    out.contourStarts.append(out.points.count)
    out.points.append(p)
    current = p
    start = p
    open = true
  }

  /// After `close` (or before any move), drawing restarts at the contour start.
  @inline(__always) mutating func ensureOpen() {
    if !open { begin(current) }
  }

  @inline(__always) mutating func add(_ p: Point) {
    if p != current { out.points.append(p) }
    current = p
  }

  mutating func close() {
    finishContour()
    current = start
  }

  /// Ends the open contour: drops a closing point equal to the start, and the whole contour
  /// if a single point remains.
  mutating func finishContour() {
    guard open else { return }
    open = false
    let first = out.contourStarts[out.contourStarts.count - 1]
    if out.points.count - first > 2, out.points[out.points.count - 1] == out.points[first] {
      out.points.removeLast()
    }
    if out.points.count - first < 2 {
      out.points.removeSubrange(first...)
      out.contourStarts.removeLast()
    }
  }

  mutating func quad(_ c: Point, _ p: Point, tolerance: Double) {
    let p0 = current
    let n = Flattening.segmentCount(p0, c, p, tolerance: tolerance)
    if n > 1 {
      // B(t) = p0 + 2(c − p0)t + (p0 − 2c + p)t²
      let bx = 2 * (c.x - p0.x)
      let by = 2 * (c.y - p0.y)
      let ax = p0.x - 2 * c.x + p.x
      let ay = p0.y - 2 * c.y + p.y
      let dt = 1 / Double(n)
      for i in 1..<n {
        let s = Double(i) * dt
        add(Point((ax * s + bx) * s + p0.x, (ay * s + by) * s + p0.y))
      }
    }
    add(p)
  }

  mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point, tolerance: Double) {
    let p0 = current
    let n = Flattening.segmentCount(p0, c1, c2, p, tolerance: tolerance)
    if n > 1 {
      // B(t) = p0 + 3(c1 − p0)t + 3(p0 − 2c1 + c2)t² + (p − p0 + 3(c1 − c2))t³
      let cx = 3 * (c1.x - p0.x)
      let cy = 3 * (c1.y - p0.y)
      let bx = 3 * (p0.x - 2 * c1.x + c2.x)
      let by = 3 * (p0.y - 2 * c1.y + c2.y)
      let ax = p.x - p0.x + 3 * (c1.x - c2.x)
      let ay = p.y - p0.y + 3 * (c1.y - c2.y)
      let dt = 1 / Double(n)
      for i in 1..<n {
        let s = Double(i) * dt
        add(Point(((ax * s + bx) * s + cx) * s + p0.x, ((ay * s + by) * s + cy) * s + p0.y))
      }
    }
    add(p)
  }
}
