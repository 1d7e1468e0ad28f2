public import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Applying a variation: crop window → (rotation) → resample to the output size → colour and noise.
extension BackgroundVariation {
  /// Replaces `image` (the decoded source) by this captcha's varied background of `size` (nil:
  /// the source's own size), fitted with `fit`, and returns what was applied.
  ///
  /// `source` is the size of the picture `image` stands for (nil: `image`'s own size). When the
  /// picture was decoded at a reduced scale (`BackgroundStage.reduction(for:)`), the window is drawn
  /// in the full picture's pixels, so the random draws and the recorded crop do not depend on the
  /// reduction, and is then scaled onto `image`.
  ///
  /// The window is cropped first and only then resampled: area averaging when shrinking, bilinear
  /// when enlarging (`Resize.resample` for unrotated windows that change size). A rotated window that shrinks is
  /// first area-averaged to about the output's resolution, then turned bilinearly. When the output
  /// keeps the source's size the picture is warped in place (a few rows of scratch), so a 12 MP
  /// photo needs no second full-size copy, and toned in the same pass. `contain` pads with the
  /// varied picture's mean colour. Up to `threads` threads share the warp and the tone; the pixels
  /// are the same for any count.
  public func apply(
    to image: inout RGBAImage, source: PixelSize? = nil, size: PixelSize?, fit: Fit, seed: UInt64,
    threads: Int = 1
  ) -> VariationRecord {
    let full = source ?? PixelSize(width: image.width, height: image.height)
    let sw = full.width
    let sh = full.height
    let out = size ?? full
    let (inner, aspect) = target(source: full, size: size, fit: fit)
    let degrees = drawRotation(seed: seed)
    let window = drawWindow(sourceWidth: sw, sourceHeight: sh, aspect: aspect, degrees: degrees, seed: seed)
    let whole = PixelRect(x: 0, y: 0, width: sw, height: sh)
    let reduced = image.width != sw || image.height != sh
    // The window on `image`'s pixels.
    let fx = Double(image.width) / Double(sw)
    let fy = Double(image.height) / Double(sh)
    let region = Rect(
      x: Double(window.x) * fx, y: Double(window.y) * fy, width: Double(window.width) * fx,
      height: Double(window.height) * fy)

    let keepsSize = inner.width == sw && inner.height == sh && !reduced
    let tone = drawTone(seed: seed)
    // The tone goes into the warp's pass when nothing is drawn after the warp (no padding).
    var toned = false
    if degrees == 0 && window == whole && keepsSize {
      // Nothing to resample.
    } else if degrees == 0 && !keepsSize {
      image = Resize.resample(image, region: region, width: inner.width, height: inner.height)
    } else {
      let fused = inner == out ? tone : nil
      toned = Self.turn(&image, window: region, degrees: degrees, to: inner, threads: threads, tone: fused)
    }
    if image.width != out.width || image.height != out.height {
      image = Self.padCentred(image, width: out.width, height: out.height)
    }
    if !toned { tone.apply(to: &image, threads: threads) }
    return VariationRecord(
      crop: window, rotation: degrees, gain: tone.gain, brightness: tone.brightness, gamma: tone.gamma,
      saturation: tone.saturation, noise: tone.noise)
  }

  /// The size the window is resampled to and the window's aspect ratio (width / height), for a
  /// `source`-sized picture fitted to `size` (nil: its own size) with `fit`.
  func target(source: PixelSize, size: PixelSize?, fit: Fit) -> (inner: PixelSize, aspect: Double) {
    let sw = source.width
    let sh = source.height
    let out = size ?? source
    guard out.width != sw || out.height != sh else { return (out, Double(sw) / Double(sh)) }
    switch fit {
    case .cover: return (out, Double(out.width) / Double(out.height))
    case .stretch: return (out, Double(sw) / Double(sh))
    case .contain:
      let scale = min(Double(out.width) / Double(sw), Double(out.height) / Double(sh))
      let inner = PixelSize(
        width: max(1, min(out.width, Int((Double(sw) * scale).rounded()))),
        height: max(1, min(out.height, Int((Double(sh) * scale).rounded()))))
      return (inner, Double(sw) / Double(sh))
    }
  }

