import Foundation
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

/// Per-captcha background variation: deterministic per seed, different between seeds, close to
/// the picture it was cut from, no empty corners, any output size, and recorded in answer.json.
final class VariationTests: XCTestCase {
  /// A photo-like source: the built-in landscape.
  let source = ProceduralBackground.make(width: 480, height: 300, seed: 5)

  func meanAbsoluteDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    var sum = 0
    for i in 0..<a.pixels.count where i % 4 != 3 { sum += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
    return Double(sum) / Double(a.width * a.height * 3)
  }

  func varied(
    _ v: BackgroundVariation, seed: UInt64, size: PixelSize? = PixelSize(width: 320, height: 160),
    fit: Fit = .cover, from image: RGBAImage? = nil
  ) -> (RGBAImage, VariationRecord) {
    var img = image ?? source
    let record = v.apply(to: &img, size: size, fit: fit, seed: seed)
    return (img, record)
  }

  func testSameSeedSamePixelsDifferentSeedsDiffer() {
    for preset in [BackgroundVariation.light, .strong] {
      var seen: [[UInt8]] = []
      for seed: UInt64 in 1...6 {
        let (a, ra) = varied(preset, seed: seed)
        let (b, rb) = varied(preset, seed: seed)
        XCTAssertEqual(a, b, "same seed, same pixels")
        XCTAssertEqual(ra, rb)
        seen.append(a.pixels)
      }
      XCTAssertEqual(Set(seen).count, seen.count, "every seed gives its own background")
      // No two of them share a pixel position's colour often (median restore needs that).
      var shared = 0
      for i in stride(from: 0, to: seen[0].count, by: 4) where seen[0][i..<i + 3] == seen[1][i..<i + 3] {
        shared += 1
      }
      XCTAssertLessThan(shared, seen[0].count / 4 / 20, "seeds 1 and 2 share < 5% of pixels")
    }
  }

  func testVariedBackgroundStaysCloseToTheUnvariedCrop() {
    // Without rotation the unvaried crop is exactly the recorded window resampled.
    var v = BackgroundVariation.strong
    v.maxRotation = 0
    for seed: UInt64 in 1...8 {
      let (img, r) = varied(v, seed: seed)
      XCTAssertEqual(r.rotation, 0)
      let plain = Resize.resample(
        source,
        region: Rect(
          x: Double(r.crop.x), y: Double(r.crop.y), width: Double(r.crop.width), height: Double(r.crop.height)
        ),
        width: 320, height: 160)
      let mad = meanAbsoluteDifference(img, plain)
      XCTAssertGreaterThan(mad, 1, "seed \(seed): the colours and noise changed something")
      XCTAssertLessThan(mad, 20, "seed \(seed): still the same picture")
      // The window is a real crop of the largest 2:1 window (480 wide), at least 70 % of it.
      XCTAssertGreaterThanOrEqual(r.crop.width, 336)
      XCTAssertEqual(Double(r.crop.width) / Double(r.crop.height), 2, accuracy: 0.02)
    }
    // With rotation, the picture is still close to the unrotated window.
    for seed: UInt64 in 1...8 {
      let (img, r) = varied(.strong, seed: seed)
      let plain = Resize.resample(
        source,
        region: Rect(
          x: Double(r.crop.x), y: Double(r.crop.y), width: Double(r.crop.width), height: Double(r.crop.height)
        ),
        width: 320, height: 160)
      XCTAssertLessThan(meanAbsoluteDifference(img, plain), 30, "seed \(seed), \(r.rotation)°")
    }
  }

