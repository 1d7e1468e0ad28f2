import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Attack class 7a, hole finding by statistics (the attack suite's `hole-contrast`): how
/// far the mean inside a piece-shaped window stands out of a 4-px ring around it, over the ring's
/// own spread, on three maps (grey, log grey, HSV saturation) and for two windows (the piece's
/// shape eroded by 4 px, where a hole drawn inside the outline shows, and the whole shape), summed.
/// A hole whose brightness, darkness or saturation differs from the photo around it scores high,
/// whatever its texture.
public struct HoleContrastAttack: ClientAttack {
  public let name = "hole-contrast"

  /// The erosions of the piece's shape tried (pixels): the striped hole's inset and none.
  static let insets = [4, 0]
  /// Width of the ring around the window.
  static let ringWidth = 4

  public init() {}

  public func scores(_ view: ClientView) -> ScoreMap {
    let space = view.searchSpace
    let gray = GrayPlane(luma: view.background)
    let maps = [
      gray,
      GrayPlane(
        width: gray.width, height: gray.height, values: gray.values.map { Float(log(Double($0) + 8)) }),
      Self.saturation(view.background),
    ]
    let shape = StructuringDisc.binaryAlpha(view.piece)
    var total = [Double](repeating: 0, count: space.count)
    for inset in Self.insets {
      let window = StructuringDisc.eroded(shape, width: view.piece.width, radius: inset)
      let (inner, ring, w) = StructuringDisc.ring(window, width: view.piece.width, ringWidth: Self.ringWidth)
      for map in maps {
        let z = Self.zContrast(map, inner: inner, ring: ring, templateWidth: w, space: space)
        for i in 0..<total.count { total[i] += z[i] }
      }
    }
    return ScoreMap(space: space, scores: total)
  }

  /// |mean inside − mean in the ring| / √(ring variance + 10⁻³ · the map's variance + 10⁻⁶) at every
  /// position, on the map padded by the ring width (mirrored, OpenCV's `BORDER_REFLECT`).
  static func zContrast(_ f: GrayPlane, inner: [Bool], ring: [Bool], templateWidth w: Int, space: SearchSpace)
    -> [Double]
  {
    let n = Double(f.values.count)
    let mean = f.values.reduce(0.0) { $0 + Double($1) } / n
    let variance = f.values.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / n
    let sums = RowPrefixSums(f.padded(by: ringWidth, border: .reflect))
    let inRuns = MaskRuns(mask: inner, width: w).runs
    let ringRuns = MaskRuns(mask: ring, width: w).runs
    let nIn = Double(max(1, inner.filter { $0 }.count))
    let nRing = Double(max(1, ring.filter { $0 }.count))
    var out = [Double](repeating: 0, count: space.count)
    var i = 0
    for y in space.ys {
      for x in space.xs {
        var sIn = 0.0
        for r in inRuns { sIn += sums.sums(row: y + r.dy, from: x + r.x0, to: x + r.x1).sum }
        var sRing = 0.0
        var qRing = 0.0
        for r in ringRuns {
          let s = sums.sums(row: y + r.dy, from: x + r.x0, to: x + r.x1)
          sRing += s.sum
          qRing += s.squares
        }
        let mRing = sRing / nRing
        let vRing = max(qRing / nRing - mRing * mRing, 0)
        out[i] = abs(sIn / nIn - mRing) / (vRing + 1e-3 * variance + 1e-6).squareRoot()
        i += 1
      }
    }
    return out
  }

  /// HSV saturation 0…1 as OpenCV computes it for 8-bit pixels: (max − min) / max, 0 for black.
  static func saturation(_ image: RGBAImage) -> GrayPlane {
    var out = [Float](repeating: 0, count: image.width * image.height)
    for i in 0..<out.count {
      let r = Int(image.pixels[4 * i])
      let g = Int(image.pixels[4 * i + 1])
      let b = Int(image.pixels[4 * i + 2])
      let v = max(r, g, b)
      guard v > 0 else { continue }
      out[i] = Float((Double(255 * (v - min(r, g, b))) / Double(v)).rounded()) / 255
    }
    return GrayPlane(width: image.width, height: image.height, values: out)
  }
}