  /// How many times smaller than `source` the picture may be decoded (a factor of `factors`, largest
  /// first) while every window `drawWindow` can draw still covers at least as many pixels as it is
  /// resampled to, on both axes: so a reduced decode never makes the variation enlarge.
  func reduction(source: PixelSize, size: PixelSize, fit: Fit, factors: [Int]) -> Int {
    let (inner, aspect) = target(source: source, size: size, fit: fit)
    let tenths = (maxRotation * 10).rounded(.down)
    let (sn0, cs0) = PortableMath.sinCos(degrees: tenths / 10)
    let sn = abs(sn0)
    let cs = abs(cs0)
    let largest = min(Double(source.height) / (aspect * sn + cs), Double(source.width) / (aspect * cs + sn))
    // Less two pixels for `drawWindow`'s rounding and shrinking until a position fits.
    let height = largest * minCropScale - 2
    let width = height * aspect - 2
    return factors.first { r in
      width / Double(r) >= Double(inner.width) && height / Double(r) >= Double(inner.height)
    } ?? 1
  }

  /// Replaces `image` by its window (in `image`'s pixels) turned by `degrees` about its centre,
  /// resampled to `size` (in place when the size stays). When the warp runs in place it also
  /// applies `tone` row by row and returns true; otherwise the caller tones the picture.
  @discardableResult
  static func turn(
    _ image: inout RGBAImage, window: Rect, degrees: Double, to size: PixelSize, threads: Int = 1,
    tone: ToneJitter? = nil
  ) -> Bool {
    let (sn, cs) = PortableMath.sinCos(degrees: degrees)
    let kx = window.width / Double(size.width)
    let ky = window.height / Double(size.height)
    let cx = window.minX + window.width / 2
    let cy = window.minY + window.height / 2
    // Output → window-centred → turned → source.
    let toSource = Transform.scale(kx, ky)
      .concatenating(.translation(-window.width / 2, -window.height / 2))
      .concatenating(Transform(a: cs, b: sn, c: -sn, d: cs, e: 0, f: 0))
      .concatenating(.translation(cx, cy))
    let warp = AffineWarp(
      map: toSource, outWidth: size.width, outHeight: size.height, inWidth: image.width,
      inHeight: image.height)
    if size.width == image.width && size.height == image.height {
      let rows = tone.map { ToneJitter.Rows($0) }
      let inPlace = warp.warpInPlace(&image, threads: threads) { y, line in rows?.apply(to: line, row: y) }
      if !inPlace { image = warp.warp(image) }
      return inPlace && rows != nil
    }
    if kx > 1 && ky > 1 {
      // Shrinking: area-average the turned window's bounding box to about the output's
      // resolution first, then turn that small picture.
      let e = min(kx, ky)
      let hw = (window.width * abs(cs) + window.height * abs(sn)) / 2
      let hh = (window.width * abs(sn) + window.height * abs(cs)) / 2
      let minX = max(0, cx - hw - e)
      let minY = max(0, cy - hh - e)
      let maxX = min(Double(image.width), cx + hw + e)
      let maxY = min(Double(image.height), cy + hh + e)
      let nw = max(1, Int(((maxX - minX) / e).rounded(.up)))
      let nh = max(1, Int(((maxY - minY) / e).rounded(.up)))
      let small = Resize.resample(
        image, region: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), width: nw, height: nh)
      let toSmall = toSource.concatenating(.translation(-minX, -minY))
        .concatenating(.scale(Double(nw) / (maxX - minX), Double(nh) / (maxY - minY)))
      image = AffineWarp(
        map: toSmall, outWidth: size.width, outHeight: size.height, inWidth: nw, inHeight: nh
      )
      .warp(small)
      return false
    }
    image = warp.warp(image)
    return false
  }

  /// `image` centred on a `width`×`height` canvas of its mean colour (as `Resize.fit` contain does).
  static func padCentred(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    var out = RGBAImage(width: width, height: height, fill: Resize.averageColor(image))
    let ox = (width - image.width) / 2
    let oy = (height - image.height) / 2
    let rowBytes = image.width * 4
    for y in 0..<image.height {
      let src = y * rowBytes
      let dst = ((oy + y) * width + ox) * 4
      out.pixels.replaceSubrange(dst..<dst + rowBytes, with: image.pixels[src..<src + rowBytes])
    }
    return out
  }
}
