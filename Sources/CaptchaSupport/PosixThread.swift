#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A POSIX thread started with a given stack size: the one place that calls `pthread_create`
/// (batch workers and writers start detached threads, `ForkJoin` joinable ones).
package enum PosixThread {
  /// The stack of a thread that runs captcha stages (batch workers, `ForkJoin`'s parts): 8 MiB.
  package static let workerStackSize = 8 << 20

  #if canImport(Darwin)
    package typealias Handle = pthread_t?
  #else
    package typealias Handle = pthread_t
  #endif

  /// Starts `body` on a new thread with `stackSize` bytes of stack; a detached thread cleans up
  /// after itself, a joinable one must be passed to `join`. Traps if the thread cannot be created
  /// (as `Thread.start` would).
  @discardableResult
  package static func start(stackSize: Int, detached: Bool, _ body: @escaping () -> Void) -> Handle {
    var attr = pthread_attr_t()
    pthread_attr_init(&attr)
    defer { pthread_attr_destroy(&attr) }
    pthread_attr_setstacksize(&attr, stackSize)
    if detached { pthread_attr_setdetachstate(&attr, Int32(PTHREAD_CREATE_DETACHED)) }
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

  /// Waits for a joinable thread to finish.
  package static func join(_ thread: Handle) {
    #if canImport(Darwin)
      pthread_join(thread!, nil)
    #else
      pthread_join(thread, nil)
    #endif
  }

  /// The closure a thread runs, boxed to pass through `pthread_create`'s context pointer.
  private final class Body {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }
}
