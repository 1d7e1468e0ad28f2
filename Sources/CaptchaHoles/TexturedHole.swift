public import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
public import VectorRaster

/// The default hole: the picture inside the outline is replaced by the photo's
/// own material. Its colour is the surroundings' colour carried inwards (a normalised blur of the
/// pixels around the hole: nothing of the cut-out picture remains), its fine texture is lent by
/// the picture right above and below it, mirrored in (`PhotoTexture`), and what shows a person where a piece is
/// missing is the light of a recess (`RecessShading`): a soft shadow and highlight along the
/// outline, which photos contain everywhere.
///
/// Why: a shaded hole is an affine function of the cut-out picture (masked correlation finds it);
/// a hole with a colour, stripe or saturation of its own is found by statistics no photo shares
/// (the attack suite's hole finders). This hole has the photo's colour, grain and edges; it differs from
/// the picture around it only in that its content does not continue the picture, which is also
/// true of every decoy (`DecoySettings.twins`), so choosing among the holes takes the piece's
/// picture: which hole's surroundings does it continue?
public struct TexturedHole: SeededHoleStyle, Equatable {
  /// Strength of the recess light, 0…1: at 0.75 (default) the shadow and highlight reach ±30
  /// levels of brightness.
  public var opacity: Double = 0.75
  /// The texture's gain against the surroundings' own local contrast (1: as strong as around the
  /// hole).
  public var textureGain: Double = 1
  /// How much of the hole's colour is the surroundings' colour carried inwards (1), against the
  /// surroundings' flat mean colour (0): the carried colour continues shapes into the hole, which
  /// lets a solver match the piece's blurred picture against it.
  public var carry: Double = 1
  /// Index into `RecessShading.directions`: where the light comes from (0: the top left).
  public var light: Int = 0
  /// How strongly each channel follows the shadow (a palette: 1, 1, 1 is neutral grey).
  public var shadowTint: Tint = Tint()
  /// The highlight's own palette (a style key's); nil: the shadow's.
  public var highlightTint: Tint?
  /// The light's direction in degrees over the full circle (0: from the right, 90: from below;
  /// a style key's); nil: `light`'s eight directions.
  public var lightAngle: Double?
  /// Width of the light's bands against the standard (a style key's; used with `lightAngle`).
  public var lightWidth: Double = 1
  /// How the lent texture is laid in.
  package var orientation: PhotoTexture.Orientation = .upright
  /// The seed `render(into:weight:)` uses.
  public var seed: UInt64 = 0

  /// Per-channel weights of the recess light (0.5…1.5 each; a palette drawn by a style key).
  public struct Tint: Equatable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double

