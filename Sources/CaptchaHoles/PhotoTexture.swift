import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// The fine texture of the picture right above and below the hole, mirrored into it: the hole's
/// top half reads the rows above its box as in a mirror laid along the box's top edge, the bottom
/// half the rows below as in a mirror along its bottom edge (where one side runs out of rows, the
/// other side's are used; the box's own rows never are), shifted sideways by a few pixels drawn
/// per hole. Only the high-pass is lent
/// (each channel minus its box-blurred mean), so the hole gets the photo's own grain and edges of
/// the very place it sits in. The rows above and below the box lie outside the hole, and outside
/// every twin on the same row, so neither the cut-out picture nor another hole comes back.
///
/// A texture covers some of the box's rows (`rows`): the hole is painted band by band, each band's
/// texture worked out as it is painted, so no plane over the whole box is held beside a large
/// picture; the texture's strength, which the hole needs first, comes from a pass that only sums
/// (`channelTotal(_:of:from:bandRows:)`).
package struct PhotoTexture {
  /// How the lent rows are laid into the hole (a style key picks one per deployment).
  package enum Orientation: Int, CaseIterable, Sendable {
    /// As they are in the picture.
    case upright
    /// Mirrored left to right.
    case mirrored
    /// Shifted twice as far sideways.
    case shifted
  }

  /// Radius of the box blur whose residue is the texture (two passes).
  static let blurRadius = 4

  let box: PixelRect
  /// The box's rows (0 at its top) this texture covers.
  let rows: Range<Int>
  /// Per channel, the high-pass over `rows` of the box (levels, −255…255: 16 bits hold it).
  private let detail: [[Int16]]

  /// The texture of the box's rows `rows`, read from the picture's RGBA `pixels` (`imageWidth`
  /// pixels a row; only rows outside the box are read).
  init(source: Source, rows: Range<Int>, pixels: UnsafeBufferPointer<UInt8>, imageWidth: Int) {
    box = source.box
    self.rows = rows
    detail = (0..<3).map { c in
      Self.detail(c, rows: rows, from: source, pixels: pixels, imageWidth: imageWidth).detail
    }
  }

  /// Mean absolute detail over the box and the three channels (levels), the texture's strength:
  /// the sum of `channelTotal` over the channels.
  static func strength(totals: [Int64], box: PixelRect) -> Double {
    Double(totals.reduce(0, +)) / Double(max(1, 3 * box.width * box.height))
  }

  /// Where a hole's texture is read: the source row and column of each pixel of the box grown by
  /// the blur's reach, with the sideways shift drawn once.
  struct Source {
    let box: PixelRect
    /// The grown box's margin on each side (the two blur passes' reach).
    let margin: Int
    /// Image row of each grown-box row; empty when the picture has no row outside the box.
    let rows: [Int]
    /// Image column of each grown-box column.
    let columns: [Int]

    init(image: RGBAImage, box: PixelRect, orientation: Orientation, rng: inout Xoshiro256StarStar) {
      self.box = box
      let reach = max(1, box.width / 6) * (orientation == .shifted ? 2 : 1)
      let shift = rng.nextInt(in: -reach...reach)
      let w = box.width
      let h = box.height
      func reflect(_ i: Int, _ n: Int) -> Int {
        guard n > 1 else { return 0 }
        let period = 2 * n - 2
        var k = i % period
        if k < 0 { k += period }
        return k < n ? k : period - k
      }
      // The source row of each hole row (image coordinates), over the box grown by the blur's reach
      // so the local mean is measured on real picture at the box's edges too. Only rows outside the
      // box are ever read: nearest first on the half's own side, then the other side's, then back
      // and forth over all of them. A hole as tall as the picture gets no texture.
      let above = Array(stride(from: box.y - 1, through: 0, by: -1))
      let below = Array((box.y + box.height)..<max(box.y + box.height, image.height))
      let r = 2 * PhotoTexture.blurRadius
      margin = r
      let gw = w + 2 * r
      let gh = h + 2 * r
      guard !(above.isEmpty && below.isEmpty) else {
        rows = []
        columns = []
        return
      }
      var rows = [Int](repeating: 0, count: gh)
      for gy in 0..<gh {
        // Rows of the grown margin reflect back into the box's own rows.
        let y = reflect(gy - r, h)
        let top = y < h / 2
        let t = top ? y : h - 1 - y
        let near = top ? above : below
        let all = near + (top ? below : above)
        rows[gy] = t < near.count ? near[t] : all[reflect(t, all.count)]
      }
      var columns = [Int](repeating: 0, count: gw)
      for gx in 0..<gw {
        let x = gx - r
        let u = orientation == .mirrored ? w - 1 - x : x
        columns[gx] = reflect(box.x + u + shift, image.width)
      }
      self.rows = rows
      self.columns = columns
    }
  }

  /// One channel's high-pass over some of the box's rows and the sum of its absolute values.
  struct Channel {
    var detail: [Int16]
    var total: Int64
  }

  /// Rows of the box whose texture is worked out at once: the grown rows of one band (its own and
  /// the two passes' reach above and below) are the only 32-bit plane held, about 1 MB beside a
  /// 12 MP picture's hole, and the band's three channels 1.5 MB.
  static let bandRows = 224

  /// The sum of channel `c`'s absolute high-pass over the whole box, in bands of `bandRows` rows,
  /// holding no more than one band.
  static func channelTotal(_ c: Int, of image: RGBAImage, from source: Source, bandRows: Int = bandRows)
    -> Int64
  {
    image.pixels.withUnsafeBufferPointer { pixels in
      stride(from: 0, to: source.box.height, by: bandRows).reduce(Int64(0)) { total, top in
        total
          + detail(
            c, rows: top..<min(source.box.height, top + bandRows), from: source, pixels: pixels,
            imageWidth: image.width
          ).total
      }
    }
  }

  /// Channel `c`'s high-pass over the box's rows `rows`: the lent picture minus its two-pass
  /// box-blurred mean, on one plane of those rows grown by the passes' reach.
  static func detail(
    _ c: Int, rows: Range<Int>, from source: Source, pixels: UnsafeBufferPointer<UInt8>, imageWidth: Int
  ) -> Channel {
    let (w, r) = (source.box.width, source.margin)
    guard !source.rows.isEmpty else {
      return Channel(detail: [Int16](repeating: 0, count: w * rows.count), total: 0)
    }
    let (sourceRows, columns) = (source.rows, source.columns)
    // Grown-box row `gy` of the band is grown-box row `rows.lowerBound + gy` of the box.
    @inline(__always) func value(_ gx: Int, _ gy: Int) -> Int32 {
      Int32(pixels[(sourceRows[rows.lowerBound + gy] * imageWidth + columns[gx]) * 4 + c])
    }
    let mean = bandMean(width: w + 2 * r, height: rows.count + 2 * r, margin: r) { gx, gy in value(gx, gy) }
    var out = [Int16](repeating: 0, count: w * rows.count)
    var total: Int64 = 0
    for y in 0..<rows.count {
      for x in 0..<w {
        let d = value(x + r, y + r) - mean.values[(y + r) * mean.width + x + r]
        out[y * w + x] = Int16(d)
        total += Int64(abs(d))
      }
    }
    return Channel(detail: out, total: total)
  }

  /// The mean of one band: the grown plane of `width` × `height` values read by `value` (plane
  /// coordinates), blurred only inside its `margin` (the two passes' reach).
  static func bandMean(width: Int, height: Int, margin r: Int, value: (Int, Int) -> Int32) -> IntPlane {
    let values = [Int32](unsafeUninitializedCapacity: width * height) { buffer, count in
      for gy in 0..<height {
        for gx in 0..<width { buffer[gy * width + gx] = value(gx, gy) }
      }
      count = width * height
    }
    var mean = IntPlane(width: width, height: height, values: values)
    mean.blur(
      radius: blurRadius, passes: 2,
      within: PixelRect(x: r, y: r, width: width - 2 * r, height: height - 2 * r))
    return mean
  }

  /// The texture (levels, per channel) at image pixel (x, y), inside `box` on one of `rows`.
  @inline(__always) func detail(x: Int, y: Int) -> (Double, Double, Double) {
    let i = (y - box.y - rows.lowerBound) * box.width + x - box.x
    return (Double(detail[0][i]), Double(detail[1][i]), Double(detail[2][i]))
  }
}
