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

/// Attack class 4, boundary continuity (the attack suite's `boundary`): the piece's colours just
/// inside its outline should continue the background just outside the true hole. For every outline
/// pixel, the piece's colour 2.5 px inside (along the outline's normal) is paired with the offset
/// 1.5 px outside (past a drawn rim or edge line); both pictures are blurred with σ = 1 against noise;
/// a position scores minus the mean colour difference over the pairs. Unlike the correlation attacks
/// it needs nothing inside the hole, so filling the hole with anything does not stop it.
public struct BoundaryAttack: ClientAttack {
  public let name = "boundary"

  static let inside: Float = 2.5
  static let outside: Float = 1.5
  static let sigma = 1.0

  public init() {}

  public func scores(_ view: ClientView) -> ScoreMap {
    let space = view.searchSpace
    let pairs = BorderPairs(piece: view.piece, inside: Self.inside, outside: Self.outside, sigma: Self.sigma)
    guard !pairs.colours.isEmpty else {
      return ScoreMap(space: space, scores: [Double](repeating: -.infinity, count: space.count))
    }
    let pad = pairs.offsets.map { max(abs($0.dy), abs($0.dx)) }.max()! + 2
    let channels = (0..<3).map {
      GrayPlane(channel: $0, of: view.background).gaussianBlurred(sigma: Self.sigma)
        .padded(by: pad, border: .reflect)
    }
    let stride = channels[0].width
    let nx = space.xs.count
    var totals = [Double](repeating: 0, count: space.count)
    channels[0].values.withUnsafeBufferPointer { r in
      channels[1].values.withUnsafeBufferPointer { g in
        channels[2].values.withUnsafeBufferPointer { b in
          for (row, y) in space.ys.enumerated() {
            for (offset, colour) in zip(pairs.offsets, pairs.colours) {
              let base = (y + offset.dy + pad) * stride + space.xs.lowerBound + offset.dx + pad
              let (cr, cg, cb) = (colour[0], colour[1], colour[2])
              for k in 0..<nx {
                let d = abs(r[base + k] - cr) + abs(g[base + k] - cg) + abs(b[base + k] - cb)
                totals[row * nx + k] += Double(d)
              }
            }
          }
        }
      }
    }
    let n = Double(pairs.colours.count)
    return ScoreMap(space: space, scores: totals.map { -$0 / n })
  }
}

/// Pairs (piece colour just inside the outline, offset just outside it) along the outline's normal,
/// as the attack suite's `_border_pairs` finds them: outline pixels are the alpha ≥ 128 pixels with a
/// neighbour below 128; the normal is the gradient of the alpha blurred with σ = 1.5; the inner point
/// must be fully opaque and the outer point outside the shape (alpha 0 or off the piece). The piece is
/// first padded with 4 transparent pixels so a shape filling its box still has an outline.
struct BorderPairs {
  /// Piece colours (R, G, B) at the inner points, blurred with the alpha as weight.
  var colours: [[Float]] = []
  /// Outer points relative to the piece's top-left corner.
  var offsets: [(dy: Int, dx: Int)] = []

  init(piece: RGBAImage, inside: Float, outside: Float, sigma: Double) {
    let p = Int(outside.rounded(.up)) + 2
    let alpha = GrayPlane(alpha: piece).padded(by: p, border: .zero)
    let w = alpha.width
    let h = alpha.height
    func solid(_ x: Int, _ y: Int) -> Bool { alpha[x, y] >= 128 }
    let (gx, gy) = alpha.gaussianBlurred(sigma: 1.5).sobel()
    let weights = GrayPlane(width: w, height: h, values: alpha.values.map { $0 / 255 })
    let blurredWeights = weights.gaussianBlurred(sigma: sigma)
    let blurredColours = (0..<3).map { c -> GrayPlane in
      var plane = GrayPlane(channel: c, of: piece).padded(by: p, border: .zero)
      for i in 0..<plane.values.count { plane.values[i] *= weights.values[i] }
      return plane.gaussianBlurred(sigma: sigma)
    }
    // np.rint on float64: ties to even.
    func rint(_ v: Double) -> Int { Int(v.rounded(.toNearestOrEven)) }
    for y in 1..<h - 1 {
      for x in 1..<w - 1 where solid(x, y) {
        let interior = (-1...1).allSatisfy { dy in (-1...1).allSatisfy { dx in solid(x + dx, y + dy) } }
        if interior { continue }
        var nx = -gx[x, y]
        var ny = -gy[x, y]
        let norm = hypotf(nx, ny)
        guard norm > 1e-3 else { continue }
        nx /= norm
        ny /= norm
        let iy = rint(Double(y) - Double(inside * ny))
        let ix = rint(Double(x) - Double(inside * nx))
        let oy = rint(Double(y) + Double(outside * ny))
        let ox = rint(Double(x) + Double(outside * nx))
        guard iy >= 0, iy < h, ix >= 0, ix < w, alpha[ix, iy] == 255 else { continue }
        let outerOff = oy < 0 || oy >= h || ox < 0 || ox >= w
        guard outerOff || alpha[min(max(ox, 0), w - 1), min(max(oy, 0), h - 1)] == 0 else { continue }
        let den = max(blurredWeights[ix, iy], 1e-3)
        colours.append((0..<3).map { blurredColours[$0][ix, iy] / den })
        offsets.append((oy - p, ox - p))
      }
    }
  }
}
