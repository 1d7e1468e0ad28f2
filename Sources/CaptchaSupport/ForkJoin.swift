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
        spawn {
          for part in stride(from: t, to: parts, by: n) { body(part) }
        }
      }
      for part in stride(from: 0, to: parts, by: n) { body(part) }
      for helper in helpers { join(helper) }
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

  #if canImport(Darwin)
    private typealias Handle = pthread_t?
  #else
    private typealias Handle = pthread_t
  #endif

  /// The closure a thread runs, boxed to pass through `pthread_create`'s context pointer.
  private final class Body {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  private static func spawn(_ body: @escaping () -> Void) -> Handle {
    var attr = pthread_attr_t()
    pthread_attr_init(&attr)
    defer { pthread_attr_destroy(&attr) }
    pthread_attr_setstacksize(&attr, 8 << 20)
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let rc = pthread_create(
      &thread, &attr,
      { raw in
        #if canImport(Darwin)
          Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
        #else
          Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
        #endif
        return nil
      }, context)
    precondition(rc == 0, "cannot start a thread (error \(rc))")
    return thread
  }

  private static func join(_ thread: Handle) {
    #if canImport(Darwin)
      pthread_join(thread!, nil)
    #else
      pthread_join(thread, nil)
    #endif
  }
}