    public init(r: Double = 1, g: Double = 1, b: Double = 1) {
      self.r = r
      self.g = g
      self.b = b
    }
  }

  /// Brightness of the recess light at full strength, in levels.
  static let lightLevels = 40.0
  /// Largest factor the lent texture is amplified by to match the surroundings' contrast.
  static let maxTextureGain = 2.5

  public init(opacity: Double = 0.75, textureGain: Double = 1, light: Int = 0, seed: UInt64 = 0) {
    self.opacity = opacity
    self.textureGain = textureGain
    self.light = light
    self.seed = seed
  }

  public var name: String { "texture" }
  public var needsAlpha: Bool { false }

  public func render(into image: inout RGBAImage, weight: CoverageMask, seed: UInt64) {
    render(into: &image, weight: weight, seed: seed, threads: 1)
  }

  /// Measures the surroundings' colour and the recess light while the texture's strength is summed
  /// channel by channel, four parts shared among the threads, then paints the hole in row bands,
  /// each band's texture worked out as it is painted (`PhotoTexture`: no plane over the box).
  public func render(into image: inout RGBAImage, weight: CoverageMask, seed: UInt64, threads: Int) {
    guard let hole = HolePixels.clip(weight, to: image), hole.data.contains(where: { $0 > 0 }) else { return }
    let box = hole.rect
    let threads = box.width * box.height >= Self.pixelsPerThread ? threads : 1
    let picture = image
    var rng = Xoshiro256StarStar(seed: seed, stream: 0x7478)  // "tx"
    let source = PhotoTexture.Source(image: picture, box: box, orientation: orientation, rng: &rng)
    var measured: (BaseFill, RecessShading)?
    var totals = [Int64](repeating: 0, count: 3)
    totals.withUnsafeMutableBufferPointer { totals in
      // Dealt round-robin: with two threads, one measures and sums channel 1, the other sums
      // channels 0 and 2.
      ForkJoin.run(parts: 4, threads: threads) { part in
        if part == 0 {
          measured = (BaseFill(image: picture, hole: hole), recessShading(hole))
        } else {
          totals[part - 1] = PhotoTexture.channelTotal(part - 1, of: picture, from: source)
        }
      }
    }
    _ = consume picture
    let (base, recess) = measured!
    // Capped, so a flat window (sky) lent to a busy place does not blow up its noise.
    let strength = PhotoTexture.strength(totals: totals, box: box)
    let gain = textureGain * min(Self.maxTextureGain, base.contrast / max(1, strength))
    let k = Self.lightLevels * opacity
    let tint = (shadowTint.r, shadowTint.g, shadowTint.b)
    let lit = highlightTint.map { ($0.r, $0.g, $0.b) } ?? tint
    let imageWidth = image.width
    let fill = BaseFill.Reader(base, box: box)
    let bands = ForkJoin.bands(box.height, parts: threads)
    hole.data.withUnsafeBufferPointer { wp in
      image.pixels.withUnsafeMutableBufferPointer { px in
        // The texture reads rows outside the box only; the hole writes inside it.
        let lent = UnsafeBufferPointer(px)
        ForkJoin.run(parts: bands.count, threads: threads) { part in
          for top in stride(
            from: bands[part].lowerBound, to: bands[part].upperBound, by: PhotoTexture.bandRows)
          {
            let rows = top..<min(bands[part].upperBound, top + PhotoTexture.bandRows)
            let texture = PhotoTexture(source: source, rows: rows, pixels: lent, imageWidth: imageWidth)
            for y in rows {
              for x in 0..<box.width {
                let a = Int32(wp[y * box.width + x])
                guard a > 0 else { continue }
                let ix = box.x + x
                let iy = box.y + y
                var colour = fill.colour(x, y)
                colour = (
                  carry * colour.0 + (1 - carry) * base.mean.0, carry * colour.1 + (1 - carry) * base.mean.1,
                  carry * colour.2 + (1 - carry) * base.mean.2
                )
                let d = texture.detail(x: ix, y: iy)
                colour = (colour.0 + gain * d.0, colour.1 + gain * d.1, colour.2 + gain * d.2)
                let l = k * recess.value(x: ix, y: iy)
                let t = l < 0 ? tint : lit
                colour = (colour.0 + l * t.0, colour.1 + l * t.1, colour.2 + l * t.2)
                let p = (iy * imageWidth + ix) * 4
                px[p] = StripedHole.mix(px[p], colour.0, a)
                px[p + 1] = StripedHole.mix(px[p + 1], colour.1, a)
                px[p + 2] = StripedHole.mix(px[p + 2], colour.2, a)
              }
            }
          }
        }
      }
    }
  }

  /// Holes with fewer pixels in their box than this are drawn on one thread (a thread costs more).
  static let pixelsPerThread = 1 << 16

  /// The recess light over `hole`: from `lightAngle` when a style key set one, else from one of
  /// the eight `light` directions.
  func recessShading(_ hole: CoverageMask) -> RecessShading {
    if let angle = lightAngle { return RecessShading(mask: hole, angle: angle, width: lightWidth) }
    return RecessShading(mask: hole, light: RecessShading.directions[((light % 8) + 8) % 8])
  }

  /// The surroundings' colour continued into the hole (`SurroundingsFill`), measured on a grid
  /// `size/96` times coarser for large holes, and the surroundings' mean local contrast.
  struct BaseFill {
    let fill: SurroundingsFill
    let region: PixelRect
    let scale: Int
    let radius: Int
    /// Mean absolute deviation of the surroundings' fine detail, about 0.8 × their 5×5 standard
    /// deviation at the hole's centre (levels).
    let contrast: Double
    /// The flat mean colour of the surroundings (the fill's colour averaged over the hole's box).
    let mean: (Double, Double, Double)
    /// The fill's colours at the grid cells the hole reads (nil when measured at full resolution).
    let table: SurroundingsFill.ColourTable?

    init(image: RGBAImage, hole: CoverageMask) {
      let box = hole.rect
      scale = max(1, max(box.width, box.height) / 96)
      radius = max(4, (max(box.width, box.height) + 5) / 6)
      let margin = 3 * radius + 2
      region = PixelRect(
        x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin
      ).intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
      // What the fill measures: the region itself, or the region on a grid `scale` times coarser
      // (radius 4 at least either way: `radius` is at least 4).
      let (picture, grid): (RGBAImage, CoverageMask) =
        scale == 1
        ? (image, hole.cropped(to: region))
        : StripedHole.downsample(image, region: region, hole: hole, by: scale)
      // The hole reads the fill's colour at its own pixels and its contrast at its centre only.
      let centre = Self.gridPoint(
        x: box.x + box.width / 2, y: box.y + box.height / 2, region: region, scale: scale)
      let first = Self.gridPoint(x: box.x, y: box.y, region: region, scale: scale)
      let last = Self.gridPoint(x: box.maxX - 1, y: box.maxY - 1, region: region, scale: scale)
      let reads = SurroundingsFill.Reads(
        colour: SurroundingsFill.Reads.cells(
          u: first.0...last.0, v: first.1...last.1, width: grid.width, height: grid.height),
        contrast: SurroundingsFill.Reads.cells(
          u: centre.0...centre.0, v: centre.1...centre.1, width: grid.width, height: grid.height))
      fill = SurroundingsFill(
        image: picture, region: scale == 1 ? region : grid.rect, hole: grid, radius: max(4, radius / scale),
        reads: reads)
      contrast = 0.8 * fill.sampleContrast(x: centre.0, y: centre.1)
      mean = fill.sampleColour(x: centre.0, y: centre.1)
      table = scale == 1 ? nil : fill.colourTable()
    }

    /// The continued colour at image pixel (x, y).
    @inline(__always) func colour(x: Int, y: Int) -> (Double, Double, Double) {
      guard let table else { return fill.colour(x: x - region.x, y: y - region.y) }
      let g = Self.gridPoint(x: x, y: y, region: region, scale: scale)
      return table.sample(x: g.0, y: g.1)
    }

    /// `colour(x:y:)` over `box`, with what depends on only one coordinate worked out once per
    /// column and once per row: the same numbers.
    struct Reader {
      typealias Axis = SurroundingsFill.ColourTable.Axis
      let base: BaseFill
      let box: PixelRect
      /// The grid's colours and their axes over the box's columns and rows (nil: measured at full
      /// resolution).
      let grid: (table: SurroundingsFill.ColourTable, columns: Axis, rows: Axis)?

      init(_ base: BaseFill, box: PixelRect) {
        self.base = base
        self.box = box
        grid = base.table.map { table in
          let xs = (box.x..<box.maxX).map { gridCoordinate($0, origin: base.region.x, scale: base.scale) }
          let ys = (box.y..<box.maxY).map { gridCoordinate($0, origin: base.region.y, scale: base.scale) }
          return (table, table.axis(xs, horizontal: true), table.axis(ys, horizontal: false))
        }
      }

      /// The continued colour at the box's pixel (x, y) (box coordinates).
      @inline(__always) func colour(_ x: Int, _ y: Int) -> (Double, Double, Double) {
        guard let grid else { return base.colour(x: box.x + x, y: box.y + y) }
        return grid.table.sample(x, of: grid.columns, y, of: grid.rows)
      }
    }

    /// Image pixel (x, y)'s centre in the measuring grid's coordinates.
    static func gridPoint(x: Int, y: Int, region: PixelRect, scale: Int) -> (Double, Double) {
      (gridCoordinate(x, origin: region.x, scale: scale), gridCoordinate(y, origin: region.y, scale: scale))
    }

    /// Image column or row `v`'s centre in the grid's coordinates (the grid starts at `origin`).
    static func gridCoordinate(_ v: Int, origin: Int, scale: Int) -> Double {
      (Double(v - origin) + 0.5) / Double(scale) - 0.5
    }
  }
}
