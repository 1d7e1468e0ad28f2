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
      startThread(stackSize: PosixThread.workerStackSize) {
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

/// Starts a detached thread with the given stack size running `body`.
func startThread(stackSize: Int, _ body: @escaping () -> Void) {
  PosixThread.start(stackSize: stackSize, detached: true, body)
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
