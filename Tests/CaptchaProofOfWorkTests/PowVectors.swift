import CaptchaProofOfWork
import Foundation

/// Fixtures/pow-vectors.json: the proof of work's vectors that the Swift tests, the node tests of
/// pow-worker.js, the browser test of the worker and the native solver's self-check all read.
struct PowVectors: Decodable {
  struct ScryptVector: Decodable {
    var source: String
    var password: String
    var salt: String
    var n: UInt64
    var r: UInt32
    var p: UInt32
    var hex: String
  }

  /// A challenge's `pow` object as the server sends it.
  struct Pow: Decodable {
    var algorithm: String
    var level: Int
    var salt: String
    var puzzles: Int
    var steps: Int
    var difficulty: UInt64
    var tableLog2: Int

    enum CodingKeys: String, CodingKey {
      case algorithm, level, salt, puzzles, steps, difficulty
      case tableLog2 = "table_log2"
    }

    var puzzle: PowPuzzle {
      PowPuzzle(
        level: level, salt: PowPuzzle.salt(challengeID: salt) ?? [], puzzles: puzzles, steps: steps,
        difficulty: difficulty, tableLog2: tableLog2)
    }
  }

  struct TableWord: Decodable {
    var index: Int
    var word: String
  }

  struct Walk: Decodable {
    var puzzle: Int
    var nonce: UInt32
    var result: String
  }

  struct Case: Decodable {
    var name: String
    var pow: Pow
    var tableWords: [TableWord]
    var walks: [Walk]
    var firstSolvingNonces: [UInt32]

    enum CodingKeys: String, CodingKey {
      case name, pow, walks
      case tableWords = "table_words"
      case firstSolvingNonces = "first_solving_nonces"
    }

    var table: PowTable { PowTable.shared(log2Words: pow.tableLog2) }
  }

  var scrypt: [ScryptVector]
  var cases: [Case]

  static var fixture: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/pow-vectors.json")
  }

  static func load() throws -> PowVectors {
    try JSONDecoder().decode(PowVectors.self, from: Data(contentsOf: fixture))
  }

  /// A 32-bit word written as eight hex digits.
  static func word(_ hex: String) -> UInt32? { UInt32(hex, radix: 16) }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }
}
