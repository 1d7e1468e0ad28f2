public import CaptchaKindCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Rejects rotate drags that no person makes: the pointer's path around the disc centre, in
/// background pixels, as the widget sends it. What it checks, in order (each failure is the reason):
/// 1. at least `TrackJudge.minSamples` samples over at least `TrackJudge.minDuration` ms;
/// 2. the turning speed is not constant (the spread of the angular speeds between samples is at
///    least `TrackJudge.minSpeedVariation` of their mean);
/// 3. the hand wobbles: the distance from the centre is not the same in every sample (a scripted
///    arc keeps it exactly);
/// 4. the turn slows down at the end, as a slide drag does.
/// The angle the track ends at is not compared with the answer: keys may have turned the ring
/// before the drag, and with `--steps` the ring snaps after it. Like `TrackJudge`, this stops the
/// simplest scripts only; a bot that synthesises human-like arcs passes.
public struct RotateTrackJudge: Sendable {
  public var base = TrackJudge()

  public init() {}

  /// The reason `track` around (`centerX`, `centerY`) looks scripted, or nil when it passes.
  public func rejection(of track: DragTrack, centerX: Double, centerY: Double) -> String? {
    let s = track.samples
    guard s.count >= base.minSamples else {
      return "the track has too few samples (\(s.count); a drag has \(base.minSamples)+)"
    }
    let duration = s[s.count - 1].t - s[0].t
    guard duration >= base.minDuration else {
      return "the drag took \(Int(duration)) ms; people take \(Int(base.minDuration)) ms or more"
    }
    let angles = s.map { atan2($0.x - centerX, centerY - $0.y) * 180 / .pi }
    let speeds = angularSpeeds(s, angles)
    guard speeds.count >= 2, base.variation(speeds) >= base.minSpeedVariation else {
      return "the ring turned at constant speed"
    }
    let radii = s.map {
      (($0.x - centerX) * ($0.x - centerX) + ($0.y - centerY) * ($0.y - centerY)).squareRoot()
    }
    guard let low = radii.min(), let high = radii.max(), high - low > 0.25 else {
      return "the drag kept exactly the same distance from the centre"
    }
    guard slowsAtEnd(s, angles) else { return "the turn did not slow down at the end" }
    return nil
  }

  /// Degrees per ms of each step with a positive time difference (the shorter way round).
  func angularSpeeds(_ s: [TrackSample], _ angles: [Double]) -> [Double] {
    (1..<s.count).compactMap { i in
      let dt = s[i].t - s[i - 1].t
      guard dt > 0 else { return nil }
      return abs(Self.shortTurn(angles[i] - angles[i - 1])) / dt
    }
  }

  /// Whether the degrees per ms over the last quarter of the time are below the whole turn's.
  func slowsAtEnd(_ s: [TrackSample], _ angles: [Double]) -> Bool {
    let t0 = s[0].t
    let t1 = s[s.count - 1].t
    let cut = t1 - (t1 - t0) / 4
    func swept(after from: Double) -> Double {
      (1..<s.count).filter { s[$0].t > from }.reduce(0) {
        $0 + abs(Self.shortTurn(angles[$1] - angles[$1 - 1]))
      }
    }
    return swept(after: cut) / (t1 - cut) < swept(after: t0 - 1) / (t1 - t0)
  }

  /// `degrees` brought into -180…180.
  static func shortTurn(_ degrees: Double) -> Double {
    var d = degrees.truncatingRemainder(dividingBy: 360)
    if d > 180 { d -= 360 }
    if d < -180 { d += 360 }
    return d
  }
}
