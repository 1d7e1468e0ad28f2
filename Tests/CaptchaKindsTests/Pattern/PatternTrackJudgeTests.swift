import CaptchaKinds
import XCTest

/// A person's drag through dot centres `through`: each leg eased, with the hand's wobble across.
func humanPatternTrack(through: [(Double, Double)], wobble: Double = 1.5, legMilliseconds: Double = 300)
  -> DragTrack
{
  var samples = [TrackSample(t: 0, x: through[0].0, y: through[0].1)]
  for (leg, (a, b)) in zip(through, through.dropFirst()).enumerated() {
    let length = max(((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot(), 1)
    let (nx, ny) = (-(b.1 - a.1) / length, (b.0 - a.0) / length)
    for i in 1...8 {
      let f = 1 - (1 - Double(i) / 8) * (1 - Double(i) / 8)
      let w = i == 8 ? 0 : (i % 2 == 0 ? wobble : -wobble)
      samples.append(
        TrackSample(
          t: (Double(leg) + Double(i) / 8) * legMilliseconds, x: a.0 + (b.0 - a.0) * f + nx * w,
          y: a.1 + (b.1 - a.1) * f + ny * w))
    }
  }
  return DragTrack(samples: samples)
}

final class PatternTrackJudgeTests: XCTestCase {
  let judge = PatternTrackJudge()
  let dots = [(40.0, 40.0), (120.0, 40.0), (120.0, 120.0), (200.0, 120.0)]

  func testAHumanLikePathPasses() {
    XCTAssertNil(judge.rejection(of: humanPatternTrack(through: dots)))
  }

  func testStraightLinesFromDotToDotAreRejected() {
    XCTAssertEqual(
      judge.rejection(of: humanPatternTrack(through: dots, wobble: 0)),
      "the drag runs in straight lines from dot to dot")
  }

  func testConstantSpeedIsRejected() {
    let line = DragTrack(
      samples: (0..<30).map { i in
        TrackSample(t: Double(i) * 20, x: 40 + Double(i) * 5, y: 40 + Double(i % 2))
      })
    XCTAssertEqual(judge.rejection(of: line), "the drag moved at constant speed")
  }

  func testTooQuickIsRejected() {
    XCTAssertEqual(
      judge.rejection(of: humanPatternTrack(through: dots, legMilliseconds: 50))?.hasPrefix("the drag took"),
      true)
  }
}
