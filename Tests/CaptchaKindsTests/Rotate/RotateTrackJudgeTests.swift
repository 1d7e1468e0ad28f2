import CaptchaKinds
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A person's turn of the rotate ring: eased, with the hand's distance from the centre wobbling.
func humanRingTrack(
  turn: Double, radius: Double = 60, wobble: Double = 1.5, duration: Double = 900, samples: Int = 30
) -> DragTrack {
  DragTrack(
    samples: (0..<samples).map { i in
      let u = Double(i) / Double(samples - 1)
      let eased = 1 - (1 - u) * (1 - u) * (1 - u)
      let a = turn * eased * .pi / 180
      let r = radius + (i % 3 == 1 ? wobble : 0) - (i % 4 == 2 ? wobble : 0)
      return TrackSample(t: u * duration, x: 100 + r * sin(a), y: 80 - r * cos(a))
    })
}

final class RotateTrackJudgeTests: XCTestCase {
  let judge = RotateTrackJudge()

  func testAHumanLikeTurnPasses() {
    XCTAssertNil(judge.rejection(of: humanRingTrack(turn: 200), centerX: 100, centerY: 80))
    XCTAssertNil(
      judge.rejection(of: humanRingTrack(turn: -120), centerX: 100, centerY: 80), "anticlockwise too")
  }

  func testShortOrQuickTurnsAreRejected() {
    XCTAssertEqual(
      judge.rejection(of: humanRingTrack(turn: 200, samples: 6), centerX: 100, centerY: 80)?.hasPrefix(
        "the track has too few samples"), true)
    XCTAssertEqual(
      judge.rejection(of: humanRingTrack(turn: 200, duration: 100), centerX: 100, centerY: 80)?.hasPrefix(
        "the drag took 100 ms"), true)
  }

  func testAConstantSpeedArcIsRejected() {
    let arc = DragTrack(
      samples: (0..<30).map { i in
        let a = Double(i) * 6 * .pi / 180
        let r = 60 + Double(i % 2)
        return TrackSample(t: Double(i) * 30, x: 100 + r * sin(a), y: 80 - r * cos(a))
      })
    XCTAssertEqual(judge.rejection(of: arc, centerX: 100, centerY: 80), "the ring turned at constant speed")
  }

  func testAPerfectCircleIsRejected() {
    XCTAssertEqual(
      judge.rejection(of: humanRingTrack(turn: 200, wobble: 0), centerX: 100, centerY: 80),
      "the drag kept exactly the same distance from the centre")
  }

  func testATurnThatSpeedsUpAtTheEndIsRejected() {
    var track = humanRingTrack(turn: 200)
    let count = track.samples.count
    for i in 0..<count {
      let u = Double(i) / Double(count - 1)
      let a = 200 * u * u * u * .pi / 180
      let r = 60.0 + (i % 3 == 1 ? 1.5 : 0)
      track.samples[i].x = 100 + r * sin(a)
      track.samples[i].y = 80 - r * cos(a)
    }
    XCTAssertEqual(
      judge.rejection(of: track, centerX: 100, centerY: 80), "the turn did not slow down at the end")
  }

  func testTheRotateKindFailsAScriptedTrackEvenAtTheRightAngle() throws {
    let answer = RotateAnswer(
      seed: 1, angle: 90, tolerance: 5, center: RotateAnswer.Center(x: 100, y: 80),
      background: FileInfo(file: "background.png", width: 200, height: 160),
      piece: FileInfo(file: "piece.png", width: 120, height: 120))
    let bytes = Array(try JSONEncoder().encode(answer))
    let scripted = try RotateKind.verify(
      answer: bytes, name: "a",
      response: ClientResponse(track: humanRingTrack(turn: 90, wobble: 0), angle: 90))
    XCTAssertEqual(
      scripted,
      Verdict(
        passed: false, reason: "the drag kept exactly the same distance from the centre", code: .trackRejected
      ))
    let human = try RotateKind.verify(
      answer: bytes, name: "a", response: ClientResponse(track: humanRingTrack(turn: 90), angle: 90))
    XCTAssertTrue(human.passed, human.reason)
  }
}
