import CaptchaImaging
package import CaptchaSupport

/// Stepped answers (`--steps N`, from the geared throttle): the target is one of `count` evenly
/// spaced stops and a response is snapped to the nearest stop, then judged by index. Written into
/// answer.json as `steps` {count, index, positions}. A blind guess passes about 1 time in `count`
/// (a little more often, since the target is never the starting stop).
public struct StepStops: Equatable, Codable, Sendable {
  /// The fewest stops `--steps` accepts: below this a guess passes too often to be a captcha.
  public static let minimumCount = 4

  /// How many stops there are.
  public var count: Int
  /// The target's stop, 0-based.
  public var index: Int
  /// Every stop, in order: slide x positions of piece.png's top-left corner, or rotate angles.
  public var positions: [Double]

  public init(count: Int, index: Int, positions: [Double]) {
    self.count = count
    self.index = index
    self.positions = positions
  }

  /// Refuses a stop count below `minimumCount` (`OptionError` naming the steps).
  public static func validate(count: Int) throws {
    guard count >= minimumCount else {
      throw OptionError(
        "\(CaptchaOption.steps) \(count) is too few; use at least \(minimumCount) stops (a blind guess passes 1 time in N)"
      )
    }
  }

  /// The stop nearest `value`; with `period` (rotate: 360) distances wrap around it.
  public func nearestIndex(to value: Double, period: Double? = nil) -> Int {
    var best = 0
    var bestDistance = Double.infinity
    for (i, p) in positions.enumerated() {
      var d = abs(value - p)
      if let period {
        d = d.truncatingRemainder(dividingBy: period)
        d = min(d, period - d)
      }
      if d < bestDistance {
        best = i
        bestDistance = d
      }
    }
    return best
  }

  /// Whether stop `k` is the target; `VerifyError.notAStop` when `k` is not a stop of this answer.
  public func accepts(step k: Int) throws -> Bool {
    guard (0..<count).contains(k) else { throw VerifyError.notAStop(step: k, count: count) }
    return k == index
  }

  /// The stops moved by `dx` (slide: piece.png's padding moves every position like the target).
  package func shifted(by dx: Int) -> StepStops {
    StepStops(count: count, index: index, positions: positions.map { $0 + Double(dx) })
  }

  /// Checks the record read from `name`: `.badData` unless count ≥ 2 stops are listed and index is one.
  package func validated(name: String) throws -> StepStops {
    guard count >= 2, positions.count == count, (0..<count).contains(index),
      positions.allSatisfy(\.isFinite)
    else {
      throw CaptchaError(.badData, "\(name): \"steps\" is inconsistent (count, index and positions disagree)")
    }
    return self
  }
}

extension StepStops {
  /// `count` stops for a slide from `start` to `end` (whole pixels, evenly spaced, rounded), the
  /// target drawn among the stops at `firstTarget` or beyond (where the piece at its start does
  /// not cover the hole). `OptionError` when the range holds fewer than `count` distinct pixel positions.
  package static func slide(
    count: Int, start: Int, firstTarget: Int, end: Int, rng: inout Xoshiro256StarStar, name: String
  ) throws -> StepStops {
    try validate(count: count)
    guard end - start + 1 >= count else {
      throw OptionError(
        "\(name): \(CaptchaOption.steps) \(count) needs \(count) distinct x positions but the piece can only stop at "
          + "\(end - start + 1); use fewer steps or a larger \(CaptchaOption.size)")
    }
    let span = Double(end - start)
    let positions = (0..<count).map { i in
      Double(start) + (span * Double(i) / Double(count - 1)).rounded()
    }
    let candidates = positions.indices.filter { $0 > 0 && positions[$0] >= Double(firstTarget) }
    let index = candidates.isEmpty ? count - 1 : candidates[rng.nextInt(in: 0...(candidates.count - 1))]
    return StepStops(count: count, index: index, positions: positions)
  }

  /// `count` angles 360/count apart starting at 0 (upright), the target drawn among those at
  /// least `away` degrees from upright. `OptionError` when fewer than 2 stops qualify or more than 360
  /// are asked for.
  package static func rotate(count: Int, away: Double, rng: inout Xoshiro256StarStar) throws -> StepStops {
    try validate(count: count)
    guard count <= 360 else {
      throw OptionError(
        "\(CaptchaOption.steps) \(count) is too many for rotate; stops must be at least 1° apart")
    }
    let positions = (0..<count).map { 360 * Double($0) / Double(count) }
    let candidates = positions.indices.filter { positions[$0] >= away && positions[$0] <= 360 - away }
    let index = candidates[rng.nextInt(in: 0...(candidates.count - 1))]
    return StepStops(count: count, index: index, positions: positions)
  }
}
