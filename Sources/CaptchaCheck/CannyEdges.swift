import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// A plain Canny edge detector, written to give the same edges as OpenCV's `cv2.Canny(img, low,
/// high)` on 8-bit input (3×3 Sobel, L1 gradient), because the self-attacks reproduce attacks written
/// with OpenCV:
/// 1. Sobel derivatives dx, dy (edge pixels repeated at the border), magnitude |dx| + |dy|;
/// 2. non-maximum suppression: a pixel stays a candidate when its magnitude exceeds `low` and is a
///    maximum along the gradient direction, quantised to horizontal, vertical or one of the two
///    diagonals (tan 22.5° boundaries; magnitudes outside the image count as 0);
/// 3. hysteresis: candidates above `high` are edges, and so is every candidate 8-connected to an edge.
public enum CannyEdges {
  /// The edge map of `plane` (integer values 0…255 expected): 255 on edges, 0 elsewhere.
  public static func detect(_ plane: GrayPlane, low: Int, high: Int) -> GrayPlane {
    let w = plane.width
    let h = plane.height
    guard w > 0, h > 0 else { return plane }
    let (dx, dy) = sobel(plane)
    let magnitude = zip(dx, dy).map { abs($0) + abs($1) }
    func mag(_ x: Int, _ y: Int) -> Int {
      x < 0 || y < 0 || x >= w || y >= h ? 0 : magnitude[y * w + x]
    }

    // 0 = not an edge, 1 = candidate (weak), 2 = edge (strong or connected to one).
    var state = [UInt8](repeating: 0, count: w * h)
    var stack: [Int] = []
    // tan(22.5°) in 15-bit fixed point, as OpenCV quantises directions.
    let shift = 15
    let tan22 = Int((0.4142135623730950488 * Double(1 << shift)).rounded())
    for y in 0..<h {
      for x in 0..<w {
        let m = magnitude[y * w + x]
        guard m > low else { continue }
        let gx = dx[y * w + x]
        let gy = dy[y * w + x]
        let ax = abs(gx)
        let ay = abs(gy) << shift
        let tg22x = ax * tan22
        let isMaximum: Bool
        if ay < tg22x {
          // Mostly horizontal gradient: compare with the left and right neighbours.
          isMaximum = m > mag(x - 1, y) && m >= mag(x + 1, y)
        } else if ay > tg22x + (ax << (shift + 1)) {
          // Mostly vertical gradient: compare with the pixels above and below.
          isMaximum = m > mag(x, y - 1) && m >= mag(x, y + 1)
        } else {
          // Diagonal: the neighbours along the gradient's diagonal.
          let s = (gx ^ gy) < 0 ? -1 : 1
          isMaximum = m > mag(x - s, y - 1) && m > mag(x + s, y + 1)
        }
        guard isMaximum else { continue }
        if m > high {
          state[y * w + x] = 2
          stack.append(y * w + x)
        } else {
          state[y * w + x] = 1
        }
      }
    }

    // Hysteresis: grow edges into 8-connected candidates.
    while let i = stack.popLast() {
      let x = i % w
      let y = i / w
      for ny in max(y - 1, 0)...min(y + 1, h - 1) {
        for nx in max(x - 1, 0)...min(x + 1, w - 1) where state[ny * w + nx] == 1 {
          state[ny * w + nx] = 2
          stack.append(ny * w + nx)
        }
      }
    }
    return GrayPlane(width: w, height: h, values: state.map { $0 == 2 ? 255 : 0 })
  }

  /// 3×3 Sobel derivatives (x: right minus left, y: below minus above), border pixels repeated.
  static func sobel(_ plane: GrayPlane) -> (dx: [Int], dy: [Int]) {
    let w = plane.width
    let h = plane.height
    let v = plane.values.map { Int($0) }
    func at(_ x: Int, _ y: Int) -> Int { v[min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)] }
    var dx = [Int](repeating: 0, count: w * h)
    var dy = [Int](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        let tl = at(x - 1, y - 1)
        let t = at(x, y - 1)
        let tr = at(x + 1, y - 1)
        let l = at(x - 1, y)
        let r = at(x + 1, y)
        let bl = at(x - 1, y + 1)
        let b = at(x, y + 1)
        let br = at(x + 1, y + 1)
        dx[y * w + x] = (tr + 2 * r + br) - (tl + 2 * l + bl)
        dy[y * w + x] = (bl + 2 * b + br) - (tl + 2 * t + tr)
      }
    }
    return (dx, dy)
  }
}
