/// The proof of work's shape and how hard each level is (`serve --pow`; docs/proof-of-work.md).
/// A challenge carries `puzzles` puzzles; each takes `difficulty(level)` walks on average to
/// solve, each walk `steps` dependent reads of a table of 2^`tableLog2` words. Level 1 is the resting
/// level; every level above doubles the expected work.
public struct PowSettings: Sendable, Equatable {
  /// log2 of the table's size in 32-bit words (24: 64 MiB, larger than this machine's 32 MiB cache).
  public var tableLog2: Int
  /// Dependent table reads per walk.
  public var steps: Int
  /// Puzzles per challenge: the solve time's spread shrinks as 1/√puzzles.
  public var puzzles: Int
  /// Walks a puzzle takes on average at level 1.
  public var baseDifficulty: UInt64
  /// The highest level; levels above it are clamped to it.
  public var maxLevel: Int

  public static let defaultTableLog2 = 24
  public static let defaultSteps = 64
  public static let defaultPuzzles = 16
  public static let defaultBaseDifficulty: UInt64 = 1 << 14
  public static let defaultMaxLevel = 12
  /// The bounds `init(validating…)` accepts.
  public static let tableLog2Range = 10...28
  public static let stepsRange = 8...4096
  public static let puzzlesRange = 1...PowSolution.maxNonces
  public static let maxLevelRange = 1...24

  public init(
    tableLog2: Int = defaultTableLog2, steps: Int = defaultSteps, puzzles: Int = defaultPuzzles,
    baseDifficulty: UInt64 = defaultBaseDifficulty, maxLevel: Int = defaultMaxLevel
  ) {
    self.tableLog2 = tableLog2
    self.steps = steps
    self.puzzles = puzzles
    self.baseDifficulty = baseDifficulty
    self.maxLevel = maxLevel
  }

  /// The same, after checking every value is in its range (`PowError.setting` otherwise).
  public static func validated(
    tableLog2: Int = defaultTableLog2, steps: Int = defaultSteps, puzzles: Int = defaultPuzzles,
    baseDifficulty: UInt64 = defaultBaseDifficulty, maxLevel: Int = defaultMaxLevel
  ) throws -> PowSettings {
    func check(_ ok: Bool, _ sentence: String) throws { if !ok { throw PowError.setting(sentence) } }
    try check(tableLog2Range.contains(tableLog2), "the table size must be 2^\(tableLog2Range) words")
    try check(stepsRange.contains(steps), "steps must be in \(stepsRange)")
    try check(puzzlesRange.contains(puzzles), "puzzles must be in \(puzzlesRange)")
    try check(maxLevelRange.contains(maxLevel), "the highest level must be in \(maxLevelRange)")
    try check(
      baseDifficulty >= 1 && baseDifficulty <= PowPuzzle.maxDifficulty >> (maxLevel - 1),
      "the base difficulty must be at least 1 and, doubled at each of \(maxLevel) levels, at most 2^32")
    return PowSettings(
      tableLog2: tableLog2, steps: steps, puzzles: puzzles, baseDifficulty: baseDifficulty, maxLevel: maxLevel
    )
  }

  /// `level` clamped to 1…maxLevel.
  public func clamped(_ level: Int) -> Int { min(max(level, 1), maxLevel) }

  /// Expected walks per puzzle at `level` (clamped): the base difficulty doubled per level above 1.
  public func difficulty(level: Int) -> UInt64 { baseDifficulty << UInt64(clamped(level) - 1) }

  /// The puzzle of a challenge whose id gives the 16-byte `salt`, at `level` (clamped).
  public func puzzle(level: Int, salt: [UInt8]) -> PowPuzzle {
    PowPuzzle(
      level: clamped(level), salt: salt, puzzles: puzzles, steps: steps, difficulty: difficulty(level: level),
      tableLog2: tableLog2)
  }
}

/// What the proof of work can refuse: a setting out of range, scrypt parameters it cannot run. A
/// struct over a private list of reasons, so that a new reason is no source break for code that
/// reads these: compare `code` with the static members (`error.code == .setting`).
public struct PowError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Which refusal it is; more may come.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case setting, scryptParameters
    }
    private let value: Value

    /// A setting out of its range.
    public static let setting = Code(value: .setting)
    /// scrypt parameters it cannot run with (or the memory they need cannot be had).
    public static let scryptParameters = Code(value: .scryptParameters)

    public var description: String { value.rawValue }
  }

  /// Which refusal this is.
  public let code: Code
  /// The refusal in one sentence.
  public let description: String

  private init(_ code: Code, _ sentence: String) {
    self.code = code
    self.description = sentence
  }

  /// A setting out of its range, in one sentence.
  public static func setting(_ sentence: String) -> Self { Self(.setting, sentence) }

  /// scrypt parameters it cannot run with, in one sentence.
  public static func scryptParameters(_ sentence: String) -> Self { Self(.scryptParameters, sentence) }
}
