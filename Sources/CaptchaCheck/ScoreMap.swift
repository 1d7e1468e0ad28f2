import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// An attack's score for every position of a `SearchSpace` (higher = more likely the target).
/// Non-finite scores mean "no evidence here" and never win, as in the attack suite's `pick`.
public struct ScoreMap: Sendable {
  public var space: SearchSpace
  /// Row-major over `space.ys` × `space.xs`.
  public var scores: [Double]

  public init(space: SearchSpace, scores: [Double]) {
    precondition(scores.count == space.count, "ScoreMap size")
    self.space = space
    self.scores = scores
  }

  /// The score at piece position (x, y), which must lie in the search space.
  public subscript(x: Int, y: Int) -> Double {
    scores[(y - space.ys.lowerBound) * space.xs.count + (x - space.xs.lowerBound)]
  }

  private func position(at i: Int) -> PiecePosition {
    PiecePosition(x: space.xs.lowerBound + i % space.xs.count, y: space.ys.lowerBound + i / space.xs.count)
  }

  /// The attack's guess: the highest finite score, the first one in row-major order on ties
  /// (NumPy's `argmax`); nil when no score is finite.
  public var best: PiecePosition? {
    var bestIndex: Int?
    var bestScore = -Double.infinity
    for (i, s) in scores.enumerated() where s.isFinite && (bestIndex == nil || s > bestScore) {
      bestIndex = i
      bestScore = s
    }
    return bestIndex.map(position(at:))
  }

  /// Where the true target ranks: 1 + the number of positions outside the tolerance window that
  /// score higher than the best position inside it (rank 1 = the attack would pick the target).
  /// The window holds the positions `verify` would accept (`AnswerWindow`). When no position inside
  /// it has a finite score, every finite position outside outranks it.
  public func rank(of window: AnswerWindow) -> Int {
    var bestInside = -Double.infinity
    for (i, s) in scores.enumerated() where s.isFinite && window.accepts(position(at: i)) {
      bestInside = max(bestInside, s)
    }
    var higher = 0
    for (i, s) in scores.enumerated() where s.isFinite && !window.accepts(position(at: i)) {
      if s > bestInside || (bestInside == -.infinity) { higher += 1 }
    }
    return higher + 1
  }
}

/// The positions `verify` accepts for an answer: |x − target.x| ≤ tolerance and, unless the mode is
/// horizontal, |y − target.y| ≤ tolerance.
public struct AnswerWindow: Equatable, Sendable {
  public var target: PiecePosition
  public var tolerance: Int
  public var mode: DragMode

  public init(target: PiecePosition, tolerance: Int, mode: DragMode) {
    self.target = target
    self.tolerance = tolerance
    self.mode = mode
  }

  public init(answer: SlideAnswer) {
    self.init(target: answer.target, tolerance: answer.tolerance, mode: answer.mode)
  }

  public func accepts(_ p: PiecePosition) -> Bool {
    guard abs(p.x - target.x) <= tolerance else { return false }
    return mode == .horizontal || abs(p.y - target.y) <= tolerance
  }
}
