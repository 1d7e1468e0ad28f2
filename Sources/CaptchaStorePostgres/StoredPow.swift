import CaptchaProofOfWork

/// A challenge's proof of work as its `pow_*` columns hold it (all NULL: none).
enum StoredPow {
  /// The puzzle of challenge `id` from its columns; nil when they are NULL or the id is not hex.
  static func puzzle(
    id: String, level: Int32?, puzzles: Int32?, steps: Int32?, difficulty: Int64?, tableLog2: Int32?
  ) -> PowPuzzle? {
    guard let level, let puzzles, let steps, let difficulty, let tableLog2,
      let salt = PowPuzzle.salt(challengeID: id), difficulty > 0
    else { return nil }
    return PowPuzzle(
      level: Int(level), salt: salt, puzzles: Int(puzzles), steps: Int(steps), difficulty: UInt64(difficulty),
      tableLog2: Int(tableLog2))
  }
}
