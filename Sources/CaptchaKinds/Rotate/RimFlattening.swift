import CaptchaImaging
import CaptchaSupport

/// Takes the colour layout out of the piece's outer ring: the mean colour of each 5° sector of the
/// rim ring (0.8 r…r) is replaced by the ring's overall mean, fully there and fading out towards
/// half the radius, so the rim keeps its fine texture but no longer says
/// "this side of the disc faced the sky". Rim matching otherwise finds the angle from that layout
/// alone, across any gap. The middle of the disc, where people look, is untouched. IEEE
/// + − × ÷ and square roots only (no libm), so the pixels are the
/// same everywhere.
enum RimFlattening {
  /// Sector width in degrees.
  static let sector = 5
  /// Sectors averaged on each side when smoothing (0: each sector on its own, which measured best).
  static let smoothing = 0
  /// Fraction of the radius where the correction starts (0) and where it is complete (1).
  static let fadeStart = 0.5
  static let fadeEnd = 0.8

  /// Flattens `piece` (square, the disc inscribed) in place; alpha is unchanged.
  static func apply(to piece: inout RGBAImage) {
    let n = 360 / sector
    let r = Double(piece.width) / 2
    var sum = [[Double]](repeating: [0, 0, 0], count: n)
    var count = [Double](repeating: 0, count: n)
    forEachRingPixel(piece, radius: r) { p, bin, _, weight in
      // Sector means come from the fully corrected outer ring only, so the rim's own colours are
      // what gets flattened.
      guard weight == 1 else { return }
      for c in 0..<3 { sum[bin][c] += Double(piece.pixels[p + c]) }
      count[bin] += 1
    }
    let sectorMean = (0..<n).map { b in (0..<3).map { c in count[b] > 0 ? sum[b][c] / count[b] : 0 } }
    let smoothed = (0..<n).map { b in
      (0..<3).map { c in
        var s = 0.0
        for k in -smoothing...smoothing { s += sectorMean[(b + k + n) % n][c] }
        return s / Double(2 * smoothing + 1)
      }
    }
    let overall = (0..<3).map { c in smoothed.reduce(0) { $0 + $1[c] } / Double(n) }
    forEachRingPixel(piece, radius: r) { p, bin, frac, weight in
      let next = (bin + 1) % n
      for c in 0..<3 {
        let local = smoothed[bin][c] * (1 - frac) + smoothed[next][c] * frac
        let v = Double(piece.pixels[p + c]) + weight * (overall[c] - local)
        piece.pixels[p + c] = UInt8(min(255, max(0, v.rounded())))
      }
    }
  }

  /// Calls `body(byte offset, sector, fraction towards the next sector's centre, fade weight)` for
  /// every pixel whose centre lies between `fadeStart` × radius and the rim.
  static func forEachRingPixel(
    _ piece: RGBAImage, radius r: Double, _ body: (Int, Int, Double, Double) -> Void
  ) {
    let n = 360 / sector
    for y in 0..<piece.height {
      for x in 0..<piece.width {
        let dx = Double(x) + 0.5 - r
        let dy = Double(y) + 0.5 - r
        let rho = (dx * dx + dy * dy).squareRoot() / r
        guard rho >= fadeStart, rho <= 1 else { continue }
        // Position in sectors, measured from the centre of sector 0.
        var pos = degrees(dy, dx) / Double(sector) - 0.5
        if pos < 0 { pos += Double(n) }
        let bin = Int(pos) % n
        let t = min(1, (rho - fadeStart) / (fadeEnd - fadeStart))
        body((y * piece.width + x) * 4, bin, pos - Double(Int(pos)), t * t * (3 - 2 * t))
      }
    }
  }

  /// atan2(y, x) in degrees, 0…360, clockwise from +x on a y-down screen, from + − × ÷ and √ only.
  static func degrees(_ y: Double, _ x: Double) -> Double {
    let ax = abs(x)
    let ay = abs(y)
    guard ax > 0 || ay > 0 else { return 0 }
    // atan of the smaller over the larger (0…1), halved twice: atan(u) = 2·atan(u / (1 + √(1 + u²))).
    var u = min(ax, ay) / max(ax, ay)
    u = u / (1 + (1 + u * u).squareRoot())
    u = u / (1 + (1 + u * u).squareRoot())
    var term = u
    var a = u
    for k in 1...8 {
      term *= -u * u
      a += term / Double(2 * k + 1)
    }
    var d = 4 * a * 180 / PortableMath.pi
    if ay > ax { d = 90 - d }
    if x < 0 { d = 180 - d }
    if y < 0 { d = 360 - d }
    return d >= 360 ? d - 360 : d
  }
}
