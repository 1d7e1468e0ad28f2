import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// Applying a variation: crop window → (rotation) → resample to the output size → colour and noise.
extension BackgroundVariation {
  /// Replaces `image` (the decoded source) by this captcha's varied background of `size` (nil:
  /// the source's own size), fitted with `fit`, and returns what was applied.
  ///
  /// The window is cropped first and only then resampled: area averaging when shrinking, bilinear
  /// when enlarging (`Resize.resample` for unrotated windows that change size). A rotated window that shrinks is
  /// first area-averaged to about the output's resolution, then turned bilinearly. When the output
  /// keeps the source's size the picture is warped in place (a few rows of scratch), so a 12 MP
  /// photo needs no second full-size copy. `contain` pads with the varied picture's mean colour.
  public func apply(to image: inout RGBAImage, size: PixelSize?, fit: Fit, seed: UInt64) -> VariationRecord {
    let sw = image.width
    let sh = image.height
    let out = size ?? PixelSize(width: sw, height: sh)
    let sameSize = out.width == sw && out.height == sh
    // The size the window is resampled to, and the window's aspect ratio.
    var inner = out
    var aspect = Double(sw) / Double(sh)
    if !sameSize {
      switch fit {
      case .cover: aspect = Double(out.width) / Double(out.height)
      case .stretch: break
      case .contain:
        let scale = min(Double(out.width) / Double(sw), Double(out.height) / Double(sh))
        inner = PixelSize(
          width: max(1, min(out.width, Int((Double(sw) * scale).rounded()))),
          height: max(1, min(out.height, Int((Double(sh) * scale).rounded()))))
      }
    }
    let degrees = drawRotation(seed: seed)
    let window = drawWindow(sourceWidth: sw, sourceHeight: sh, aspect: aspect, degrees: degrees, seed: seed)
    let whole = PixelRect(x: 0, y: 0, width: sw, height: sh)

    let keepsSize = inner.width == sw && inner.height == sh
    if degrees == 0 && window == whole && keepsSize {
      // Nothing to resample.
    } else if degrees == 0 && !keepsSize {
      let region = Rect(
        x: Double(window.x), y: Double(window.y), width: Double(window.width), height: Double(window.height))
      image = Resize.resample(image, region: region, width: inner.width, height: inner.height)
    } else {
      Self.turn(&image, window: window, degrees: degrees, to: inner)
    }
    if image.width != out.width || image.height != out.height {
      image = Self.padCentred(image, width: out.width, height: out.height)
    }
    let tone = drawTone(seed: seed)
    tone.apply(to: &image)
    return VariationRecord(
      crop: window, rotation: degrees, gain: tone.gain, brightness: tone.brightness, gamma: tone.gamma,
      saturation: tone.saturation, noise: tone.noise)
  }

  /// Replaces `image` by its window turned by `degrees` about its centre, resampled to `size`
  /// (in place when the size stays).
  static func turn(_ image: inout RGBAImage, window: PixelRect, degrees: Double, to size: PixelSize) {
    let (sn, cs) = PortableMath.sinCos(degrees: degrees)
    let kx = Double(window.width) / Double(size.width)
    let ky = Double(window.height) / Double(size.height)
    let cx = Double(window.x) + Double(window.width) / 2
    let cy = Double(window.y) + Double(window.height) / 2
    // Output → window-centred → turned → source.
    let toSource = Transform.scale(kx, ky)
      .concatenating(.translation(-Double(window.width) / 2, -Double(window.height) / 2))
      .concatenating(Transform(a: cs, b: sn, c: -sn, d: cs, e: 0, f: 0))
      .concatenating(.translation(cx, cy))
    let warp = AffineWarp(
      map: toSource, outWidth: size.width, outHeight: size.height, inWidth: image.width,
      inHeight: image.height)
    if size.width == image.width && size.height == image.height {
      if !warp.warpInPlace(&image) { image = warp.warp(image) }
      return
    }
    if kx > 1 && ky > 1 {
      // Shrinking: area-average the turned window's bounding box to about the output's
      // resolution first, then turn that small picture.
      let e = min(kx, ky)
      let hw = (Double(window.width) * abs(cs) + Double(window.height) * abs(sn)) / 2
      let hh = (Double(window.width) * abs(sn) + Double(window.height) * abs(cs)) / 2
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
      return
    }
    image = warp.warp(image)
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
