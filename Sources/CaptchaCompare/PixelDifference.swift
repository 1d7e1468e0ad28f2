import CaptchaImaging
import CaptchaSupport

/// Channel arithmetic shared by the comparison and the antialiasing rule.
enum PixelDifference {
  /// Largest absolute channel difference between pixel `i` of `a` and pixel `j` of `b`
  /// (byte offsets of the R channel). Two fully transparent pixels are equal whatever their
  /// colour channels hold, since nothing of them is visible.
  @inline(__always)
  static func maxChannel(_ a: UnsafeBufferPointer<UInt8>, _ i: Int, _ b: UnsafeBufferPointer<UInt8>, _ j: Int)
    -> Int
  {
    if a[i + 3] == 0 && b[j + 3] == 0 { return 0 }
    var m = 0
    for c in 0..<4 {
      let d = abs(Int(a[i + c]) - Int(b[j + c]))
      if d > m { m = d }
    }
    return m
  }

  /// Sum of squared channel differences of pixel `i` (same offset in both), 0 when both are fully
  /// transparent.
  @inline(__always)
  static func squared(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    if a[i + 3] == 0 && b[i + 3] == 0 { return 0 }
    var s = 0
    for c in 0..<4 {
      let d = Int(a[i + c]) - Int(b[i + c])
      s += d * d
    }
    return s
  }

  /// Luma (Rec. 601 weights) of every pixel composited over white, 0…255.
  static func luma(_ image: RGBAImage) -> [Float] {
    var out = [Float](repeating: 0, count: image.width * image.height)
    image.pixels.withUnsafeBufferPointer { p in
      for k in 0..<out.count {
        let i = k * 4
        let a = Float(p[i + 3]) / 255
        let r = 255 - (255 - Float(p[i])) * a
        let g = 255 - (255 - Float(p[i + 1])) * a
        let b = 255 - (255 - Float(p[i + 2])) * a
        out[k] = 0.299 * r + 0.587 * g + 0.114 * b
      }
    }
    return out
  }
}
