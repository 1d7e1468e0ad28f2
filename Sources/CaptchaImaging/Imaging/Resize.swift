import CaptchaSupport
import VectorRaster

/// How `Resize.fit` maps an image onto a target size.
public enum Fit: String, CaseIterable, Codable, Sendable {
  /// Scale uniformly until the target is covered, then crop the overflow evenly from both sides.
  case cover
  /// Scale uniformly until the image fits inside, then pad (see `Resize.fit`).
  case contain
  /// Scale each axis independently to the exact target size (may distort).
  case stretch
}

/// Resampling of `RGBAImage`s.
///
/// Downscaling averages areas: each output pixel is the box filter over its exact footprint in the
/// source (fractional pixels weighted by the covered fraction), so fine detail averages out instead
/// of aliasing as nearest-neighbour or bilinear would. Upscaling an axis uses linear interpolation
/// between pixel centres (a box filter would only copy pixels). Colours are averaged with
/// premultiplied alpha. Arithmetic is fixed-point integer (14-bit weights), so results are
/// identical on every machine.
public enum Resize {
  /// Resamples the whole image to `width`×`height`.
  public static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    resample(
      image, region: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
      width: width, height: height)
  }

  /// The image area-averaged to ⌈width / r⌉ × ⌈height / r⌉ (what a JPEG decoded at 1/r gives), the
  /// whole picture at a lower resolution; r ≤ 1 returns it unchanged.
  public static func reduced(_ image: RGBAImage, by r: Int) -> RGBAImage {
    guard r > 1 else { return image }
    return resize(image, width: (image.width + r - 1) / r, height: (image.height + r - 1) / r)
  }

  /// Fits the image into `width`×`height` with the given `fit`.
  ///
  /// `contain` pads with the image's own average colour (opaque): a neutral letterbox that matches
  /// the picture's tone better than black or white, and is deterministic.
  public static func fit(_ image: RGBAImage, width: Int, height: Int, fit: Fit) -> RGBAImage {
    precondition(width > 0 && height > 0 && image.width > 0 && image.height > 0)
    let sw = Double(image.width)
    let sh = Double(image.height)
    let tw = Double(width)
    let th = Double(height)
    switch fit {
    case .stretch:
      return resize(image, width: width, height: height)
    case .cover:
      let scale = max(tw / sw, th / sh)
      let rw = min(sw, tw / scale)
      let rh = min(sh, th / scale)
      let region = Rect(x: (sw - rw) / 2, y: (sh - rh) / 2, width: rw, height: rh)
      return resample(image, region: region, width: width, height: height)
    case .contain:
      let scale = min(tw / sw, th / sh)
      let iw = max(1, min(width, Int((sw * scale).rounded())))
      let ih = max(1, min(height, Int((sh * scale).rounded())))
      let inner = resize(image, width: iw, height: ih)
      let pad = averageColor(image)
      var out = RGBAImage(width: width, height: height, fill: pad)
      let ox = (width - iw) / 2
      let oy = (height - ih) / 2
      for y in 0..<ih {
        let src = y * iw * 4
        let dst = ((oy + y) * width + ox) * 4
        out.pixels.replaceSubrange(dst..<dst + iw * 4, with: inner.pixels[src..<src + iw * 4])
      }
      return out
    }
  }

  /// The mean colour of the image (alpha-weighted), returned opaque.
  public static func averageColor(_ image: RGBAImage) -> (UInt8, UInt8, UInt8, UInt8) {
    var sum = (UInt64(0), UInt64(0), UInt64(0))
    var wsum: UInt64 = 0
    let px = image.pixels
    var i = 0
    while i < px.count {
      let a = UInt64(px[i + 3])
      sum.0 += UInt64(px[i]) * a
      sum.1 += UInt64(px[i + 1]) * a
      sum.2 += UInt64(px[i + 2]) * a
      wsum += a
      i += 4
    }
    if wsum == 0 { return (128, 128, 128, 255) }
    return (
      UInt8((sum.0 + wsum / 2) / wsum), UInt8((sum.1 + wsum / 2) / wsum),
      UInt8((sum.2 + wsum / 2) / wsum), 255
    )
  }

  /// Resamples `region` (in source pixel coordinates, fractional allowed, inside the image) to
  /// `width`×`height`.
  public static func resample(_ image: RGBAImage, region: Rect, width: Int, height: Int)
    -> RGBAImage
  {
    precondition(width > 0 && height > 0 && image.width > 0 && image.height > 0)
    let opaque = image.isOpaque
    let src = opaque ? image : premultiplied(image)
    let xs = TapTable(weights(count: width, from: region.minX, length: region.width, limit: image.width))
    let ys = TapTable(weights(count: height, from: region.minY, length: region.height, limit: image.height))
    let rowLo = ys.lowest
    let rowHi = ys.highest

    // Horizontal pass over the rows the vertical pass needs: 14-bit fixed point.
    let tmpStride = width * 4
    var tmp = [UInt32](repeating: 0, count: (rowHi - rowLo) * tmpStride)
    let sourceStride = image.width * 4
    src.pixels.withUnsafeBufferPointer { sp in
      tmp.withUnsafeMutableBufferPointer { tp in
        xs.withPointers { xStart, xEnd, xWeights in
          for y in rowLo..<rowHi {
            let srow = sp.baseAddress! + y * sourceStride
            let trow = tp.baseAddress! + (y - rowLo) * tmpStride
            for ox in 0..<width {
              var r: UInt32 = 0
              var g: UInt32 = 0
              var b: UInt32 = 0
              var a: UInt32 = 0
              var s = srow + xStart[ox] * 4
              for j in xEnd[ox]..<xEnd[ox + 1] {
                let w = UInt32(bitPattern: xWeights[j])
                r &+= UInt32(s[0]) &* w
                g &+= UInt32(s[1]) &* w
                b &+= UInt32(s[2]) &* w
                a &+= UInt32(s[3]) &* w
                s += 4
              }
              let t = trow + ox * 4
              t[0] = r
              t[1] = g
              t[2] = b
              t[3] = a
            }
          }
        }
      }
    }

    // Vertical pass: 28-bit fixed point, rounded back to 8 bits. Unsigned 32 × 32 → 64-bit
    // products (one instruction per two lanes); weights are non-negative and sum to 2¹⁴ on both
    // axes, so every result lies in 0…255.
    var out = [UInt8](repeating: 0, count: width * height * 4)
    var acc = [UInt64](repeating: 0, count: tmpStride)
    tmp.withUnsafeBufferPointer { tp in
      out.withUnsafeMutableBufferPointer { op in
        acc.withUnsafeMutableBufferPointer { ap in
          ys.withPointers { yStart, yEnd, yWeights in
            let sums = ap.baseAddress!
            for oy in 0..<height {
              for i in 0..<tmpStride { sums[i] = 0 }
              var trow = tp.baseAddress! + (yStart[oy] - rowLo) * tmpStride
              for j in yEnd[oy]..<yEnd[oy + 1] {
                let w = UInt64(UInt32(yWeights[j]))
                for i in 0..<tmpStride { sums[i] &+= UInt64(trow[i]) &* w }
                trow += tmpStride
              }
              let orow = op.baseAddress! + oy * tmpStride
              for i in 0..<tmpStride {
                orow[i] = UInt8(truncatingIfNeeded: (sums[i] &+ (1 << 27)) >> 28)
              }
            }
          }
        }
      }
    }
    let result = RGBAImage(width: width, height: height, pixels: out)
    return opaque ? result : unpremultiplied(result)
  }

  /// The taps of one axis in flat arrays: output i reads source indices from `starts[i]`, with the
  /// weights `weights[ends[i]..<ends[i + 1]]`.
  struct TapTable {
    var starts: [Int]
    var ends: [Int]
    var weights: [Int32]
    /// The first source index any tap reads, and one past the last.
    var lowest: Int
    var highest: Int

    init(_ taps: [Taps]) {
      starts = taps.map { $0.start }
      ends = [0]
      weights = []
      for tap in taps {
        weights += tap.weights
        ends.append(weights.count)
      }
      lowest = taps.map { $0.start }.min()!
      highest = taps.map { $0.start + $0.weights.count }.max()!
    }

    func withPointers<R>(
      _ body: (UnsafePointer<Int>, UnsafePointer<Int>, UnsafePointer<Int32>) -> R
    ) -> R {
      starts.withUnsafeBufferPointer { s in
        ends.withUnsafeBufferPointer { e in
          weights.withUnsafeBufferPointer { w in body(s.baseAddress!, e.baseAddress!, w.baseAddress!) }
        }
      }
    }
  }

  /// One output sample's source taps: consecutive source indices from `start`, weights summing
  /// to exactly 1 << 14.
  struct Taps {
    var start: Int
    var weights: [Int32]
  }

  static let one: Int32 = 1 << 14

  /// Taps for `count` outputs covering [from, from + length) of a source axis of `limit` pixels.
  static func weights(count: Int, from: Double, length: Double, limit: Int) -> [Taps] {
    let step = length / Double(count)
    var taps: [Taps] = []
    taps.reserveCapacity(count)
    for i in 0..<count {
      var start: Int
      var ws: [Double]
      if step >= 1 {
        // Box filter over the exact footprint [a, b).
        let a = from + Double(i) * step
        let b = a + step
        start = max(0, Int(a.rounded(.down)))
        let end = min(limit, Int(b.rounded(.up)))
        ws = []
        for k in start..<max(end, start + 1) {
          let lo = max(a, Double(k))
          let hi = min(b, Double(k + 1))
          ws.append(max(0, hi - lo))
        }
      } else {
        // Linear interpolation between the two nearest pixel centres, clamped at the edges.
        let c = from + (Double(i) + 0.5) * step - 0.5
        let k0 = Int(c.rounded(.down))
        let f = c - Double(k0)
        let lo = min(max(k0, 0), limit - 1)
        let hi = min(max(k0 + 1, 0), limit - 1)
        if lo == hi {
          start = lo
          ws = [1]
        } else {
          start = lo
          ws = [1 - f, f]
        }
      }
      taps.append(Taps(start: start, weights: quantize(ws)))
    }
    return taps
  }

  /// Weights scaled to integers summing to exactly `one` (the rounding error goes to the
  /// largest weight).
  static func quantize(_ ws: [Double]) -> [Int32] {
    let total = ws.reduce(0, +)
    guard total > 0 else { return [one] + [Int32](repeating: 0, count: max(0, ws.count - 1)) }
    var q = ws.map { Int32(($0 / total * Double(one)).rounded()) }
    let diff = one - q.reduce(0, +)
    if diff != 0, let big = q.indices.max(by: { q[$0] < q[$1] }) { q[big] += diff }
    return q
  }

  static func premultiplied(_ image: RGBAImage) -> RGBAImage {
    var px = image.pixels
    var i = 0
    while i < px.count {
      let a = UInt32(px[i + 3])
      for c in 0..<3 { px[i + c] = UInt8((UInt32(px[i + c]) * a + 127) / 255) }
      i += 4
    }
    return RGBAImage(width: image.width, height: image.height, pixels: px)
  }

  static func unpremultiplied(_ image: RGBAImage) -> RGBAImage {
    var px = image.pixels
    var i = 0
    while i < px.count {
      let a = UInt32(px[i + 3])
      if a == 0 {
        px[i] = 0
        px[i + 1] = 0
        px[i + 2] = 0
      } else if a < 255 {
        for c in 0..<3 { px[i + c] = UInt8(min(255, (UInt32(px[i + c]) * 255 + a / 2) / a)) }
      }
      i += 4
    }
    return RGBAImage(width: image.width, height: image.height, pixels: px)
  }
}
