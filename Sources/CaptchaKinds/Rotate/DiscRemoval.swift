import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Removes the disc and the gap band from the background: every pixel within the hole radius is
/// replaced by the mean colour of a thin ring just outside the hole, darkened a little so people see
/// the socket, plus fresh noise. Nothing of the disc's content is left (not even blurred), and the
/// fill carries no direction a solver could match. The hole's edge is anti-aliased with our
/// rasteriser's coverage.
enum DiscRemoval {
  /// Width of the ring outside the hole whose mean colour fills it.
  static let surroundWidth = 4
  /// The fill's brightness relative to the surround's mean, in 1/256.
  static let fillShade = 216
  /// Amplitude of the fill's noise in levels.
  static let noise = 10

  static func remove(from background: inout RGBAImage, geometry g: DiscGeometry, noiseSeed: UInt64) throws {
    let fill = surroundMean(background, geometry: g).map { ($0 * fillShade + 128) >> 8 }
    let rh = g.holeRadius
    let box = PixelRect(x: g.centerX - rh - 1, y: g.centerY - rh - 1, width: 2 * rh + 2, height: 2 * rh + 2)
    let mask = try Path.circle(center: Point(Double(g.centerX), Double(g.centerY)), radius: Double(rh)).fill(
      rule: .nonzero, clip: box, tolerance: PieceOutline.flatteningTolerance)
    let w = background.width
    let span = UInt64(noise + 1)
    for y in max(0, box.y)..<min(background.height, box.y + box.height) {
      for x in max(0, box.x)..<min(w, box.x + box.width) {
        let cov = Int(mask.coverage(atX: x, y: y))
        guard cov > 0 else { continue }
        let p = (y * w + x) * 4
        let h = ToneJitter.hash(noiseSeed, UInt64(y * w + x))
        for c in 0..<3 {
          let u0 = ((h >> (20 * UInt64(c))) & 1023) % span
          let u1 = ((h >> (20 * UInt64(c) + 10)) & 1023) % span
          let n = Int(u0 + u1) - noise  // triangular in ±noise
          let f = min(255, max(0, fill[c] + n))
          background.pixels[p + c] = UInt8(
            (f * cov + Int(background.pixels[p + c]) * (255 - cov) + 127) / 255)
        }
      }
    }
  }

  /// Mean R, G, B of the pixels whose centres lie in the ring from the hole's edge to
  /// `surroundWidth` px beyond it.
  static func surroundMean(_ image: RGBAImage, geometry g: DiscGeometry) -> [Int] {
    let inner = 4 * g.holeRadius * g.holeRadius
    let outerR = g.holeRadius + surroundWidth
    let outer = 4 * outerR * outerR
    var sum = [0, 0, 0]
    var n = 0
    for y in max(0, g.centerY - outerR)..<min(image.height, g.centerY + outerR) {
      for x in max(0, g.centerX - outerR)..<min(image.width, g.centerX + outerR) {
        let d = g.distance4(x, y)
        guard d >= inner, d < outer else { continue }
        let p = (y * image.width + x) * 4
        for c in 0..<3 { sum[c] += Int(image.pixels[p + c]) }
        n += 1
      }
    }
    return n == 0 ? [128, 128, 128] : sum.map { ($0 + n / 2) / n }
  }
}
