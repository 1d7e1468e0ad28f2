import CaptchaSupport
import VectorRaster

/// A one-channel plane of non-negative integers (e.g. a colour channel times a weight), with the
/// box blur that smooth fills and mask blurs are built from. Integer arithmetic only, so results
/// are identical on every machine.
public struct IntPlane: Equatable, Sendable {
  public var width: Int
  public var height: Int
  /// Row-major values, `width * height` of them; blurs expect them ≥ 0.
  public var values: [Int32]

  public init(width: Int, height: Int, values: [Int32]) {
    precondition(values.count == width * height, "plane size mismatch")
    self.width = width
    self.height = height
    self.values = values
  }

  public init(width: Int, height: Int, fill: Int32 = 0) {
    self.init(width: width, height: height, values: [Int32](repeating: fill, count: width * height))
  }

  /// A box blur of radius `radius` (a (2r+1)² average, rounded after each 1-D pass), applied
  /// `passes` times (two or three passes approximate a Gaussian). Pixels outside the plane count
  /// as 0, so blurring a weighted quantity and its weight the same way and dividing gives a
  /// normalised (edge-correct) average. Sliding sums make it O(1) per pixel whatever the radius.
  public func boxBlurred(radius: Int, passes: Int) -> IntPlane {
    guard radius > 0, width > 0, height > 0, passes > 0 else { return self }
    let w = width
    let h = height
    var cur = values
    var tmp = values
    var colSum = [Int64](repeating: 0, count: w)
    let n = Int64(2 * radius + 1)
    for _ in 0..<passes {
      cur.withUnsafeMutableBufferPointer { c in
        tmp.withUnsafeMutableBufferPointer { t in
          for y in 0..<h {
            let row = y * w
            var s: Int64 = 0
            for k in 0...min(radius, w - 1) { s += Int64(c[row + k]) }
            for x in 0..<w {
              t[row + x] = Int32((s + n / 2) / n)
              let add = x + radius + 1
              let drop = x - radius
              if add < w { s += Int64(c[row + add]) }
              if drop >= 0 { s -= Int64(c[row + drop]) }
            }
          }
          colSum.withUnsafeMutableBufferPointer { cs in
            for x in 0..<w { cs[x] = 0 }
            for k in 0...min(radius, h - 1) {
              for x in 0..<w { cs[x] += Int64(t[k * w + x]) }
            }
            for y in 0..<h {
              let row = y * w
              for x in 0..<w { c[row + x] = Int32((cs[x] + n / 2) / n) }
              let add = y + radius + 1
              let drop = y - radius
              if add < h { for x in 0..<w { cs[x] += Int64(t[add * w + x]) } }
              if drop >= 0 { for x in 0..<w { cs[x] -= Int64(t[drop * w + x]) } }
            }
          }
        }
      }
    }
    return IntPlane(width: w, height: h, values: cur)
  }
}
