import XCTest

@testable import CaptchaCheck
@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport

/// The object-axis attack: it stands upright objects (a thin trunk under a round crown) upright
/// again, and has nothing to go on in a disc without objects.
final class ObjectAxisAttackTests: XCTestCase {
  /// A 200×200 picture of three lollipop trees on a flat ground, the disc of radius 48 around its
  /// centre turned clockwise by 360 − `angle` (so turning it by `angle` makes it upright).
  func trees(angle: Double) throws -> RGBAImage {
    var picture = RGBAImage(width: 200, height: 200, fill: (90, 120, 100, 255))
    func paint(_ inside: (Double, Double) -> Bool, _ color: (UInt8, UInt8, UInt8)) {
      for y in 0..<200 {
        for x in 0..<200 where inside(Double(x) + 0.5, Double(y) + 0.5) {
          let p = (y * 200 + x) * 4
          (picture.pixels[p], picture.pixels[p + 1], picture.pixels[p + 2]) = color
        }
      }
    }
    for (cx, cy) in [(80.0, 88.0), (116.0, 84.0), (98.0, 118.0)] {
      paint({ abs($0 - cx) <= 3 && abs($1 - (cy + 8)) <= 13 }, (230, 200, 160))
      paint({ ($0 - cx) * ($0 - cx) + ($1 - (cy - 8)) * ($1 - (cy - 8)) <= 121 }, (220, 240, 170))
    }
    let g = DiscGeometry(centerX: 100, centerY: 100, radius: 48, gap: 0)
    var piece = DiscPiece.turnedSquare(from: picture, geometry: g, turnedClockwiseBy: 360 - angle)
    try DiscPiece.cutToCircle(&piece, radius: 48)
    return piece
  }

  func testItStandsTreesUpright() throws {
    for angle in [50.0, 140, 230, 310] {
      let s = ObjectAxisAttack.scores(piece: try trees(angle: angle))
      let guess = Double(s.indices.max { s[$0] < s[$1] }!)
      XCTAssertLessThanOrEqual(RotateVerifier.circularDistance(guess, angle), 7, "angle \(angle)")
    }
  }

  func testItHasNothingToGoOnWithoutObjects() {
    let s = ObjectAxisAttack.scores(piece: RGBAImage(width: 64, height: 64, fill: (90, 120, 150, 255)))
    XCTAssertEqual(s.count, 360)
    XCTAssertEqual(s.max()! - s.min()!, 0, accuracy: 1e-9)
  }
}
