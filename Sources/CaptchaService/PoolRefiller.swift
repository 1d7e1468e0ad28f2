import Dispatch
import Logging

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The background task that keeps every pool full: it picks the pool in most need, makes one
/// challenge on a thread of its own (drawing and encoding never run on the threads that serve
/// requests), puts it in, and sleeps when every pool is full until a `take` wakes it.
struct PoolRefiller: Sendable {
  let pools: [(pool: ChallengePool, factory: ChallengeFactory)]
  let wake: AsyncStream<Void>
  let logger: Logger
  /// How long to wait after a failed make before the next try.
  static let retryDelay: Duration = .milliseconds(100)
  private let queue = DispatchQueue(label: "captcha-gen.pool-refill", qos: .utility)

  init(pools: [(pool: ChallengePool, factory: ChallengeFactory)], wake: AsyncStream<Void>, logger: Logger) {
    self.pools = pools
    self.wake = wake
    self.logger = logger
  }

  /// Refills until the task is cancelled.
  func run() async {
    var wakeups = wake.makeAsyncIterator()
    while !Task.isCancelled {
      guard let next = await neediest() else {
        if await wakeups.next() == nil { return }
        continue
      }
      await next.pool.reserve()
      let started = ContinuousClock.now
      switch await make(next.factory) {
      case .success(let challenge):
        await next.pool.put(challenge, seconds: (ContinuousClock.now - started).seconds)
      case .failure(let error):
        await next.pool.cancelReservation()
        logger.error(
          "could not make a challenge", metadata: ["kind": "\(next.factory.kindName)", "error": "\(error)"])
        try? await Task.sleep(for: Self.retryDelay)
      }
    }
  }

  /// The pool that needs a challenge most, or nil when all are full.
  func neediest() async -> (pool: ChallengePool, factory: ChallengeFactory)? {
    var best: (entry: (pool: ChallengePool, factory: ChallengeFactory), need: Double)?
    for entry in pools {
      if let need = await entry.pool.need(), need > (best?.need ?? 0) { best = (entry, need) }
    }
    return best?.entry
  }

  /// Runs `factory.make()` on the refill thread.
  func make(_ factory: ChallengeFactory) async -> Result<ReadyChallenge, any Error> {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: Result { try factory.make() }) }
    }
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (s, attoseconds) = components
    return Double(s) + Double(attoseconds) / 1e18
  }
}
