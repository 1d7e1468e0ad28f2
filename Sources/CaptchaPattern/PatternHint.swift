import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
public import VectorRaster

/// piece.png, the hint: the icons to connect, left to right in order, as thin dark outlines on a
/// light card (the board shows them filled and tinted), each at its own angle and size, with a
/// small chevron between neighbours. Each outline is traced around the filled icon's edges, so it
/// shows exactly what the board's marker shows (no line where parts of a figure overlap). Matching
/// a hint icon to its marker takes its shape, not its pixels.
public enum PatternHint {
  /// The side of one icon's square box for a board of this size.
  public static func box(boardWidth: Int, boardHeight: Int) -> Int {
    max(32, Int((0.7 * PatternLayout.cellSide(width: boardWidth, height: boardHeight)).rounded()))
  }

  /// The card's margin and the gap between boxes for a box side.
  static func margins(box: Int) -> (pad: Int, gap: Int) { (box / 6, box / 3) }

  /// The icon boxes of a hint for a board of this size with `length` icons, left to right, and the
  /// card's size. Public: the layout is no secret (a client can measure it).
  public static func tiles(boardWidth: Int, boardHeight: Int, length: Int) -> (
    width: Int, height: Int, boxes: [PixelRect]
  ) {
    let b = box(boardWidth: boardWidth, boardHeight: boardHeight)
    let (pad, gap) = margins(box: b)
    let boxes = (0..<length).map { PixelRect(x: pad + $0 * (b + gap), y: pad, width: b, height: b) }
    return (2 * pad + length * b + (length - 1) * gap, b + 2 * pad, boxes)
  }

  static func draw(
    _ icons: [PatternIcon], boardWidth: Int, boardHeight: Int, rng: inout Xoshiro256StarStar
  ) throws -> RGBAImage {
    let (w, h, boxes) = tiles(boardWidth: boardWidth, boardHeight: boardHeight, length: icons.count)
    let card = PatternColor.hsv(
      rng.nextDouble(in: 0, 360), rng.nextDouble(in: 0, 0.08), rng.nextDouble(in: 0.9, 0.97))
    var image = RGBAImage(
      width: w, height: h,
      fill: (UInt8(card.r.rounded()), UInt8(card.g.rounded()), UInt8(card.b.rounded()), 255))
    let ink = PatternColor.hsv(
      rng.nextDouble(in: 0, 360), rng.nextDouble(in: 0, 0.3), rng.nextDouble(in: 0.12, 0.3))
    let clip = PixelRect(x: 0, y: 0, width: w, height: h)
    let side = Double(boxes[0].width)
    let line = max(1.5, side * 0.055)
    for (icon, box) in zip(icons, boxes) {
      let centre = Point(
        Double(box.x) + side / 2 + rng.nextDouble(in: -0.05, 0.05) * side,
        Double(box.y) + side / 2 + rng.nextDouble(in: -0.05, 0.05) * side)
      let scale = side / 2 * rng.nextDouble(in: 0.68, 0.86)
      let placement = PatternPaint.placement(
        center: centre, scale: scale, degrees: rng.nextDouble(in: 0, 360))
      let filled = try icon.path.fill(rule: icon.rule, clip: clip, transform: placement)
      PatternPaint.paint(PatternOutline.ring(filled, halfWidth: line / 2), ink, into: &image)
    }
    for left in boxes.dropLast() {
      let x = Double(left.maxX) + side / 6
      let y = Double(left.y) + side / 2
      let s = side / 10
      let chevron = IconGeometry.polygon([
        Point(x - s / 2, y - s), Point(x + s / 2, y), Point(x - s / 2, y + s), Point(x - s, y + s),
        Point(x, y), Point(x - s, y - s),
      ])
      PatternPaint.paint(try chevron.fill(rule: .nonzero, clip: clip), ink, opacity: 0.6, into: &image)
    }
    return image
  }
}
