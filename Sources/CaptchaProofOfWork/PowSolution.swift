/// A client's answer to a challenge's proof of work: nonce i for puzzle i (the verify body's
/// `"pow": {"nonces": [...]}`).
public struct PowSolution: Sendable, Equatable {
  /// The most nonces a solution may carry; a longer list is refused before any work is done.
  public static let maxNonces = 256

  public var nonces: [UInt32]

  public init(nonces: [UInt32]) {
    self.nonces = nonces
  }
}

/// What checking a solution found.
public enum PowCheck: Sendable, Equatable {
  /// Every nonce solves its puzzle.
  case solved
  /// The solution has `got` nonces for `expected` puzzles.
  case wrongCount(expected: Int, got: Int)
  /// The nonce for puzzle `index` (0-based) does not solve it.
  case unsolved(index: Int)

  /// A sentence for a verify's `reason` when the check did not pass.
  public var reason: String {
    switch self {
    case .solved: return "the proof of work is solved"
    case .wrongCount(let expected, let got):
      return "the proof of work has \(got) nonces; this challenge has \(expected) puzzles"
    case .unsolved(let index): return "nonce \(index) of the proof of work does not solve its puzzle"
    }
  }
}
