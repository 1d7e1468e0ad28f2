import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// The background of a rotate captcha: the picture averaged around the disc's centre,
/// so every pixel takes the mean colour of the picture's ring at its distance from the centre,
/// and a darker socket where the disc sits. It keeps the picture's colours (a soft halo, not a grey
/// ring) but no direction at all: whatever a solver compares against the piece's rim scores the
/// same at every turn, so rim matching (tenon and the like) is left with chance, and the disc can
/// be large with nothing between it and the halo. Nothing of the disc is kept: the socket and the
/// disc's area are one flat colour, the mean of the ring just outside the socket.
enum RadialBackdrop {
  /// How much of the picture's brightness the halo keeps, in 1/256 (a little darker, so the disc
  /// stands out).
  static let haloShade = 200
  /// The socket's brightness relative to the ring outside it, in 1/256.
  static let socketShade = 120
  /// Rings averaged on each side of a radius (the halo's radial softness, in pixels).
  static let smoothing = 10

  /// Replaces every pixel of `background`: the halo outside the hole, the socket inside it.
  static func apply(to background: inout RGBAImage, geometry g: DiscGeometry) throws {
    let profile = smoothed(ringMeans(background, geometry: g))
    let hole = Double(g.holeRadius)
    let socket = profile[min(profile.count - 1, g.holeRadius + smoothing)].map {
      ($0 * socketShade + 128) >> 8
    }
    let box = PixelRect(x: 0, y: 0, width: background.width, height: background.height)
    let mask = try Path.circle(center: Point(Double(g.centerX), Double(g.centerY)), radius: hole).fill(
      rule: .nonzero, clip: box, tolerance: PieceOutline.flatteningTolerance)
    let w = background.width
    for y in 0..<background.height {
      for x in 0..<w {
        let rho = Double(g.distance4(x, y)).squareRoot() / 2
        let i = min(profile.count - 2, Int(rho))
        let f = rho - Double(i)
        let cov = Int(mask.coverage(atX: x, y: y))
        let p = (y * w + x) * 4
        for c in 0..<3 {
          let halo =
            (Double(profile[i][c]) * (1 - f) + Double(profile[i + 1][c]) * f) * Double(haloShade) / 256
          let v = (Int(halo.rounded()) * (255 - cov) + socket[c] * cov + 127) / 255
          background.pixels[p + c] = UInt8(min(255, max(0, v)))
        }
        background.pixels[p + 3] = 255
      }
    }
  }

  /// Mean R, G, B of the picture's pixels whose centres lie at each whole distance from the
  /// centre (ring k: k ≤ distance < k + 1), beyond the hole; rings inside the hole, and rings with
  /// no pixel, take the nearest ring's mean outside the hole.
  static func ringMeans(_ image: RGBAImage, geometry g: DiscGeometry) -> [[Int]] {
    let corners = [(0, 0), (image.width, 0), (0, image.height), (image.width, image.height)]
    let far = corners.map { Double(g.distance4($0.0, $0.1)).squareRoot() / 2 }.max() ?? 0
    let count = Int(far) + 2
    var sum = [[Int]](repeating: [0, 0, 0], count: count)
    var n = [Int](repeating: 0, count: count)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let k = Int(Double(g.distance4(x, y)).squareRoot() / 2)
        guard k >= g.holeRadius else { continue }
        let p = (y * image.width + x) * 4
        for c in 0..<3 { sum[k][c] += Int(image.pixels[p + c]) }
        n[k] += 1
      }
    }
    var means = [[Int]?](repeating: nil, count: count)
    for k in 0..<count where n[k] > 0 { means[k] = sum[k].map { ($0 + n[k] / 2) / n[k] } }
    // Empty rings (inside the hole, or beyond the corners) take the nearest filled ring's mean.
    let filled = means.indices.filter { means[$0] != nil }
    guard !filled.isEmpty else { return [[Int]](repeating: [128, 128, 128], count: count) }
    return means.indices.map { k in
      means[k] ?? means[filled.min { abs($0 - k) < abs($1 - k) }!]!
    }
  }

  /// The profile averaged over `smoothing` rings on each side (clamped at the ends).
  static func smoothed(_ profile: [[Int]]) -> [[Int]] {
    profile.indices.map { k in
      let lo = max(0, k - smoothing)
      let hi = min(profile.count - 1, k + smoothing)
      return (0..<3).map { c in
        let s = (lo...hi).reduce(0) { $0 + profile[$1][c] }
        return (s + (hi - lo + 1) / 2) / (hi - lo + 1)
      }
    }
  }
}
