import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// Binary morphology with OpenCV's elliptic structuring element (`getStructuringElement(
/// MORPH_ELLIPSE, (2r+1, 2r+1))`), as the attack suite's hole finders use it: masks are row-major
/// `[Bool]` of a given width.
enum StructuringDisc {
  /// Offsets (dx, dy) of the disc of radius `r`: row dy spans |dx| ≤ round(√(r² − dy²)).
  static func offsets(radius r: Int) -> [(Int, Int)] {
    guard r > 0 else { return [(0, 0)] }
    var out: [(Int, Int)] = []
    for dy in -r...r {
      let half = Int((Double(r * r - dy * dy)).squareRoot().rounded())
      for dx in -half...half { out.append((dx, dy)) }
    }
    return out
  }

  /// The piece's coverage, alpha ≥ 128.
  static func binaryAlpha(_ piece: RGBAImage) -> [Bool] {
    (0..<(piece.width * piece.height)).map { piece.pixels[4 * $0 + 3] >= 128 }
  }

  /// `mask` eroded by the disc (outside the mask counts as empty).
  static func eroded(_ mask: [Bool], width w: Int, radius r: Int) -> [Bool] {
    guard r > 0 else { return mask }
    let h = mask.count / w
    let disc = offsets(radius: r)
    return (0..<mask.count).map { i in
      let x = i % w
      let y = i / w
      return disc.allSatisfy { d in
        let u = x + d.0
        let v = y + d.1
        return u >= 0 && v >= 0 && u < w && v < h && mask[v * w + u]
      }
    }
  }

  /// The mask padded by `ringWidth` on every side, and the ring: pixels within the disc of radius
  /// `ringWidth` of the mask but not in it; returns both and the padded width.
  static func ring(_ mask: [Bool], width w: Int, ringWidth p: Int) -> (
    inner: [Bool], ring: [Bool], width: Int
  ) {
    let h = mask.count / w
    let pw = w + 2 * p
    let ph = h + 2 * p
    var inner = [Bool](repeating: false, count: pw * ph)
    for y in 0..<h {
      for x in 0..<w where mask[y * w + x] { inner[(y + p) * pw + x + p] = true }
    }
    var grown = inner
    let disc = offsets(radius: p)
    for y in 0..<ph {
      for x in 0..<pw where inner[y * pw + x] {
        for d in disc {
          let u = x + d.0
          let v = y + d.1
          if u >= 0 && v >= 0 && u < pw && v < ph { grown[v * pw + u] = true }
        }
      }
    }
    let ring = (0..<grown.count).map { grown[$0] && !inner[$0] }
    return (inner, ring, pw)
  }
}
