import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import XCTest

/// A drag like a person's: ease-out towards `endX` over `duration` ms with a small wobble in y.
func humanTrack(endX: Double, y: Double = 40, duration: Double = 900, samples: Int = 40) -> DragTrack {
  DragTrack(
    samples: (0..<samples).map { i in
      let u = Double(i) / Double(samples - 1)
      let eased = 1 - (1 - u) * (1 - u) * (1 - u)
      return TrackSample(t: u * duration, x: endX * eased, y: y + (i % 5 == 2 ? 1 : 0) - (i % 7 == 3 ? 1 : 0))
    })
}

final class TrackJudgeTests: XCTestCase {
  let judge = TrackJudge()

  func testAHumanLikeDragPasses() {
    XCTAssertNil(judge.rejection(of: humanTrack(endX: 180), endX: 180, endY: nil))
  }

  func testTooFewSamplesOrTooQuickIsRejected() {
    XCTAssertEqual(
      judge.rejection(of: humanTrack(endX: 180, samples: 5), endX: 180, endY: nil)?.hasPrefix(
        "the track has too few"),
      true)
    XCTAssertEqual(
      judge.rejection(of: humanTrack(endX: 180, duration: 120), endX: 180, endY: nil)?.hasPrefix(
        "the drag took"),
      true)
  }

  func testConstantSpeedIsRejected() {
    let linear = DragTrack(
      samples: (0..<30).map { TrackSample(t: Double($0) * 20, x: Double($0) * 6, y: 40) })
    XCTAssertEqual(judge.rejection(of: linear, endX: 174, endY: nil), "the drag moved at constant speed")
  }

  func testNoWobbleIsRejected() {
    var track = humanTrack(endX: 180)
    for i in track.samples.indices { track.samples[i].y = 40 }
    XCTAssertEqual(
      judge.rejection(of: track, endX: 180, endY: nil), "the drag has no wobble across its direction")
  }

  func testNoSlowingAtTheEndIsRejected() {
    // Accelerating: slow start, fast finish.
    var track = humanTrack(endX: 180)
    for i in track.samples.indices {
      let u = Double(i) / Double(track.samples.count - 1)
      track.samples[i].x = 180 * u * u * u
    }
    XCTAssertEqual(judge.rejection(of: track, endX: 180, endY: nil), "the drag did not slow down at the end")
  }

  func testAnEndAwayFromTheAnswerIsRejected() {
    XCTAssertEqual(
      judge.rejection(of: humanTrack(endX: 150), endX: 180, endY: nil),
      "the track does not end where the answer was given")
  }

  func testParseRefusesMalformedTracksNamingTheFile() {
    for bad in [
      "{}", "[{\"t\": 0, \"x\": 1}]", "[{\"t\": 5, \"x\": 0, \"y\": 0}, {\"t\": 1, \"x\": 0, \"y\": 0}]",
      "nope",
    ] {
      XCTAssertThrowsError(try DragTrack.parse(Array(bad.utf8), name: "t.json")) { error in
        let e = error as? CaptchaError
        XCTAssertEqual(e?.kind, .badData, bad)
        XCTAssertEqual(e?.message.hasPrefix("t.json: "), true, bad)
      }
    }
    let ok = try? DragTrack.parse(Array("[{\"t\": 0, \"x\": 1.5, \"y\": 2}]".utf8), name: "t.json")
    XCTAssertEqual(ok?.samples, [TrackSample(t: 0, x: 1.5, y: 2)])
  }
}
