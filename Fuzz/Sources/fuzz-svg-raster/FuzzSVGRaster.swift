import CaptchaKit

/// Fuzz target: SVG path data → `SVGPathParser` → flattening → `Rasterizer`, both as given
/// (clipped to a 64×64 canvas) and refitted to a 64 px piece box as `--shape-path` does, under
/// both fill rules. Errors thrown for bad data are expected; crashes, hangs and out-of-range
/// masks are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGRaster(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let path = try? SVGPathParser.parse(text) else { return 0 }
  let clip = PixelRect(x: 0, y: 0, width: 64, height: 64)
  for rule in FillRule.allCases {
    check(try? path.fill(rule: rule, clip: clip), clip)
    if let fitted = path.fitted(toBox: 64) {
      check(try? fitted.fill(rule: rule, clip: clip), clip)
    }
  }
  _ = try? CustomShape(path: path, source: "fuzz")
  return 0
}

/// The mask must lie inside the clip and hold one byte per pixel.
func check(_ mask: CoverageMask?, _ clip: PixelRect) {
  guard let mask else { return }
  precondition(mask.data.count == mask.width * mask.height, "mask size")
  if mask.width > 0 {
    precondition(
      mask.originX >= clip.x && mask.originY >= clip.y && mask.originX + mask.width <= clip.maxX
        && mask.originY + mask.height <= clip.maxY, "mask outside the clip")
  }
}
