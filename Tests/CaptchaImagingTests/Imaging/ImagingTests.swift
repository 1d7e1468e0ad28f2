import XCTest

@testable import CaptchaImaging
@testable import CaptchaSupport
@testable import VectorRaster

final class ResizeTests: XCTestCase {
  func testDownscaleAveragesAreasInsteadOfSampling() {
    // A one-pixel checkerboard averages to mid-grey; nearest-neighbour would give black or white.
    var img = RGBAImage(width: 64, height: 32)
    for y in 0..<32 {
      for x in 0..<64 where (x + y) % 2 == 0 {
        for c in 0..<3 { img.pixels[(y * 64 + x) * 4 + c] = 255 }
      }
    }
    for (w, h) in [(32, 16), (10, 5), (7, 3)] {
      let r = Resize.resize(img, width: w, height: h)
      for i in 0..<(w * h) {
        XCTAssertEqual(Double(r.pixels[i * 4]), 127.5, accuracy: 255.0 / Double(64 / w * 32 / h) + 12)
        XCTAssertEqual(r.pixels[i * 4 + 3], 255)
      }
    }
  }

  func testExactFootprintsAtFractionalScale() {
    // 3 px → 2 px: output 0 covers source [0, 1.5): (a + b/2) / 1.5.
    var img = RGBAImage(width: 3, height: 1)
    let vals: [UInt8] = [0, 90, 240]
    for x in 0..<3 { for c in 0..<3 { img.pixels[x * 4 + c] = vals[x] } }
    let r = Resize.resize(img, width: 2, height: 1)
    XCTAssertEqual(r.pixels[0], 30)  // (0 + 45) / 1.5
    XCTAssertEqual(r.pixels[4], 190)  // (45 + 240) / 1.5
  }

  func testFitModesProduceTargetSizeAndKeepAspect() {
    // Left half red, right half blue, 200×100.
    var img = RGBAImage(width: 200, height: 100, fill: (255, 0, 0, 255))
    for y in 0..<100 {
      for x in 100..<200 { img.pixels[(y * 200 + x) * 4] = 0; img.pixels[(y * 200 + x) * 4 + 2] = 255 }
    }
    let cover = Resize.fit(img, width: 50, height: 50, fit: .cover)  // crops to the middle 100×100
    XCTAssertEqual(cover.width, 50)
    XCTAssertEqual(cover.pixels[(25 * 50 + 5) * 4], 255)
    XCTAssertEqual(cover.pixels[(25 * 50 + 45) * 4 + 2], 255)
    let contain = Resize.fit(img, width: 50, height: 50, fit: .contain)  // 50×25 band, padded
    XCTAssertEqual(contain.height, 50)
    let pad = Array(contain.pixels[0..<4])
    XCTAssertEqual(pad, [128, 0, 128, 255], "padding is the image's average colour")
    XCTAssertEqual(contain.pixels[(25 * 50 + 2) * 4], 255)
    let stretch = Resize.fit(img, width: 40, height: 10, fit: .stretch)
    XCTAssertEqual(stretch.pixels[(5 * 40 + 19) * 4], 255)
    XCTAssertEqual(stretch.pixels[(5 * 40 + 20) * 4 + 2], 255)
  }

  func testUpscaleInterpolatesAndAlphaIsPremultiplied() {
    var img = RGBAImage(width: 2, height: 1, fill: (0, 0, 0, 255))
    img.pixels[4] = 200
    img.pixels[5] = 200
    img.pixels[6] = 200
    img.pixels[7] = 0  // transparent white-ish pixel must not bleed its colour
    let r = Resize.resize(img, width: 1, height: 1)
    XCTAssertEqual(Array(r.pixels), [0, 0, 0, 128])
    var ramp = RGBAImage(width: 2, height: 1, fill: (0, 0, 0, 255))
    ramp.pixels[4] = 200
    let up = Resize.resize(ramp, width: 4, height: 1)
    XCTAssertEqual(
      up.pixels.enumerated().filter { $0.offset % 4 == 0 }.map { $0.element }, [0, 50, 150, 200])
  }
}

final class ProceduralBackgroundTests: XCTestCase {
  func testDeterministicPerSeedAndDifferentAcrossSeeds() {
    let a = ProceduralBackground.make(width: 320, height: 160, seed: 1)
    XCTAssertEqual(a, ProceduralBackground.make(width: 320, height: 160, seed: 1))
    XCTAssertTrue(a.isOpaque)
    var differing = 0
    let b = ProceduralBackground.make(width: 320, height: 160, seed: 2)
    for i in 0..<a.pixels.count where a.pixels[i] != b.pixels[i] { differing += 1 }
    XCTAssertGreaterThan(differing, a.pixels.count / 2)
  }

  func testBandedRenderingMatchesWholeImageRendering() {
    for seed in UInt64(0)..<4 {
      let whole = ProceduralBackground.make(width: 120, height: 90, seed: seed, bandRows: 90)
      for rows in [1, 7, 64] {
        XCTAssertEqual(
          ProceduralBackground.make(width: 120, height: 90, seed: seed, bandRows: rows), whole,
          "seed \(seed), bands of \(rows)")
      }
    }
  }

  func testLooksLikeAPictureNotFlatOrNoise() {
    for seed in UInt64(0)..<6 {
      let img = ProceduralBackground.make(width: 320, height: 160, seed: seed)
      // Large-scale structure: mean brightness of the top and bottom thirds differ.
      func meanRows(_ r: Range<Int>) -> Double {
        var s = 0
        for y in r { for x in 0..<320 { s += Int(img.pixels[(y * 320 + x) * 4 + 1]) } }
        return Double(s) / Double(r.count * 320)
      }
      XCTAssertGreaterThan(abs(meanRows(0..<50) - meanRows(110..<160)), 8, "seed \(seed)")
      // Fine texture: neighbouring pixels are mostly close but not all identical.
      var same = 0
      var close = 0
      for y in 0..<160 {
        for x in 0..<319 {
          let d = abs(Int(img.pixels[(y * 320 + x) * 4]) - Int(img.pixels[(y * 320 + x + 1) * 4]))
          if d == 0 { same += 1 }
          if d <= 12 { close += 1 }
        }
      }
      XCTAssertLessThan(same, 160 * 319 * 7 / 10, "seed \(seed) has texture")
      XCTAssertGreaterThan(close, 160 * 319 * 9 / 10, "seed \(seed) is smooth, not noise")
    }
  }
}
