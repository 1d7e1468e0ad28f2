import XCTest

@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

/// The textured hole's shortcuts for large holes give the numbers of the plain computations they
/// replace (issue 13): the grid's colour read with per-column and per-row axes, and the region
/// averaged over cells by rows.
final class HoleFillShortcutTests: XCTestCase {
  /// A picture with detail at every scale (so every cell and every weight differs).
  func picture(_ w: Int, _ h: Int, seed: UInt64) -> RGBAImage {
    var rng = Xoshiro256StarStar(seed: seed, stream: 1)
    var img = RGBAImage(width: w, height: h)
    for y in 0..<h {
      for x in 0..<w {
        let p = (y * w + x) * 4
        img.pixels[p] = UInt8((x * 3 + y) % 200 + Int(rng.next() % 56))
        img.pixels[p + 1] = UInt8((y * 2) % 180 + Int(rng.next() % 76))
        img.pixels[p + 2] = UInt8(truncatingIfNeeded: rng.next())
        img.pixels[p + 3] = 255
      }
    }
    return img
  }

  /// A disc-like hole over `box`, with soft edges.
  func hole(_ box: PixelRect) -> CoverageMask {
    var m = CoverageMask(zeroOver: box)
    let (cx, cy, r) = (Double(box.width) / 2, Double(box.height) / 2, Double(min(box.width, box.height)) / 2)
    for y in 0..<box.height {
      for x in 0..<box.width {
        let d =
          ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy))
          .squareRoot()
        m.data[y * box.width + x] = UInt8(max(0, min(255, (r - d) * 64)))
      }
    }
    return m
  }

  func testTheReaderGivesEveryPixelTheColourOfTheFill() {
    // 300 px: measured on a grid 3 times coarser, so the colour comes from the table.
    let box = PixelRect(x: 170, y: 95, width: 300, height: 290)
    let image = picture(640, 480, seed: 3)
    let base = TexturedHole.BaseFill(image: image, hole: hole(box))
    XCTAssertNotNil(base.table, "a hole this large is measured on a coarser grid")
    let reader = TexturedHole.BaseFill.Reader(base, box: box)
    for y in 0..<box.height {
      for x in 0..<box.width {
        let a = reader.colour(x, y)
        let b = base.colour(x: box.x + x, y: box.y + y)
        guard a == b else { return XCTFail("pixel (\(x), \(y)): \(a) against \(b)") }
      }
    }
  }

  func testDownsampleAveragesEachCellAsAPlainSumDoes() {
    let image = picture(200, 150, seed: 4)
    // A region with partial cells at the right and bottom, and a hole reaching past its edge.
    let region = PixelRect(x: 13, y: 7, width: 171, height: 128)
    let mask = hole(PixelRect(x: 100, y: 60, width: 100, height: 80))
    for k in [2, 3, 7] {
      let (small, grid) = StripedHole.downsample(image, region: region, hole: mask, by: k)
      let (gw, gh) = ((region.width + k - 1) / k, (region.height + k - 1) / k)
      XCTAssertEqual([small.width, small.height, grid.width, grid.height], [gw, gh, gw, gh])
      for cy in 0..<gh {
        for cx in 0..<gw {
          var sums = [0, 0, 0, 0]
          var n = 0
          for y in (region.y + cy * k)..<min(region.maxY, region.y + (cy + 1) * k) {
            for x in (region.x + cx * k)..<min(region.maxX, region.x + (cx + 1) * k) {
              for c in 0..<3 { sums[c] += Int(image.pixels[(y * image.width + x) * 4 + c]) }
              sums[3] += Int(mask.coverage(atX: x, y: y))
              n += 1
            }
          }
          let i = cy * gw + cx
          let expected = sums.map { UInt8(($0 + n / 2) / n) }
          let got = Array(small.pixels[(i * 4)..<(i * 4 + 3)]) + [grid.data[i]]
          XCTAssertEqual(got, expected, "k \(k), cell (\(cx), \(cy))")
        }
      }
    }
  }
}
