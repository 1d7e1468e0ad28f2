import CaptchaKindCore
import CaptchaSupport
public import VectorRaster

/// Where the nine markers sit on a board: a 3×3 grid of cells, each centre moved by up to
/// `jitter` of a cell on each axis, rounded to whole pixels; and the snap radius a path needs to
/// come within to touch a marker.
public struct PatternLayout: Equatable, Sendable {
  /// Cells per side of the grid.
  public static let side = 3
  /// The largest centre offset, as a fraction of a cell, on each axis.
  public static let jitter = 0.15
  /// The snap radius as a fraction of the shorter cell side. A knight's move on an unjittered grid
  /// passes 0.447 cells from the nearest other dot, so it touches none.
  public static let radiusFraction = 0.375

  public var width: Int
  public var height: Int
  /// The nine centres, row by row (index = row · 3 + column).
  public var dots: [Point]
  public var radius: Int

  public init(width: Int, height: Int, dots: [Point], radius: Int) {
    self.width = width
    self.height = height
    self.dots = dots
    self.radius = radius
  }

  /// The shorter side of a cell in pixels.
  public static func cellSide(width: Int, height: Int) -> Double {
    Double(min(width, height)) / Double(side)
  }

  /// A layout for a `width`×`height` board with centres jittered from `rng`.
  static func draw(width: Int, height: Int, rng: inout Xoshiro256StarStar) -> PatternLayout {
    let cw = Double(width) / Double(side)
    let ch = Double(height) / Double(side)
    var dots: [Point] = []
    for row in 0..<side {
      for col in 0..<side {
        let jx = rng.nextDouble(in: -jitter, jitter) * cw
        let jy = rng.nextDouble(in: -jitter, jitter) * ch
        dots.append(
          Point(((Double(col) + 0.5) * cw + jx).rounded(), ((Double(row) + 0.5) * ch + jy).rounded()))
      }
    }
    let radius = Int((radiusFraction * cellSide(width: width, height: height)).rounded())
    return PatternLayout(width: width, height: height, dots: dots, radius: radius)
  }
}
