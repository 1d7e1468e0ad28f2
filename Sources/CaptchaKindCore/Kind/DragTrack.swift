import CaptchaImaging
import CaptchaSupport

/// One sample of a drag: `t` milliseconds from the start of the drag, and where piece.png's
/// top-left corner (or the kind's handle) was at that moment, in background pixels.
public struct TrackSample: Codable, Equatable, Sendable {
  public var t: Double
  public var x: Double
  public var y: Double

  public init(t: Double, x: Double, y: Double) {
    self.t = t
    self.x = x
    self.y = y
  }
}

/// The drag a client recorded (`--track FILE`, or `track` in a verify request): a JSON list of
/// `{"t": ms, "x": px, "y": px}` samples in time order.
public struct DragTrack: Equatable, Sendable {
  public var samples: [TrackSample]

  public init(samples: [TrackSample]) {
    self.samples = samples
  }

  /// Most samples a track may have (a minute of 60 Hz pointer events is 3 600).
  public static let maxSamples = 10_000

  /// Parses track JSON; `.badData` naming `name` when it is not a list of finite samples in time order.
  public static func parse(_ bytes: [UInt8], name: String) throws -> DragTrack {
    let samples: [TrackSample]
    do {
      samples = try AnswerDecoding.decodeJSON([TrackSample].self, from: bytes)
    } catch {
      throw CaptchaError(
        .badData, "\(name): not a drag track; expected a JSON list of {\"t\": ms, \"x\": px, \"y\": px}")
    }
    return try validated(samples, name: name)
  }

  /// The track of `samples` once they are checked: at most `maxSamples`, every coordinate finite,
  /// `t` never decreasing (`.badData` naming `name` and the first sample at fault).
  public static func validated(_ samples: [TrackSample], name: String) throws -> DragTrack {
    guard samples.count <= maxSamples else {
      throw CaptchaError(.badData, "\(name): the track has \(samples.count) samples; at most \(maxSamples)")
    }
    for (i, s) in samples.enumerated() {
      guard s.t.isFinite, s.x.isFinite, s.y.isFinite else {
        throw CaptchaError(.badData, "\(name): sample \(i) has a coordinate that is not a finite number")
      }
      if i > 0 && s.t < samples[i - 1].t {
        throw CaptchaError(.badData, "\(name): sample \(i) goes back in time (t must never decrease)")
      }
    }
    return DragTrack(samples: samples)
  }

  /// Reads and parses the track file at `path` (66 when missing, 65 when malformed).
  public static func read(path: String) throws -> DragTrack {
    try parse(try AnswerDecoding.readBytes(path: path, what: "track file", article: "a"), name: path)
  }
}

/// Rejects drags that no person makes. What it checks, in order (each failure is the reason):
/// 1. at least `minSamples` samples over at least `minDuration` ms;
/// 2. the speed is not constant (a scripted linear move): the spread of the speeds between samples
///    is at least `minSpeedVariation` of their mean;
/// 3. the hand wobbles: the coordinate across the drag direction is not the same in every sample;
/// 4. the drag slows down at the end: the mean speed over the last quarter of the time is below the
///    mean speed of the whole drag;
/// 5. it ends where the answer was given: the last sample is within `endSlack` px of it.
///
/// What it cannot stop: a bot that replays or synthesises human-like tracks (recorded drags with
/// jitter and easing) passes. It raises the cost of the simplest bots, nothing more.
public struct TrackJudge: Sendable {
  public var minSamples = 10
  public var minDuration = 300.0
  public var minSpeedVariation = 0.1
  public var endSlack = 3.0

  public init() {}

  /// The reason `track` looks scripted, or nil when it passes. The drag runs along x
  /// (`alongX`, slide horizontal) or along y; the answer was given at (`endX`, `endY`).
  public func rejection(of track: DragTrack, alongX: Bool = true, endX: Double, endY: Double?) -> String? {
    let s = track.samples
    guard s.count >= minSamples else {
      return "the track has too few samples (\(s.count); a drag has \(minSamples)+)"
    }
    let duration = s[s.count - 1].t - s[0].t
    guard duration >= minDuration else {
      return "the drag took \(Int(duration)) ms; people take \(Int(minDuration)) ms or more"
    }
    let speeds = segmentSpeeds(s)
    guard speeds.count >= 2, variation(speeds) >= minSpeedVariation else {
      return "the drag moved at constant speed"
    }
    let across = s.map { alongX ? $0.y : $0.x }
    guard across.contains(where: { $0 != across[0] }) else {
      return "the drag has no wobble across its direction"
    }
    guard slowsAtEnd(s) else { return "the drag did not slow down at the end" }
    let last = s[s.count - 1]
    let endDistance = max(abs(last.x - endX), endY.map { abs(last.y - $0) } ?? 0)
    guard endDistance <= endSlack else { return "the track does not end where the answer was given" }
    return nil
  }

  /// Speed (px/ms) of each step with a positive time difference.
  package func segmentSpeeds(_ s: [TrackSample]) -> [Double] {
    zip(s, s.dropFirst()).compactMap { a, b in
      let dt = b.t - a.t
      guard dt > 0 else { return nil }
      return ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() / dt
    }
  }

  /// Standard deviation over mean (0 for a constant or empty list).
  package func variation(_ v: [Double]) -> Double {
    let mean = v.reduce(0, +) / Double(max(v.count, 1))
    guard mean > 0 else { return 0 }
    let spread = (v.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(v.count)).squareRoot()
    return spread / mean
  }

  /// Whether the path length per ms over the last quarter of the time is below the whole drag's.
  func slowsAtEnd(_ s: [TrackSample]) -> Bool {
    let t0 = s[0].t
    let t1 = s[s.count - 1].t
    let cut = t1 - (t1 - t0) / 4
    func length(_ from: Double) -> Double {
      zip(s, s.dropFirst()).filter { $0.1.t > from }.reduce(0) { sum, pair in
        let (a, b) = pair
        return sum + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      }
    }
    let whole = length(t0 - 1) / (t1 - t0)
    return length(cut) / (t1 - cut) < whole
  }
}
