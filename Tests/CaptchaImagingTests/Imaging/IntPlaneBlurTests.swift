import CaptchaSupport
import VectorRaster
import XCTest

@testable import CaptchaImaging

/// `IntPlane.boxBlurred` against a direct reference (every window summed afresh, divided with
/// rounding), on both of its paths: 32-bit sums with the multiply-and-shift divider, and 64-bit
/// sums for planes whose window sums reach 2³¹. The holes' fills are built from these blurs, so
/// one value off changes captcha pixels.
final class IntPlaneBlurTests: XCTestCase {
  /// One pass of the (2r+1)-wide box along rows then columns, straight from the definition.
  static func reference(_ plane: IntPlane, radius r: Int, passes: Int) -> [Int32] {
    let (w, h) = (plane.width, plane.height)
    let n = Int64(2 * r + 1)
    var cur = plane.values
    for _ in 0..<passes {
      var rows = cur
      for y in 0..<h {
        for x in 0..<w {
          var s: Int64 = 0
          for k in max(0, x - r)...min(w - 1, x + r) { s += Int64(cur[y * w + k]) }
          rows[y * w + x] = Int32((s + n / 2) / n)
        }
      }
      for y in 0..<h {
        for x in 0..<w {
          var s: Int64 = 0
          for k in max(0, y - r)...min(h - 1, y + r) { s += Int64(rows[k * w + x]) }
          cur[y * w + x] = Int32((s + n / 2) / n)
        }
      }
    }
    return cur
  }

  func testMatchesTheDirectSumsOnBothPaths() {
    var rng = Xoshiro256StarStar(seed: 13, stream: 1)
    // (width, height, radius, passes, largest value): planes narrower than the window, the
    // colour × weight range the holes use, and values whose sums need 64 bits.
    let cases = [
      (1, 1, 1, 1, 255), (3, 2, 4, 2, 255), (17, 9, 2, 1, 4080), (40, 31, 10, 3, 255 * 4080),
      (33, 50, 16, 3, 4080 * 4080), (25, 12, 3, 2, Int(Int32.max) / 3), (12, 25, 7, 1, Int(Int32.max)),
    ]
    for (w, h, r, passes, top) in cases {
      let values = (0..<(w * h)).map { _ in Int32(rng.nextInt(in: 0...top)) }
      let plane = IntPlane(width: w, height: h, values: values)
      XCTAssertEqual(
        plane.boxBlurred(radius: r, passes: passes).values, Self.reference(plane, radius: r, passes: passes),
        "\(w)×\(h), radius \(r), \(passes) passes, values up to \(top)")
    }
  }

  /// The blur worked out only where `keep` needs it gives exactly the whole blur's values there:
  /// keeps at the middle, touching the borders, one pixel, the whole plane; both sum paths.
  func testBlurWithinAKeepRectangleEqualsTheWholeBlurThere() {
    var rng = Xoshiro256StarStar(seed: 29, stream: 3)
    let cases = [
      (60, 44, 6, 3, 255 * 4080), (31, 47, 9, 3, 4080), (20, 20, 2, 1, 4080 * 16),
      (25, 18, 4, 2, Int(Int32.max) / 3), (9, 7, 12, 3, 255),
    ]
    for (w, h, r, passes, top) in cases {
      let values = (0..<(w * h)).map { _ in Int32(rng.nextInt(in: 0...top)) }
      let plane = IntPlane(width: w, height: h, values: values)
      let whole = plane.boxBlurred(radius: r, passes: passes)
      var keeps = [
        PixelRect(x: 0, y: 0, width: w, height: h), PixelRect(x: w / 2, y: h / 2, width: 1, height: 1),
        PixelRect(x: 0, y: 0, width: 3, height: 2), PixelRect(x: w - 4, y: h - 3, width: 4, height: 3),
      ]
      for _ in 0..<12 {
        let x = rng.nextInt(in: 0...(w - 1))
        let y = rng.nextInt(in: 0...(h - 1))
        keeps.append(
          PixelRect(x: x, y: y, width: rng.nextInt(in: 1...(w - x)), height: rng.nextInt(in: 1...(h - y))))
      }
      for keep in keeps {
        let part = plane.boxBlurred(radius: r, passes: passes, within: keep)
        XCTAssertEqual(
          part, whole.cropped(to: keep), "\(w)×\(h), radius \(r), \(passes) passes, keep \(keep)")
      }
    }
  }

  func testDividerIsExactBelowTwoToThe31() {
    for d in stride(from: 3, through: 201, by: 2) {
      let divide = IntPlane.Divider(d)
      var rng = Xoshiro256StarStar(seed: UInt64(d), stream: 2)
      // Every multiple of d and its neighbours near zero and near 2³¹, then random values.
      let top = (Int(IntPlane.Divider.limit) - 1) / d * d
      var xs = [0, 1, d - 1, d, d + 1, top - 1, top, Int(IntPlane.Divider.limit) - 1]
      xs += (0..<2000).map { _ in rng.nextInt(in: 0...(Int(IntPlane.Divider.limit) - 1)) }
      for x in xs {
        XCTAssertEqual(Int(divide(UInt32(x))), x / d, "\(x) / \(d)")
      }
    }
  }
}
