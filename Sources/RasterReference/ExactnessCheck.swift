import VectorRaster

/// How far a coverage mask is from the exact coverage, in levels of 1/255.
public struct ExactnessCheck: Sendable {
  /// A pixel passes when its byte is within this many levels of 255 × the exact area.
  public static let strictLevels = 1.0

  /// The largest |byte − 255 × exact| over the clip.
  public let worstLevels: Double
  /// Where it is (canvas coordinates).
  public let worstX: Int
  public let worstY: Int
  /// Pixels more than `strictLevels` off.
  public let missedPixels: Int

  /// Whether every pixel is within `strictLevels`.
  public var isStrictlyExact: Bool { missedPixels == 0 }

  /// Compares `mask` with the exact coverage of `polygons` over `clip` (pixels of the clip
  /// outside the mask count as 0).
  public init(_ mask: CoverageMask, _ polygons: FlattenedPath, rule: FillRule, clip: PixelRect) {
    let exact = ExactCoverage.coverage(polygons, rule: rule, over: clip)
    var worst = 0.0
    var wx = clip.x
    var wy = clip.y
    var missed = 0
    for j in 0..<clip.height {
      for i in 0..<clip.width {
        let x = clip.x + i
        let y = clip.y + j
        let d = abs(Double(mask.coverage(atX: x, y: y)) - exact[j * clip.width + i] * 255)
        if d > Self.strictLevels + 1e-9 { missed += 1 }
        if d > worst {
          worst = d
          wx = x
          wy = y
        }
      }
    }
    worstLevels = worst
    worstX = wx
    worstY = wy
    missedPixels = missed
  }
}
