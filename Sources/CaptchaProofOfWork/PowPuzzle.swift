import CaptchaSupport

/// One challenge's proof of work as the client receives it (the challenge response's `"pow"`
/// object) and as the server checks it: `puzzles` puzzles keyed by the challenge's salt (its id),
/// each solved by a nonce whose walk ends below 2^32 / `difficulty`.
public struct PowPuzzle: Sendable, Equatable {
  /// The function's name in the `"algorithm"` field; the widget's pow-worker.js computes the same.
  public static let algorithm = "table-walk-v1"
  /// The largest difficulty: one walk in 2^32 ends below 1.
  public static let maxDifficulty: UInt64 = 1 << 32

  public var level: Int
  /// 16 bytes: the challenge id's bytes, so a solution fits one challenge only.
  public var salt: [UInt8]
  public var puzzles: Int
  public var steps: Int
  /// Walks a puzzle takes on average (1…2^32).
  public var difficulty: UInt64
  public var tableLog2: Int

  public init(level: Int, salt: [UInt8], puzzles: Int, steps: Int, difficulty: UInt64, tableLog2: Int) {
    self.level = level
    self.salt = salt
    self.puzzles = puzzles
    self.steps = steps
    self.difficulty = difficulty
    self.tableLog2 = tableLog2
  }

  /// The salt of the challenge with id `id` (32 hex digits); nil when `id` is not of that form.
  public static func salt(challengeID id: String) -> [UInt8]? {
    let digits = Array(id.utf8)
    guard digits.count == 32 else { return nil }
    func value(_ c: UInt8) -> UInt8? {
      switch c {
      case 48...57: return c - 48
      case 97...102: return c - 87
      default: return nil
      }
    }
    var bytes: [UInt8] = []
    for i in stride(from: 0, to: 32, by: 2) {
      guard let high = value(digits[i]), let low = value(digits[i + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  /// The `"pow"` object of a challenge response.
  public var json: JSONValue {
    .object([
      ("algorithm", .string(Self.algorithm)),
      ("level", .int(Int64(level))),
      ("salt", .string(salt.map { String($0, radix: 16).leftPadded(to: 2) }.joined())),
      ("puzzles", .int(Int64(puzzles))),
      ("steps", .int(Int64(steps))),
      ("difficulty", .uint(difficulty)),
      ("table_log2", .int(Int64(tableLog2))),
    ])
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
