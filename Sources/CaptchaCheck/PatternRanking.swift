/// Ranks a pattern answer among every ordered choice of distinct dots, scored by the sum of
/// per-icon scores.
public enum PatternRanking {
  /// rank = 1 + the orders scoring strictly higher than `sequence` + half the other orders that tie
  /// with it; cracked when it alone is the best.
  public static func verdict(attack: String, scores: [[Double]], sequence: [Int]) -> AttackVerdict {
    guard scores.count == sequence.count, let dots = scores.first?.count, dots > 0 else {
      return AttackVerdict(attack: attack, guess: nil, rank: 0, candidates: 0, cracked: false)
    }
    let truth = zip(scores, sequence).map { $0[$1] }.reduce(0, +)
    var better = 0
    var ties = 0
    var candidates = 0
    var used = [Bool](repeating: false, count: dots)
    func walk(_ depth: Int, _ sum: Double) {
      if depth == scores.count {
        candidates += 1
        if sum > truth { better += 1 } else if sum == truth { ties += 1 }
        return
      }
      for j in 0..<dots where !used[j] {
        used[j] = true
        walk(depth + 1, sum + scores[depth][j])
        used[j] = false
      }
    }
    walk(0, 0)
    // The truth itself is one of the ties; any other tie means the attack cannot tell them apart, so
    // its rank is the middle of the tied orders (where a random pick among them lands on average).
    return AttackVerdict(
      attack: attack, guess: nil, rank: 1 + better + (ties - 1) / 2, candidates: candidates,
      cracked: better == 0 && ties == 1)
  }
}
