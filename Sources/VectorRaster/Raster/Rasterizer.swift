/// The scan converter: fills flattened polygons with exact-area anti-aliasing.
///
/// Pixel (i, j) is the square [i, i+1]×[j, j+1], y down. A pixel's coverage is computed from the
/// exact integral a of the winding number over its square: nonzero min(|a|, 1), even-odd a folded
/// to 0…1 (a mod 2, then 2 − a above 1). That is the exact covered area wherever the windings in
/// one pixel differ by at most one (every pixel of a simple polygon). Stored linearly as 0…255
/// rounded to nearest; no gamma, no snapping.
///
/// The pipeline, one concern per file: `EdgeClipper` clips edges to the mask in floating point;
/// `CellBand` accumulates exact cell areas for a band of rows; `CoverageSweep` turns a band's
/// cells into bytes under the fill rule. Large masks are processed in bands of rows so scratch
/// memory stays small, and sparse bands visit only the cells edges touched. `EdgeChains` and
/// `CrossingDetector` find the cells where edges cross, which `CrossingResolver`
/// recomputes exactly. Working memory is a `RasterScratch` kept between fills.
public enum Rasterizer {
  /// Scratch cells per band (a band holds about this many floats, whatever the mask size).
  static let bandCellBudget = 1 << 15

  /// Fills `polygons` (each contour implicitly closed) under `rule`, clipped to `clip`.
  ///
  /// Contours with a non-finite point, or fewer than three points, are ignored. The mask covers
  /// the remaining contours' bounds intersected with `clip`, widened to whole pixels; it is empty
  /// (width and height 0, origin at the clip's corner) when that intersection has no area.
  /// The mask holds one byte per pixel of that rectangle, so `clip` bounds the memory used;
  /// scratch memory is a band of about `bandCellBudget` cells plus the clipped edges, kept for
  /// the next fill.
  public static func fill(_ polygons: FlattenedPath, rule: FillRule, clip: PixelRect)
    -> CoverageMask
  {
    fill(polygons, rule: rule, clip: clip, bandCellBudget: bandCellBudget, sparse: nil)
  }

