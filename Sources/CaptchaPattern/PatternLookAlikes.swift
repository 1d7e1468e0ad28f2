import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// Look-alikes: smaller, fainter markers of families that are on no dot of the board, painted the
/// same way as the markers, near the four inner corners of the grid (where four cells meet, as far
/// from every dot as the board allows). They are in no hint: a reader passes over them, while a
/// program that takes every marker-like shape in a cell for the cell's marker is misled.
enum PatternLookAlikes {
  /// How many look-alikes a board gets (one per inner corner).
  static let count = 4
  /// A look-alike's size range: half its unit box, as a fraction of the shorter cell side.
  static let scales = 0.13...0.17
  /// How far a look-alike may sit from its corner, as a fraction of a cell, on each axis.
  static let jitter = 0.08
  /// Its opacities as a fraction of a marker's.
  static let strength = 0.55

  static func draw(
    avoiding markers: [PatternIcon], layout: PatternLayout, palette: PatternPalette,
    into image: inout RGBAImage, rng: inout Xoshiro256StarStar
  ) throws {
    let cell = PatternLayout.cellSide(width: layout.width, height: layout.height)
    let cw = Double(layout.width) / Double(PatternLayout.side)
    let ch = Double(layout.height) / Double(PatternLayout.side)
    let clip = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    let icons = PatternIconFamily.draw(count, excluding: Set(markers.map(\.family)), rng: &rng)
    let corners = [(1.0, 1.0), (2.0, 1.0), (1.0, 2.0), (2.0, 2.0)]
    for (icon, corner) in zip(icons, corners) {
      let centre = Point(
        (corner.0 + rng.nextDouble(in: -jitter, jitter)) * cw,
        (corner.1 + rng.nextDouble(in: -jitter, jitter)) * ch)
      try PatternBoard.paintMarker(
        icon, at: centre, size: scales, cell: cell, halo: PatternBoard.halo * 0.6, strength: strength,
        palette: palette, clip: clip, into: &image, rng: &rng)
    }
  }
}