  func testTurnedWindowStaysInsideTheSource() {
    // Every corner of every window, turned about its centre, lies inside the source: no empty
    // or smeared corners, at any aspect ratio, angle and scale.
    let v = BackgroundVariation(minCropScale: 0.5, maxRotation: 10)
    for (sw, sh, aspect) in [
      (480, 300, 2.0), (300, 480, 2.0), (4000, 3000, 4.0 / 3), (64, 64, 0.5), (17, 9, 3.0),
    ] {
      for seed: UInt64 in 0..<200 {
        let deg = v.drawRotation(seed: seed)
        let w = v.drawWindow(sourceWidth: sw, sourceHeight: sh, aspect: aspect, degrees: deg, seed: seed)
        let (sn, cs) = PortableMath.sinCos(degrees: deg)
        let cx = Double(w.x) + Double(w.width) / 2
        let cy = Double(w.y) + Double(w.height) / 2
        for (dx, dy) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
          let qx = dx * Double(w.width) / 2
          let qy = dy * Double(w.height) / 2
          let x = cx + cs * qx - sn * qy
          let y = cy + sn * qx + cs * qy
          XCTAssert(
            x >= -1e-6 && x <= Double(sw) + 1e-6 && y >= -1e-6 && y <= Double(sh) + 1e-6,
            "\(sw)x\(sh) seed \(seed) \(deg)°: corner (\(x), \(y)) outside")
        }
      }
    }
  }

  func testTurnedBackgroundHasNoBorderPixels() {
    // A source framed by a 2-px magenta border. A turned window that left the source would fill
    // its corners with clamped edge pixels (triangles of magenta); inside the source it shows the
    // frame at most along the output's border.
    var framed = source
    for y in 0..<framed.height {
      for x in 0..<framed.width where x < 2 || y < 2 || x >= framed.width - 2 || y >= framed.height - 2 {
        framed.pixels.replaceSubrange(
          (y * framed.width + x) * 4..<(y * framed.width + x) * 4 + 4, with: [255, 0, 255, 255])
      }
    }
    // Turned and resampled every way (shrunk in two stages, enlarged, in place): the frame shows
    // only along the output's border, where a window touches the source's edge.
    let v = BackgroundVariation(minCropScale: 0.7, maxRotation: 5)
    var turned = 0
    for seed: UInt64 in 1...12 {
      for size in [PixelSize(width: 320, height: 160), PixelSize(width: 960, height: 600), nil] {
        let (img, r) = varied(v, seed: seed, size: size, from: framed)
        if r.rotation != 0 { turned += 1 }
        // Two source pixels of frame, in output pixels, plus one for bilinear support.
        let edge = 2 * Int((Double(img.width) / Double(r.crop.width)).rounded(.up)) + 1
        var inner = 0
        for y in edge..<(img.height - edge) {
          for x in edge..<(img.width - edge) {
            let i = (y * img.width + x) * 4
            if img.pixels[i] > 200 && img.pixels[i + 1] < 60 && img.pixels[i + 2] > 200 { inner += 1 }
          }
        }
        XCTAssertEqual(
          inner, 0, "seed \(seed) \(String(describing: size)) \(r.rotation)°: frame inside the picture")
      }
    }
    XCTAssertGreaterThan(turned, 20)
  }

  func testOutputSizeWithAndWithoutSizeAndEveryFit() {
    for fit in Fit.allCases {
      let (img, _) = varied(.strong, seed: 3, size: PixelSize(width: 200, height: 200), fit: fit)
      XCTAssertEqual([img.width, img.height], [200, 200], "\(fit)")
      XCTAssertTrue(img.isOpaque)
    }
    let (same, r) = varied(.strong, seed: 3, size: nil)
    XCTAssertEqual([same.width, same.height], [480, 300], "without --size the input's size stays")
    XCTAssertEqual(Double(r.crop.width) / Double(r.crop.height), 1.6, accuracy: 0.02)
    let (up, _) = varied(.light, seed: 3, size: PixelSize(width: 960, height: 600))
    XCTAssertEqual([up.width, up.height], [960, 600])
  }

  func testInPlaceWarpGivesTheOutOfPlacePixels() {
    var rng = Xoshiro256StarStar(seed: 8)
    var noisy = RGBAImage(width: 150, height: 97)
    for i in 0..<noisy.pixels.count { noisy.pixels[i] = UInt8(rng.next(below: 256)) }
    for transparent in [false, true] {
      var img = noisy
      if !transparent { for i in stride(from: 3, to: img.pixels.count, by: 4) { img.pixels[i] = 255 } }
      for seed: UInt64 in 0..<40 {
        let v = BackgroundVariation(minCropScale: 0.5, maxRotation: 10)
        let deg = v.drawRotation(seed: seed)
        let w = v.drawWindow(sourceWidth: 150, sourceHeight: 97, aspect: 150.0 / 97, degrees: deg, seed: seed)
        let (sn, cs) = PortableMath.sinCos(degrees: deg)
        let map = Transform.scale(Double(w.width) / 150, Double(w.height) / 97)
          .concatenating(.translation(-Double(w.width) / 2, -Double(w.height) / 2))
          .concatenating(Transform(a: cs, b: sn, c: -sn, d: cs, e: 0, f: 0))
          .concatenating(.translation(Double(w.x) + Double(w.width) / 2, Double(w.y) + Double(w.height) / 2))
        let warp = AffineWarp(map: map, outWidth: 150, outHeight: 97, inWidth: 150, inHeight: 97)
        let expected = warp.warp(img)
        var inPlace = img
        XCTAssertTrue(warp.warpInPlace(&inPlace))
        XCTAssertEqual(inPlace, expected, "seed \(seed), \(deg)°, window \(w)")
      }
    }
  }

  func testMakeRecordsVariationAfterTheOtherKeysOnlyWhenOn() throws {
    var o = SlideOptions()
    o.size = PixelSize(width: 320, height: 160)
    let src = SourceInfo(file: "land.png", width: 480, height: 300, sha256: String(repeating: "a", count: 64))
    let plain = try SlideMaker.make(background: source, source: src, options: o, seed: 9)
    XCTAssertNil(plain.answer.variation)
    XCTAssertFalse(String(decoding: plain.answer.jsonBytes, as: UTF8.self).contains("variation"))
    o.variation = .light
    let c = try SlideMaker.make(background: source, source: src, options: o, seed: 9)
    let json = try JSONSerialization.jsonObject(with: Data(c.answer.jsonBytes)) as! [String: Any]
    let v = try XCTUnwrap(json["variation"] as? [String: Any])
    let crop = try XCTUnwrap(v["crop"] as? [String: Int])
    XCTAssertEqual(crop["x"], c.answer.variation?.crop.x)
    XCTAssertEqual(crop["width"], c.answer.variation?.crop.width)
    XCTAssertNotNil(v["rotation"] as? Double)
    XCTAssertEqual(v["noise"] as? Int, 2)
    let text = String(decoding: c.answer.jsonBytes, as: UTF8.self)
    let keys = ["\"target\"", "\"source\"", "\"resize\"", "\"variation\""].map {
      text.range(of: $0)!.lowerBound
    }
    XCTAssertEqual(keys, keys.sorted(), "variation comes after the existing keys")
    XCTAssertEqual((json["source"] as? [String: Any])?["sha256"] as? String, src.sha256, "source kept")
    // The piece still restores the varied background: same pixels as composing on it directly.
    var bg = source
    _ = BackgroundVariation.light.apply(to: &bg, size: o.size, fit: .cover, seed: 9)
    let t = c.answer.target
    for y in 0..<c.piece.height {
      for x in 0..<c.piece.width {
        let q = (y * c.piece.width + x) * 4
        guard c.piece.pixels[q + 3] == 255 else { continue }
        let b = ((t.y + y) * 320 + t.x + x) * 4
        XCTAssertLessThanOrEqual(abs(Int(c.piece.pixels[q]) - Int(bg.pixels[b])), 128)
      }
    }
    XCTAssertEqual(
      c.background.pixels[0..<(t.y * 320 * 4)], bg.pixels[0..<(t.y * 320 * 4)],
      "rows above the hole are the varied picture")
  }

  func testPortableMathMatchesLibm() {
    for d in stride(from: -400.0, through: 400, by: 0.7) {
      let (s, c) = PortableMath.sinCos(degrees: d)
      XCTAssertEqual(s, sin(d * .pi / 180), accuracy: 1e-14)
      XCTAssertEqual(c, cos(d * .pi / 180), accuracy: 1e-14)
    }
    for x in stride(from: 0.001, through: 1, by: 0.013) {
      for g in [0.75, 0.9, 1.1, 1.25] {
        XCTAssertEqual(PortableMath.pow(x, g), pow(x, g), accuracy: 1e-13)
      }
    }
  }

  func testBadKnobsAreUsageErrors() {
    for v in [
      BackgroundVariation(minCropScale: 0.4), BackgroundVariation(minCropScale: 1.1),
      BackgroundVariation(minCropScale: .nan), BackgroundVariation(maxRotation: -1),
      BackgroundVariation(maxRotation: 10.5), BackgroundVariation(color: 1.5), BackgroundVariation(noise: -1),
      BackgroundVariation(noise: 17),
    ] {
      XCTAssertThrowsError(try v.validate()) { XCTAssertTrue($0 is OptionError, "\($0)") }
    }
    XCTAssertEqual(VariationPreset.allCases.map(\.rawValue), ["none", "light", "strong"])
    XCTAssertEqual(VariationPreset.allCases.map(\.variation), [.none, .light, .strong])
    XCTAssertFalse(BackgroundVariation.none.isActive)
    XCTAssertTrue(BackgroundVariation(noise: 1).isActive)
  }
}
