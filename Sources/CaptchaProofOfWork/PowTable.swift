import CProofOfWork
import CaptchaSupport
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The table every puzzle walks (2^log2Words words, ROMix's array of a fixed scrypt; see
/// pow-worker.js), built once per process and size (about 0.1 s for 64 MiB in a release build),
/// and the check of solutions against it. Never written after it is built, so it is shared freely.
public final class PowTable: @unchecked Sendable {
  public let log2Words: Int
  private let words: UnsafeMutablePointer<UInt32>

  private static let built = Mutex<[Int: PowTable]>([:])

  private init(log2Words: Int) {
    self.log2Words = log2Words
    let bytes = 4 << log2Words
    var memory: UnsafeMutableRawPointer?
    precondition(
      posix_memalign(&memory, HugePages.size, bytes) == 0, "cannot allocate the \(bytes)-byte table")
    HugePages.advise(memory!, count: bytes)
    words = memory!.bindMemory(to: UInt32.self, capacity: 1 << log2Words)
    cpow_table_build(words, UInt32(log2Words))
  }

  deinit { free(words) }

  /// The table of 2^`log2Words` words (in `PowSettings.tableLog2Range`), built on first use.
  public static func shared(log2Words: Int) -> PowTable {
    precondition(PowSettings.tableLog2Range.contains(log2Words), "table size 2^\(log2Words) is out of range")
    return built.withLock { tables in
      if let table = tables[log2Words] { return table }
      let table = PowTable(log2Words: log2Words)
      tables[log2Words] = table
      return table
    }
  }

  /// Word `index` (tests compare it with the JavaScript table).
  public subscript(index: Int) -> UInt32 {
    precondition(index >= 0 && index < 1 << log2Words)
    return words[index]
  }

  /// The walk's result for `nonce` of puzzle `index` of `puzzle` (tests and the native solver's check).
  public func walk(_ puzzle: PowPuzzle, index: Int, nonce: UInt32) -> UInt32 {
    precondition(puzzle.tableLog2 == log2Words && puzzle.salt.count == 16)
    var key = [UInt32](repeating: 0, count: 8)
    cpow_puzzle_key(puzzle.salt, UInt32(index), &key)
    return cpow_walk(words, UInt32((1 << log2Words) - 1), key, nonce, UInt32(puzzle.steps))
  }

  /// Whether `solution` solves every puzzle of `puzzle` (a table of another size is a programming error).
  public func check(_ solution: PowSolution, for puzzle: PowPuzzle) -> PowCheck {
    precondition(puzzle.tableLog2 == log2Words && puzzle.salt.count == 16)
    guard solution.nonces.count == puzzle.puzzles else {
      return .wrongCount(expected: puzzle.puzzles, got: solution.nonces.count)
    }
    let failed = cpow_check_solution(
      words, UInt32(log2Words), puzzle.salt, solution.nonces, UInt32(solution.nonces.count),
      UInt32(puzzle.steps), puzzle.difficulty)
    return failed < 0 ? .solved : .unsolved(index: Int(failed))
  }

  /// A solution of `puzzle` found here (scalar C: for tests and tools, not a fast solver); nil in
  /// the 2^-32-likely case that a puzzle has no 32-bit nonce.
  public func solve(_ puzzle: PowPuzzle) -> PowSolution? {
    precondition(puzzle.tableLog2 == log2Words && puzzle.salt.count == 16)
    var nonces: [UInt32] = []
    for index in 0..<puzzle.puzzles {
      var nonce: UInt32 = 0
      guard
        cpow_solve_puzzle(
          words, UInt32(log2Words), puzzle.salt, UInt32(index), UInt32(puzzle.steps), puzzle.difficulty,
          &nonce)
          == 0
      else { return nil }
      nonces.append(nonce)
    }
    return PowSolution(nonces: nonces)
  }
}
