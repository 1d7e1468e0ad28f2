import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// A single-channel float image, row-major: the working format of the self-attacks (what OpenCV
/// code calls a float32 grey image). Values are usually 0…255.
public struct GrayPlane: Equatable, Sendable {
  public var width: Int
  public var height: Int
  public var values: [Float]

  public init(width: Int, height: Int, values: [Float]) {
    precondition(width >= 0 && height >= 0 && values.count == width * height, "GrayPlane size")
    self.width = width
    self.height = height
    self.values = values
  }

  public init(width: Int, height: Int, fill: Float = 0) {
    self.init(width: width, height: height, values: [Float](repeating: fill, count: width * height))
  }

  public subscript(x: Int, y: Int) -> Float {
    get { values[y * width + x] }
    set { values[y * width + x] = newValue }
  }

  /// The luma of `image`'s colour channels (alpha ignored) as an attacker's OpenCV computes it for
  /// 8-bit pixels: Y = (4899 R + 9617 G + 1868 B + 2^13) >> 14, i.e. 0.299 R + 0.587 G + 0.114 B
  /// rounded to an integer.
  public init(luma image: RGBAImage) {
    var out = [Float](repeating: 0, count: image.width * image.height)
    image.pixels.withUnsafeBufferPointer { px in
      for i in 0..<out.count {
        let r = Int(px[4 * i])
        let g = Int(px[4 * i + 1])
        let b = Int(px[4 * i + 2])
        out[i] = Float((4899 * r + 9617 * g + 1868 * b + 8192) >> 14)
      }
    }
    self.init(width: image.width, height: image.height, values: out)
  }

  /// `image`'s alpha channel, 0…255.
  public init(alpha image: RGBAImage) {
    var out = [Float](repeating: 0, count: image.width * image.height)
    for i in 0..<out.count { out[i] = Float(image.pixels[4 * i + 3]) }
    self.init(width: image.width, height: image.height, values: out)
  }

  /// How `padded` fills the new border.
  public enum Border: Sendable {
    /// Zeros (OpenCV `BORDER_CONSTANT`, value 0).
    case zero
    /// The nearest edge pixel repeated (OpenCV `BORDER_REPLICATE`).
    case replicate
    /// Mirrored, edge pixel included (OpenCV `BORDER_REFLECT`: …cba|abc…); `p` must not exceed the size.
    case reflect
  }

  /// The plane with `p` pixels added on every side.
  public func padded(by p: Int, border: Border) -> GrayPlane {
    let w = width + 2 * p
    let h = height + 2 * p
    var out = GrayPlane(width: w, height: h)
    guard width > 0, height > 0 else { return out }
    func source(_ i: Int, _ n: Int) -> Int {
      switch border {
      case .zero, .replicate: return min(max(i, 0), n - 1)
      case .reflect: return i < 0 ? min(-i - 1, n - 1) : (i >= n ? max(2 * n - 1 - i, 0) : i)
      }
    }
    for y in 0..<h {
      let sy = y - p
      if border == .zero && (sy < 0 || sy >= height) { continue }
      let ry = source(sy, height)
      for x in 0..<w {
        let sx = x - p
        if border == .zero && (sx < 0 || sx >= width) { continue }
        out.values[y * w + x] = values[ry * width + source(sx, width)]
      }
    }
    return out
  }

  /// A 3×3 Gaussian blur with weights (1, 2, 1)/4 per axis, mirroring at the edges without
  /// repeating the edge pixel (OpenCV's `GaussianBlur(img, (3, 3), 0)` with `BORDER_REFLECT_101`).
  public func blurred3() -> GrayPlane {
    guard width > 1, height > 1 else { return self }
    func reflect(_ i: Int, _ n: Int) -> Int { i < 0 ? -i : (i >= n ? 2 * n - 2 - i : i) }
    var rows = GrayPlane(width: width, height: height)
    for y in 0..<height {
      let row = y * width
      for x in 0..<width {
        let l = values[row + reflect(x - 1, width)]
        let r = values[row + reflect(x + 1, width)]
        rows.values[row + x] = 0.25 * l + 0.5 * values[row + x] + 0.25 * r
      }
    }
    var out = GrayPlane(width: width, height: height)
    for y in 0..<height {
      let up = reflect(y - 1, height) * width
      let down = reflect(y + 1, height) * width
      let row = y * width
      for x in 0..<width {
        out.values[row + x] =
          0.25 * rows.values[up + x] + 0.5 * rows.values[row + x] + 0.25 * rows.values[down + x]
      }
    }
    return out
  }

  /// Every value rounded towards zero (what `astype(np.uint8)` does to 0…255 floats).
  public func truncated() -> GrayPlane {
    GrayPlane(width: width, height: height, values: values.map { $0.rounded(.towardZero) })
  }
}
