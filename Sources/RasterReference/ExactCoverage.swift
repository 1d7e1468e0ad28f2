import VectorRaster

/// The exact coverage of filled polygons, computed without the rasteriser's method: per pixel,
/// the area of the pixel square where the fill rule holds, as a Double in 0…1.
///
/// Method. Each pixel row [y, y+1] is cut into horizontal slabs at every edge end and every
/// height where two edges cross (all pairs of the row's edges are intersected). Inside a slab
/// no edge starts, ends or crosses another, so the edges keep one left-to-right order and the
/// winding between two neighbours is constant: the sum of the windings of the edges to their
/// left (0 left of all of them, since every contour is closed). The covered part of column c
/// between neighbours u and v is ∫ clamp(x_v(y) − c, 0, 1) − clamp(x_u(y) − c, 0, 1) dy over
/// the slab, with x_u, x_v linear in y: integrated in closed form. Edges are never clipped to the
/// mask, so no winding is lost at its sides.
///
/// Error: everything is Double arithmetic on coordinates below 2¹⁶; a crossing height is off
/// by about 1e-12 px, so a misordered sliver, and each trapezoid's rounding, change an area by
/// far less than 1e-9: six orders of magnitude below one level (1/255).
///
/// Cost: about n² per row for n edges in it, plus slabs × n log n: a reference, not a renderer.
public enum ExactCoverage {
  /// One edge part inside a row: x at the top and bottom of its y range, winding ±1.
  struct RowEdge {
    var ya: Double
    var yb: Double
    var xa: Double
    var xb: Double
    var winding: Int

    func x(at y: Double) -> Double {
      if y == ya { return xa }
      if y == yb { return xb }
      return xa + (y - ya) / (yb - ya) * (xb - xa)
    }
  }

  /// The coverage of each pixel of `rect` (row-major, `rect.width * rect.height` values) under
  /// `rule`. Contours with fewer than three points or a non-finite point are ignored, as the
  /// rasteriser ignores them.
  public static func coverage(_ polygons: FlattenedPath, rule: FillRule, over rect: PixelRect)
    -> [Double]
  {
    var out = [Double](repeating: 0, count: rect.width * rect.height)
    let rows = edgesByRow(polygons, rect)
    var line = [Double](repeating: 0, count: rect.width)
    for r in 0..<rect.height where !rows[r].isEmpty {
      for i in 0..<line.count { line[i] = 0 }
      coverRow(rows[r], top: Double(rect.y + r), left: rect.x, rule: rule, into: &line)
      for i in 0..<rect.width { out[r * rect.width + i] = Swift.min(Swift.max(line[i], 0), 1) }
    }
    return out
  }

  /// Every non-horizontal edge of the usable contours, cut into the rows of `rect` it crosses.
  static func edgesByRow(_ polygons: FlattenedPath, _ rect: PixelRect) -> [[RowEdge]] {
    var rows = [[RowEdge]](repeating: [], count: rect.height)
    for k in 0..<polygons.contourCount {
      let range = polygons.contourRange(k)
      let points = Array(polygons.points[range])
      if points.count < 3 || points.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) {
        continue
      }
      for i in 0..<points.count {
        var a = points[i]
        var b = points[(i + 1) % points.count]
        if a.y == b.y { continue }
        var winding = 1
        if a.y > b.y {
          swap(&a, &b)
          winding = -1
        }
        let first = Swift.max(Int((a.y - Double(rect.y)).rounded(.down)), 0)
        let last = Swift.min(Int((b.y - Double(rect.y)).rounded(.up)), rect.height)
        if first >= last { continue }
        let edge = RowEdge(ya: a.y, yb: b.y, xa: a.x, xb: b.x, winding: winding)
        for r in first..<last {
          let top = Double(rect.y + r)
          let ya = Swift.max(a.y, top)
          let yb = Swift.min(b.y, top + 1)
          if !(ya < yb) { continue }
          rows[r].append(
            RowEdge(ya: ya, yb: yb, xa: edge.x(at: ya), xb: edge.x(at: yb), winding: winding))
        }
      }
    }
    return rows
  }

  /// Adds the covered area of row [top, top+1] to `line` (column i is canvas x = left + i).
  static func coverRow(
    _ edges: [RowEdge], top: Double, left: Int, rule: FillRule, into line: inout [Double]
  ) {
    var cuts = [top, top + 1]
    for e in edges {
      cuts.append(e.ya)
      cuts.append(e.yb)
    }
    for u in 0..<edges.count {
      for v in (u + 1)..<edges.count {
        if let y = crossingHeight(edges[u], edges[v]) { cuts.append(y) }
      }
    }
    cuts.sort()
    var slab: [(x0: Double, x1: Double, mid: Double, winding: Int)] = []
    for k in 0..<(cuts.count - 1) {
      let s0 = cuts[k]
      let s1 = cuts[k + 1]
      if !(s0 < s1) { continue }
      let mid = (s0 + s1) * 0.5
      slab.removeAll(keepingCapacity: true)
      for e in edges where e.ya <= s0 && e.yb >= s1 {
        slab.append((e.x(at: s0), e.x(at: s1), e.x(at: mid), e.winding))
      }
      slab.sort { $0.mid < $1.mid }
      var w = 0
      for i in 0..<slab.count {
        w += slab[i].winding
        let inside = rule == .nonzero ? w != 0 : w & 1 != 0
        if !inside || i + 1 == slab.count { continue }
        let u = slab[i]
        let v = slab[i + 1]
        addBetween(u.x0, u.x1, v.x0, v.x1, height: s1 - s0, left: left, into: &line)
      }
    }
  }

  /// The height strictly inside both edges' y ranges where they cross, if they do.
  static func crossingHeight(_ a: RowEdge, _ b: RowEdge) -> Double? {
    let lo = Swift.max(a.ya, b.ya)
    let hi = Swift.min(a.yb, b.yb)
    if !(lo < hi) { return nil }
    let d0 = a.x(at: lo) - b.x(at: lo)
    let d1 = a.x(at: hi) - b.x(at: hi)
    if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) { return lo + d0 / (d0 - d1) * (hi - lo) }
    return nil
  }

  /// Adds, to each column, the area between the left edge (u0 at the slab top, u1 at its
  /// bottom) and the right edge (v0, v1) over a slab of `height`.
  static func addBetween(
    _ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double, height: Double, left: Int,
    into line: inout [Double]
  ) {
    let from = Swift.max(Int(Swift.min(u0, u1).rounded(.down)), left)
    let to = Swift.min(Int(Swift.max(v0, v1).rounded(.up)), left + line.count)
    if from >= to { return }
    for c in from..<to {
      let x = Double(c)
      let area = clampIntegral(v0 - x, v1 - x) - clampIntegral(u0 - x, u1 - x)
      line[c - left] += area * height
    }
  }

  /// The mean over the slab of clamp(f, 0, 1) for f linear from f0 to f1: the fraction of the
  /// slab's height where f is in [0, 1] times f's mean there, plus the fraction where f > 1.
  static func clampIntegral(_ f0: Double, _ f1: Double) -> Double {
    let lo = Swift.min(f0, f1)
    let hi = Swift.max(f0, f1)
    let length = hi - lo
    if !(length > 1e-12) { return Swift.min(Swift.max((lo + hi) * 0.5, 0), 1) }
    var mean = 0.0
    let a = Swift.max(lo, 0)
    let b = Swift.min(hi, 1)
    if a < b { mean += (b - a) / length * (a + b) * 0.5 }
    let above = Swift.max(lo, 1)
    if above < hi { mean += (hi - above) / length }
    return mean
  }
}
