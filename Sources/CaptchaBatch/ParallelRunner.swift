import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import Dispatch
import VectorRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a body for every position `0..<count` on `jobs` threads that each pull the next position
/// from one shared counter, so a slow item never holds the others back. Each thread owns a
/// `Worker` value (for example a cache of decoded backgrounds) created on that thread.
enum ParallelRunner {
  static func run<Worker>(
    count: Int, jobs: Int, makeWorker: @escaping (Int) -> Worker,
    body: @escaping (inout Worker, Int) -> Void
  ) {
    guard count > 0 else { return }
    let threads = max(1, min(jobs, count))
    if threads == 1 {
      var worker = makeWorker(0)
      for position in 0..<count { body(&worker, position) }
      return
    }
    let counter = SharedCounter()
    let group = DispatchGroup()
    for t in 0..<threads {
      group.enter()
      startThread(stackSize: 8 << 20) {
        var worker = makeWorker(t)
        while true {
          let position = counter.next()
          if position >= count { break }
          body(&worker, position)
        }
        group.leave()
      }
    }
    group.wait()
  }
}

/// Starts a detached POSIX thread with the given stack size running `body` (what `Thread` with
/// `stackSize` did; traps if the thread cannot be created, as `Thread.start` would).
func startThread(stackSize: Int, _ body: @escaping () -> Void) {
  var attr = pthread_attr_t()
  pthread_attr_init(&attr)
  defer { pthread_attr_destroy(&attr) }
  pthread_attr_setstacksize(&attr, stackSize)
  pthread_attr_setdetachstate(&attr, Int32(PTHREAD_CREATE_DETACHED))
  let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  #if canImport(Darwin)
    var thread: pthread_t?
  #else
    var thread = pthread_t()
  #endif
  let rc = pthread_create(
    &thread, &attr,
    { raw in
      #if canImport(Darwin)
        let box = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
      #else
        let box = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
      #endif
      box.body()
      return nil
    }, context)
  precondition(rc == 0, "cannot start a worker thread (error \(rc))")
}

/// The closure a worker thread runs, boxed to pass through `pthread_create`'s context pointer.
private final class ThreadBody {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

/// A lock-protected counter handing out 0, 1, 2 … to competing threads.
final class SharedCounter: @unchecked Sendable {
  private let lock = PlainLock()
  private var value = 0

  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    let v = value
    value += 1
    return v
  }
}
