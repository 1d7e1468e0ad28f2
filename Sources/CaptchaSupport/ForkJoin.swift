#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs independent parts of one job on several threads and waits for all of them: part 0 on the
/// calling thread, the others on threads started for the call and joined before it returns.
///
/// The parts must not write to the same memory. Results therefore never depend on the number of
/// threads: with `threads` 1 the parts simply run one after another, in order. Starting a thread
/// costs tens of microseconds, so callers split only work of a millisecond or more.
public enum ForkJoin {
  /// The processors this process may run on (at least 1): what `make` uses by default.
  public static var onlineProcessors: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  /// Runs `body(0)` … `body(parts - 1)` on at most `threads` threads (the caller's included).
  /// Parts are dealt round-robin: thread t runs parts t, t + threads, …
  public static func run(parts: Int, threads: Int, _ body: (Int) -> Void) {
    let n = max(1, min(threads, parts))
    guard n > 1 else {
      for part in 0..<parts { body(part) }
      return
    }
    withoutActuallyEscaping(body) { body in
      let helpers = (1..<n).map { t in
        PosixThread.start(stackSize: PosixThread.workerStackSize, detached: false) {
          for part in stride(from: t, to: parts, by: n) { body(part) }
        }
      }
      for part in stride(from: 0, to: parts, by: n) { body(part) }
      for helper in helpers { PosixThread.join(helper) }
    }
  }

  /// Runs `first` and `second` at the same time (when `threads` > 1) and returns both results.
  public static func both<A, B>(threads: Int, _ first: () -> A, _ second: () -> B) -> (A, B) {
    var a: A?
    var b: B?
    run(parts: 2, threads: threads) { part in
      if part == 0 { a = first() } else { b = second() }
    }
    return (a!, b!)
  }

  /// Splits `0..<count` into `parts` consecutive ranges of nearly equal length.
  public static func bands(_ count: Int, parts: Int) -> [Range<Int>] {
    let n = max(1, min(parts, count))
    return (0..<n).map { i in (count * i / n)..<(count * (i + 1) / n) }
  }
}
