public import CaptchaHoles
public import CaptchaImaging
public import CaptchaKindCore
import CaptchaPattern
import CaptchaRotate
import CaptchaSlide
import CaptchaSupport
import VectorRaster

/// The `shapes --preview` picture: every built-in shape rendered with the project's rasteriser
/// on a labelled grid, then a row of hole styles each cut into a sample of the built-in
/// background. Labels use `BitmapFont`, so the sheet looks the same on every machine.
public enum ContactSheet {
  /// Grid geometry, in pixels.
  public enum Layout {
    public static let columns = 4
    public static let margin = 16
    public static let gutter = 8
    public static let cellWidth = 152
    public static let cellHeight = 140
    /// Side of each shape's piece box.
    public static let pieceSize = 96
    /// Font scale for titles and labels (5×7 glyphs drawn 10×14).
    public static let fontScale = 2
    static let titleHeight = BitmapFont.glyphHeight * fontScale
    static let titleGap = 10
    static let sectionGap = 18
    static let labelY = 10 + pieceSize + 10

    /// Width of the sheet.
    public static var width: Int { 2 * margin + columns * cellWidth + (columns - 1) * gutter }

    /// Height of one section (title and grid) of `count` cells.
    static func sectionHeight(_ count: Int) -> Int {
      let rows = (count + columns - 1) / columns
      return titleHeight + titleGap + rows * cellHeight + max(0, rows - 1) * gutter
    }

    /// Height of a sheet with `shapes` shape cells, `holeStyles` hole-style cells and
    /// `pieceLooks` piece-look cells.
    public static func height(shapes: Int, holeStyles: Int, pieceLooks: Int = 0) -> Int {
      var h = 2 * margin + sectionHeight(shapes)
      if holeStyles > 0 { h += sectionGap + sectionHeight(holeStyles) }
      if pieceLooks > 0 { h += sectionGap + sectionHeight(pieceLooks) }
      return h
    }
  }

  static let paper: (UInt8, UInt8, UInt8) = (0xEC, 0xEE, 0xF1)
  static let card: (UInt8, UInt8, UInt8) = (0xFF, 0xFF, 0xFF)
  static let cardBorder: (UInt8, UInt8, UInt8) = (0xD3, 0xD8, 0xDF)
  static let boxLine: (UInt8, UInt8, UInt8) = (0xE6, 0xE9, 0xEE)
  static let ink: (UInt8, UInt8, UInt8) = (0x2A, 0x2F, 0x37)
  static let fill: (UInt8, UInt8, UInt8) = (0x2F, 0x6D, 0xB5)

  /// Renders the sheet for `shapes` (seeded with `seed` for shapes that vary), `holeStyles` and
  /// `pieceLooks` (each piece cut from the same sample, on a checkerboard); an empty list leaves
  /// its section out.
  ///
  /// - Throws: `.badData` when a shape's path cannot be flattened.
  public static func render(
    shapes: [any PieceShape] = ShapeCatalog.all, holeStyles: [any HoleStyle] = [],
    pieceLooks: [PieceLook] = [], seed: UInt64 = 1
  ) throws -> RGBAImage {
    var image = RGBAImage(
      width: Layout.width,
      height: Layout.height(shapes: shapes.count, holeStyles: holeStyles.count, pieceLooks: pieceLooks.count),
      fill: (paper.0, paper.1, paper.2, 255))
    let sample = try HoleSample(seed: seed)
    var top = Layout.margin
    try section("SHAPES", count: shapes.count, into: &image, top: &top) { i, image, x, y in
      try drawShape(shapes[i], seed: seed, into: &image, x: x, y: y)
    }
    if !holeStyles.isEmpty {
      section("HOLE STYLES", count: holeStyles.count, into: &image, top: &top) { i, image, x, y in
        var holed = sample.image
        holeStyles[i].render(into: &holed, weight: sample.weight)
        paste(holed, into: &image, x: x + 8, y: y + 10)
        return holeStyles[i].name
      }
    }
    if !pieceLooks.isEmpty {
      section("PIECE STYLES", count: pieceLooks.count, into: &image, top: &top) { i, image, x, y in
        paste(
          pieceLooks[i].placedPiece(from: sample.image, weight: sample.weight), into: &image, x: x + 8,
          y: y + 10)
        return pieceLooks[i].name
      }
    }
    return image
  }

  /// The built-in background sample that hole styles and piece looks are cut from, and the
  /// classic piece's coverage centred in it.
  struct HoleSample {
    var image: RGBAImage
    var weight: CoverageMask

    init(seed: UInt64) throws {
      let width = Layout.cellWidth - 16
      let height = Layout.pieceSize
      let holeSize = 64
      image = ProceduralBackground.make(width: width, height: height, seed: seed)
      let hole = try BuiltinShape.classic.coverageMask(size: holeSize, seed: seed)
      weight = CoverageMask(
        originX: (width - holeSize) / 2, originY: (height - holeSize) / 2, width: holeSize,
        height: holeSize, data: hole.data)
    }
  }

  /// Draws a section at `top` — its title, then `count` cards, each filled by `cell(i, image, x,
  /// y)` (card origin x, y) which returns the card's label — and moves `top` to the next section.
  static func section(
    _ title: String, count: Int, into image: inout RGBAImage, top: inout Int,
    cell: (Int, inout RGBAImage, Int, Int) throws -> String
  ) rethrows {
    BitmapFont.draw(title, into: &image, x: Layout.margin, y: top, scale: Layout.fontScale, color: ink)
    let cellsTop = top + Layout.titleHeight + Layout.titleGap
    for i in 0..<count {
      let (x0, y0) = cellOrigin(i, top: cellsTop)
      drawCard(into: &image, x: x0, y: y0)
      let label = try cell(i, &image, x0, y0)
      drawLabel(label, into: &image, cellX: x0, cellY: y0)
    }
    top += Layout.sectionHeight(count) + Layout.sectionGap
  }

