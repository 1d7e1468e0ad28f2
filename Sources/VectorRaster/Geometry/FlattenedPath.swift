/// A path flattened to polygons: every curve replaced by line segments within a tolerance.
///
/// All points live in one array; `contourStarts[k]` is the index of contour k's first point and the
/// contour runs to the next start (or the end). Each contour is implicitly closed when filled.
public struct FlattenedPath: Equatable, Sendable {
  public var points: [Point]
  public var contourStarts: [Int]

  public init(points: [Point] = [], contourStarts: [Int] = []) {
    self.points = points
    self.contourStarts = contourStarts
  }

  public var contourCount: Int { contourStarts.count }

  /// The index range of contour `k` in `points`.
  public func contourRange(_ k: Int) -> Range<Int> {
    let start = contourStarts[k]
    let end = k + 1 < contourStarts.count ? contourStarts[k + 1] : points.count
    return start..<end
  }

  /// Starts a new contour at `p`.
  public mutating func beginContour(_ p: Point) {
    contourStarts.append(points.count)
    points.append(p)
  }

  /// Adds a point to the current contour.
  public mutating func addPoint(_ p: Point) { points.append(p) }
}
