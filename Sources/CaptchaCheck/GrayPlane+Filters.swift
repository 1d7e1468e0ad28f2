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

extension GrayPlane {
  /// A Gaussian blur of standard deviation `sigma` as OpenCV's `GaussianBlur(img, (0, 0), sigma)`
  /// does it on float images: 2·round(4σ)+1 taps (at least 3) of exp(−x²/2σ²) normalised to 1,
  /// rows then columns, mirrored at the edges without repeating the edge pixel (`BORDER_REFLECT_101`).
  /// Used by the self-attacks only (reports, not output files), so libm's `exp` is fine here.
  public func gaussianBlurred(sigma: Double) -> GrayPlane {
    guard width > 1, height > 1, sigma > 0 else { return self }
    let size = Int((sigma * 8 + 1).rounded()) | 1
    let half = size / 2
    var kernel = (0..<size).map { i -> Double in
      let x = Double(i - half)
      return exp(-0.5 / (sigma * sigma) * x * x)
    }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }
    let taps = kernel.map { Float($0) }
    func reflect(_ i: Int, _ n: Int) -> Int {
      var i = i
      while i < 0 || i >= n { i = i < 0 ? -i : 2 * n - 2 - i }
      return i
    }
    // Rows: each row copied into a buffer with `half` mirrored pixels either side, then convolved.
    var rows = [Float](repeating: 0, count: width * height)
    var line = [Float](repeating: 0, count: width + 2 * half)
    values.withUnsafeBufferPointer { src in
      rows.withUnsafeMutableBufferPointer { dst in
        line.withUnsafeMutableBufferPointer { buf in
          for y in 0..<height {
            for i in 0..<buf.count { buf[i] = src[y * width + reflect(i - half, width)] }
            for x in 0..<width {
              var s: Float = 0
              for k in 0..<size { s += taps[k] * buf[x + k] }
              dst[y * width + x] = s
            }
          }
        }
      }
    }
    // Columns: each output row is a weighted sum of `size` mirrored source rows.
    var out = [Float](repeating: 0, count: width * height)
    rows.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        for y in 0..<height {
          let o = dst.baseAddress! + y * width
          for k in 0..<size {
            let r = src.baseAddress! + reflect(y + k - half, height) * width
            let t = taps[k]
            for x in 0..<width { o[x] += t * r[x] }
          }
        }
      }
    }
    return GrayPlane(width: width, height: height, values: out)
  }

  /// 3×3 Sobel derivatives in float (x: right minus left, y: below minus above), mirrored at the edges
  /// without repeating the edge pixel (`cv2.Sobel(img, CV_32F, …, ksize=3)`'s default border).
  public func sobel() -> (dx: GrayPlane, dy: GrayPlane) {
    var dx = GrayPlane(width: width, height: height)
    var dy = GrayPlane(width: width, height: height)
    guard width > 1, height > 1 else { return (dx, dy) }
    func at(_ x: Int, _ y: Int) -> Float {
      let rx = x < 0 ? -x : (x >= width ? 2 * width - 2 - x : x)
      let ry = y < 0 ? -y : (y >= height ? 2 * height - 2 - y : y)
      return values[ry * width + rx]
    }
    for y in 0..<height {
      for x in 0..<width {
        let tl = at(x - 1, y - 1)
        let t = at(x, y - 1)
        let tr = at(x + 1, y - 1)
        let l = at(x - 1, y)
        let r = at(x + 1, y)
        let bl = at(x - 1, y + 1)
        let b = at(x, y + 1)
        let br = at(x + 1, y + 1)
        dx[x, y] = (tr + 2 * r + br) - (tl + 2 * l + bl)
        dy[x, y] = (bl + 2 * b + br) - (tl + 2 * t + tr)
      }
    }
    return (dx, dy)
  }

  /// Channel `c` (0 = R, 1 = G, 2 = B, 3 = A) of `image`, 0…255.
  public init(channel c: Int, of image: RGBAImage) {
    var out = [Float](repeating: 0, count: image.width * image.height)
    for i in 0..<out.count { out[i] = Float(image.pixels[4 * i + c]) }
    self.init(width: image.width, height: image.height, values: out)
  }
}