  /// A shape card's picture: its mask at the piece size in a thin box; returns its label.
  static func drawShape(_ shape: any PieceShape, seed: UInt64, into image: inout RGBAImage, x: Int, y: Int)
    throws -> String
  {
    let px = x + (Layout.cellWidth - Layout.pieceSize) / 2
    let py = y + 10
    strokeRect(
      into: &image, x: px - 1, y: py - 1, width: Layout.pieceSize + 2, height: Layout.pieceSize + 2,
      color: boxLine)
    blend(try shape.coverageMask(size: Layout.pieceSize, seed: seed), color: fill, into: &image, x: px, y: py)
    return shape.name
  }

  static func cellOrigin(_ i: Int, top: Int) -> (Int, Int) {
    let col = i % Layout.columns
    let row = i / Layout.columns
    return (
      Layout.margin + col * (Layout.cellWidth + Layout.gutter),
      top + row * (Layout.cellHeight + Layout.gutter)
    )
  }

  static func drawCard(into image: inout RGBAImage, x: Int, y: Int) {
    fillRect(into: &image, x: x, y: y, width: Layout.cellWidth, height: Layout.cellHeight, color: card)
    strokeRect(
      into: &image, x: x, y: y, width: Layout.cellWidth, height: Layout.cellHeight, color: cardBorder)
  }

  static func drawLabel(_ text: String, into image: inout RGBAImage, cellX: Int, cellY: Int) {
    var scale = Layout.fontScale
    while scale > 1 && BitmapFont.width(of: text, scale: scale) > Layout.cellWidth - 8 { scale -= 1 }
    let w = BitmapFont.width(of: text, scale: scale)
    let h = BitmapFont.glyphHeight * scale
    BitmapFont.draw(
      text, into: &image, x: cellX + (Layout.cellWidth - w) / 2,
      y: cellY + Layout.labelY + (Layout.titleHeight - h) / 2, scale: scale, color: ink)
  }

  static func setPixel(_ image: inout RGBAImage, _ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
    guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
    let i = (y * image.width + x) * 4
    image.pixels[i] = c.0
    image.pixels[i + 1] = c.1
    image.pixels[i + 2] = c.2
    image.pixels[i + 3] = 255
  }

  static func fillRect(
    into image: inout RGBAImage, x: Int, y: Int, width: Int, height: Int, color: (UInt8, UInt8, UInt8)
  ) {
    for yy in y..<(y + height) {
      for xx in x..<(x + width) { setPixel(&image, xx, yy, color) }
    }
  }

  static func strokeRect(
    into image: inout RGBAImage, x: Int, y: Int, width: Int, height: Int, color: (UInt8, UInt8, UInt8)
  ) {
    for xx in x..<(x + width) {
      setPixel(&image, xx, y, color)
      setPixel(&image, xx, y + height - 1, color)
    }
    for yy in y..<(y + height) {
      setPixel(&image, x, yy, color)
      setPixel(&image, x + width - 1, yy, color)
    }
  }

  /// Paints `color` over the image in proportion to the mask's coverage, mask pixel (0, 0) at
  /// (x, y) of the image.
  static func blend(
    _ m: CoverageMask, color: (UInt8, UInt8, UInt8), into image: inout RGBAImage, x: Int, y: Int
  ) {
    for my in 0..<m.height {
      for mx in 0..<m.width {
        let a = UInt32(m.data[my * m.width + mx])
        guard a > 0 else { continue }
        let px = x + mx
        let py = y + my
        guard px >= 0, py >= 0, px < image.width, py < image.height else { continue }
        let i = (py * image.width + px) * 4
        let c = [color.0, color.1, color.2]
        for k in 0..<3 { image.pixels[i + k] = over(c[k], image.pixels[i + k], alpha: a) }
      }
    }
  }

  /// Light and dark squares of the checkerboard shown under transparent pixels, and their side.
  static let checkerLight: (UInt8, UInt8, UInt8) = (0xFF, 0xFF, 0xFF)
  static let checkerDark: (UInt8, UInt8, UInt8) = (0xC8, 0xCD, 0xD4)
  static let checkerSize = 8

  /// Copies `src` into the sheet at (x, y); where `src` is not opaque it is blended over a
  /// checkerboard (anchored at `src`'s corner), so a see-through hole shows as see-through.
  static func paste(_ src: RGBAImage, into image: inout RGBAImage, x: Int, y: Int) {
    for sy in 0..<src.height {
      for sx in 0..<src.width {
        let s = (sy * src.width + sx) * 4
        let a = UInt32(src.pixels[s + 3])
        guard a < 255 else {
          setPixel(&image, x + sx, y + sy, (src.pixels[s], src.pixels[s + 1], src.pixels[s + 2]))
          continue
        }
        let dark = (sx / checkerSize + sy / checkerSize) % 2 == 1
        let under = dark ? checkerDark : checkerLight
        let u = [under.0, under.1, under.2]
        func mix(_ k: Int) -> UInt8 { over(src.pixels[s + k], u[k], alpha: a) }
        setPixel(&image, x + sx, y + sy, (mix(0), mix(1), mix(2)))
      }
    }
  }

  /// `top` at alpha `a` (0…255) over `bottom`, rounded.
  static func over(_ top: UInt8, _ bottom: UInt8, alpha a: UInt32) -> UInt8 {
    UInt8((UInt32(top) * a + UInt32(bottom) * (255 - a) + 127) / 255)
  }
}
