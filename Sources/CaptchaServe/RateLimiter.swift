import Synchronization

/// A per-client limit of requests per minute (`--rate-limit N/min`): each client address gets
/// `perMinute` requests in each fixed one-minute window; the window restarts a minute after its
/// first request. Windows of clients that went quiet are dropped as time moves on.
final class RateLimiter: Sendable {
  struct Window {
    var start: Double
    var count: Int
  }

  let perMinute: Int
  private let windows = Mutex<[String: Window]>([:])
  private let lastPrune = Mutex<Double>(0)

  init(perMinute: Int) {
    self.perMinute = perMinute
  }

  /// nil when `client` may go ahead at time `now` (seconds), otherwise the seconds until its window
  /// restarts.
  func admit(_ client: String, now: Double) -> Int? {
    prune(now: now)
    return windows.withLock { all -> Int? in
      var window = all[client] ?? Window(start: now, count: 0)
      if now - window.start >= 60 { window = Window(start: now, count: 0) }
      guard window.count < perMinute else {
        all[client] = window
        return max(1, Int((window.start + 60 - now).rounded(.up)))
      }
      window.count += 1
      all[client] = window
      return nil
    }
  }

  /// Drops windows older than a minute, at most once a minute.
  private func prune(now: Double) {
    let due = lastPrune.withLock { last -> Bool in
      guard now - last >= 60 else { return false }
      last = now
      return true
    }
    if due { windows.withLock { all in all = all.filter { now - $0.value.start < 60 } } }
  }
}
