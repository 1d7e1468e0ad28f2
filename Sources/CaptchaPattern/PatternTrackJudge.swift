public import CaptchaKindCore

/// Rejects pattern drags that no person makes: the path as the widget sends it (background
/// pixels, with times). What it checks, in order (each failure is the reason):
/// 1. at least `TrackJudge.minSamples` samples over at least `TrackJudge.minDuration` ms;
/// 2. the speed is not constant (as `TrackJudge` measures it);
/// 3. the hand wobbles: at least `minOffLine` of the inner samples lie more than `offLine` px off
///    the straight line between their neighbours (a script that joins dot centres with straight
///    lines bends only at the dots).
/// It does not ask the drag to slow down at the end: people finish a pattern at speed. Like
/// `TrackJudge`, this stops the simplest scripts only.
public struct PatternTrackJudge: Sendable {
  public var base = TrackJudge()
  public var offLine = 0.25
  public var minOffLine = 0.2

  public init() {}

  /// The reason `track` looks scripted, or nil when it passes.
  public func rejection(of track: DragTrack) -> String? {
    let s = track.samples
    guard s.count >= base.minSamples else {
      return "the track has too few samples (\(s.count); a drag has \(base.minSamples)+)"
    }
    let duration = s[s.count - 1].t - s[0].t
    guard duration >= base.minDuration else {
      return "the drag took \(Int(duration)) ms; people take \(Int(base.minDuration)) ms or more"
    }
    let speeds = base.segmentSpeeds(s)
    guard speeds.count >= 2, base.variation(speeds) >= base.minSpeedVariation else {
      return "the drag moved at constant speed"
    }
    let inner = (1..<s.count - 1).filter { distanceFromChord(s[$0 - 1], s[$0], s[$0 + 1]) > offLine }
    guard Double(inner.count) >= minOffLine * Double(s.count - 2) else {
      return "the drag runs in straight lines from dot to dot"
    }
    return nil
  }

  /// How far `b` lies from the line through `a` and `c` (0 when they coincide).
  func distanceFromChord(_ a: TrackSample, _ b: TrackSample, _ c: TrackSample) -> Double {
    let dx = c.x - a.x
    let dy = c.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0 else { return ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
    return abs(dx * (b.y - a.y) - dy * (b.x - a.x)) / length
  }
}