  /// `fill` with its strategy exposed for tests: the band size, whether to sweep only touched
  /// cells (nil: decide from the edges), and how to look for crossings.
  static func fill(
    _ polygons: FlattenedPath, rule: FillRule, clip: PixelRect, bandCellBudget: Int, sparse: Bool?,
    search: CrossingDetector.Search = .automatic
  ) -> CoverageMask {
    let points = polygons.points
    let (usable, minX, minY, maxX, maxY) = points.withUnsafeBufferPointer {
      usableContours(polygons, $0)
    }
    // Intersect with the clip in floating point, then widen to whole pixels.
    let bx0 = Swift.max(minX, Double(clip.x))
    let by0 = Swift.max(minY, Double(clip.y))
    let bx1 = Swift.min(maxX, Double(clip.maxX))
    let by1 = Swift.min(maxY, Double(clip.maxY))
    guard bx0 < bx1, by0 < by1 else {
      return CoverageMask(originX: clip.x, originY: clip.y, width: 0, height: 0, data: [])
    }
    let left = Int(bx0.rounded(.down))
    let top = Int(by0.rounded(.down))
    let width = Int(bx1.rounded(.up)) - left
    let height = Int(by1.rounded(.up)) - top

    let evenOdd = rule == .evenodd
    let data = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
      RasterScratch.with { scratch in
        // Clip every edge to the mask rectangle; shift to mask-local coordinates. A path inside
        // the clip lies inside the mask, so its edges need no cutting.
        let inside =
          minX >= Double(clip.x) && minY >= Double(clip.y) && maxX <= Double(clip.maxX)
          && maxY <= Double(clip.maxY)
        var clipper = EdgeClipper(
          minX: Double(left), minY: Double(top), maxX: Double(left + width),
          maxY: Double(top + height), inside: inside, edges: scratch.edges.reserve(points.count))
        scratch.chains.reset()
        points.withUnsafeBufferPointer { buffer in
          for range in usable { scratch.chains.clipContour(buffer, range, into: &clipper) }
        }
        let edges = clipper.edgeBuffer
        // Cells where the folded area may be wrong (crossings, three windings in a pixel): by
        // chain boxes now, or by comparing every row's spans, built during the band's edge loop.
        let everyRow = scratch.crossings.scan(
          edges, clipper.flats, scratch.chains, width: width, height: height, search: search)

        // Dense masks sweep every cell, sparse ones only the touched cells.
        let tracksCells =
          sparse ?? (scratch.chains.touchedCells(edges) * 4 < Double(width) * Double(height))
        let bandRows = Swift.max(1, Swift.min(height, bandCellBudget / (width + 3)))
        var band = CellBand(
          width: width, rows: bandRows, tracksCells: tracksCells, scratch: scratch)
        let mask = buffer.baseAddress!
        let leftCover = clipper.leftCover()
        if bandRows >= height {
          band.top = 0
          band.rows = height
          if everyRow {
            band.addAll(edges, spans: &scratch.crossings, clipper.flats)
          } else {
            for e in edges { band.add(e) }
          }
          if let leftCover { band.addToFirstColumn(leftCover) }
          band.sweep(into: mask, evenOdd: evenOdd)
        } else {
          sweepBands(edges, leftCover, &band, height: height, mask: mask, evenOdd: evenOdd)
          if everyRow { scratch.crossings.addSpans(edges, clipper.flats) }
        }
        if everyRow { scratch.crossings.compareRows() }
        if !scratch.crossings.pairs.isEmpty {
          scratch.crossings.checkPairs(edges, clipper.flats, scratch.chains)
        }
        if scratch.crossings.anyFlagged {
          CrossingResolver(width: width, height: height, evenOdd: evenOdd).resolve(
            flags: scratch.crossings.flags, edges: edges,
            flats: clipper.flats, leftPieces: clipper.leftPieces,
            leftRows: clipper.leftRowWindings(), spans: everyRow ? scratch.crossings.spans : nil,
            chains: scratch.chains, mask: mask, scratch: &scratch.pieces)
        }
      }
      count = width * height
    }
    return CoverageMask(originX: left, originY: top, width: width, height: height, data: data)
  }

  /// The contours with at least three points, all finite, and the bounds of their points.
  ///
  /// One pass over the points, without a branch per point: a point's x − x + y − y is 0 when
  /// both are finite and NaN otherwise, and NaN stays in the contour's running sum.
  private static func usableContours(
    _ polygons: FlattenedPath, _ points: UnsafeBufferPointer<Point>
  ) -> (usable: [Range<Int>], minX: Double, minY: Double, maxX: Double, maxY: Double) {
    var usable: [Range<Int>] = []
    usable.reserveCapacity(polygons.contourCount)
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for k in 0..<polygons.contourCount {
      let range = polygons.contourRange(k)
      if range.count < 3 { continue }
      var cx0 = Double.infinity
      var cy0 = Double.infinity
      var cx1 = -Double.infinity
      var cy1 = -Double.infinity
      var nonFinite = 0.0
      for i in range {
        let p = points[i]
        nonFinite += (p.x - p.x) + (p.y - p.y)
        cx0 = Swift.min(cx0, p.x)
        cy0 = Swift.min(cy0, p.y)
        cx1 = Swift.max(cx1, p.x)
        cy1 = Swift.max(cy1, p.y)
      }
      if nonFinite != 0 { continue }
      usable.append(range)
      minX = Swift.min(minX, cx0)
      minY = Swift.min(minY, cy0)
      maxX = Swift.max(maxX, cx1)
      maxY = Swift.max(maxY, cy1)
    }
    return (usable, minX, minY, maxX, maxY)
  }

  /// Processes the mask band by band: edges are bucketed by the band they start in and stay
  /// active until the band they end in.
  private static func sweepBands(
    _ edges: UnsafeBufferPointer<RasterEdge>, _ leftCover: [Double]?, _ band: inout CellBand,
    height: Int,
    mask: UnsafeMutablePointer<UInt8>, evenOdd: Bool
  ) {
    let bandRows = band.capacity
    let bandCount = (height + bandRows - 1) / bandRows
    // Counting sort of edge indices by first band.
    var starts = [Int](repeating: 0, count: bandCount + 1)
    for e in edges { starts[Swift.min(Int(e.y0) / bandRows, bandCount - 1) + 1] += 1 }
    for b in 0..<bandCount { starts[b + 1] += starts[b] }
    var order = [Int](repeating: 0, count: edges.count)
    var fill = starts
    for (i, e) in edges.enumerated() {
      let b = Swift.min(Int(e.y0) / bandRows, bandCount - 1)
      order[fill[b]] = i
      fill[b] += 1
    }
    var active: [Int] = []
    for b in 0..<bandCount {
      band.top = b * bandRows
      band.rows = Swift.min(bandRows, height - band.top)
      let bandBottom = Double(band.top + band.rows)
      for k in starts[b]..<starts[b + 1] { active.append(order[k]) }
      var kept = 0
      for i in active {
        let e = edges[i]
        band.add(e)
        if e.y1 > bandBottom {
          active[kept] = i
          kept += 1
        }
      }
      active.removeLast(active.count - kept)
      if let leftCover { band.addToFirstColumn(leftCover) }
      band.sweep(into: mask, evenOdd: evenOdd)
    }
  }
}
