public import CaptchaKindCore
public import VectorRaster

/// Turns a client's path into the dots it visits, as the gesture lock does:
/// 1. each sample snaps to the nearest dot within `radius` (samples near no dot are ignored);
/// 2. repeats are dropped: a dot already visited is never visited again;
/// 3. the straight segment from the last visited dot to the next one visits, on the way, every
///    unvisited dot it passes within `radius` of, in the order it passes them (Android's rule: a
///    line over the middle dot of a row takes it; a knight's move passes between dots).
public struct PatternPathResolver: Sendable {
  public var dots: [Point]
  public var radius: Double

  public init(dots: [Point], radius: Double) {
    self.dots = dots
    self.radius = radius
  }

  /// The dots `path` visits, in order.
  public func visited(_ path: [Point]) -> [Int] {
    var visited: [Int] = []
    for sample in path {
      guard let dot = snap(sample), !visited.contains(dot) else { continue }
      if let last = visited.last {
        visited += passedOver(from: last, to: dot).filter { !visited.contains($0) }
      }
      visited.append(dot)
    }
    return visited
  }

  /// The nearest dot within `radius` of `p` (the lower index on a tie), or nil.
  public func snap(_ p: Point) -> Int? {
    var best: (index: Int, d2: Double)? = nil
    for (i, d) in dots.enumerated() {
      let d2 = (d.x - p.x) * (d.x - p.x) + (d.y - p.y) * (d.y - p.y)
      if d2 <= radius * radius, d2 < (best?.d2 ?? .infinity) { best = (i, d2) }
    }
    return best?.index
  }

  /// The dots other than the ends that the segment from dot `a` to dot `b` passes within
  /// `radius` of, nearest to `a` first.
  public func passedOver(from a: Int, to b: Int) -> [Int] {
    let p = dots[a]
    let q = dots[b]
    let dx = q.x - p.x
    let dy = q.y - p.y
    let len2 = dx * dx + dy * dy
    guard len2 > 0 else { return [] }
    var hits: [(index: Int, t: Double)] = []
    for (i, c) in dots.enumerated() where i != a && i != b {
      let t = ((c.x - p.x) * dx + (c.y - p.y) * dy) / len2
      guard t > 0, t < 1 else { continue }
      let ex = p.x + t * dx - c.x
      let ey = p.y + t * dy - c.y
      if ex * ex + ey * ey <= radius * radius { hits.append((i, t)) }
    }
    return hits.sorted { $0.t < $1.t }.map(\.index)
  }
}

/// How a resolved path compares with the answer's sequence.
public enum PatternOutcome: String, Sendable {
  case match
  /// Fewer dots than the sequence has: a result of its own, as on the gesture lock; still a fail.
  case tooShort
  case mismatch

  public init(visited: [Int], sequence: [Int]) {
    if visited == sequence {
      self = .match
    } else if visited.count < sequence.count {
      self = .tooShort
    } else {
      self = .mismatch
    }
  }

  /// The verdict's code.
  public var code: VerdictCode {
    switch self {
    case .match: return .passed
    case .tooShort: return .patternTooShort
    case .mismatch: return .patternMismatch
    }
  }

  /// The verdict's reason (never says which dots were wrong).
  public var reason: String {
    switch self {
    case .match: return "the pattern matches"
    case .tooShort: return "the pattern is too short"
    case .mismatch: return "the pattern does not match"
    }
  }
}
