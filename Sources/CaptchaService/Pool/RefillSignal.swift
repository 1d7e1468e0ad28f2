import Synchronization

/// How a `take` wakes the refill workers that found nothing to do. A worker reads `generation`
/// before it looks at the pools and passes it to `wait(after:)`, which returns at once when a wake
/// came in between, so no wake is lost.
final class RefillSignal: Sendable {
  private struct State {
    var generation: UInt64 = 0
    var nextWaiter = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  }

  private let state = Mutex(State())

  /// Counts the wakes so far.
  var generation: UInt64 { state.withLock { $0.generation } }

  /// Wakes every waiting worker.
  func wake() {
    let waiters = state.withLock { state in
      state.generation &+= 1
      defer { state.waiters = [:] }
      return state.waiters
    }
    for waiter in waiters.values { waiter.resume() }
  }

  /// Waits until a wake after `seen` (returns at once when there was one), or until the task is
  /// cancelled.
  func wait(after seen: UInt64) async {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state -> Bool in
          if state.generation != seen || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }
}
