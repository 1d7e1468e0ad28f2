import Synchronization

/// The operation did not finish within its time.
struct DeadlineExceeded: Error {}

/// Runs `operation` and returns its result, or throws `DeadlineExceeded` once `limit` has passed,
/// whichever comes first. The caller never waits longer than `limit`, even when the operation
/// ignores cancellation (a query on a connection whose server stopped answering): the operation
/// is cancelled and left to end on its own.
func withDeadline<T: Sendable>(
  _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let outcome = FirstOutcome<T>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      outcome.wait(continuation)
      let work = Task {
        do { outcome.finish(.success(try await operation())) } catch { outcome.finish(.failure(error)) }
      }
      let timer = Task {
        try? await Task.sleep(for: limit)
        if outcome.finish(.failure(DeadlineExceeded())) { work.cancel() }
      }
      outcome.onFinish {
        timer.cancel()
        work.cancel()
      }
    }
  } onCancel: {
    outcome.finish(.failure(CancellationError()))
  }
}

/// The first of several competing results, handed to one waiting continuation exactly once.
private final class FirstOutcome<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var result: Result<T, any Error>?
    var cleanup: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())

  func wait(_ continuation: CheckedContinuation<T, any Error>) {
    let early = state.withLock { state -> Result<T, any Error>? in
      if let result = state.result { return result }
      state.continuation = continuation
      return nil
    }
    if let early { continuation.resume(with: early) }
  }

  /// Runs `cleanup` once the outcome is known (at once if it already is).
  func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
    let finished = state.withLock { state -> Bool in
      if state.result != nil { return true }
      state.cleanup = cleanup
      return false
    }
    if finished { cleanup() }
  }

  /// Records `result` if it is the first; returns whether it was.
  @discardableResult
  func finish(_ result: Result<T, any Error>) -> Bool {
    let (won, continuation, cleanup) = state.withLock {
      state -> (Bool, CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) in
      guard state.result == nil else { return (false, nil, nil) }
      state.result = result
      defer {
        state.continuation = nil
        state.cleanup = nil
      }
      return (true, state.continuation, state.cleanup)
    }
    continuation?.resume(with: result)
    cleanup?()
    return won
  }
}
