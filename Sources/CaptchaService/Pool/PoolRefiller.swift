import Logging

/// The background work that keeps every pool full: `workers` refill workers, each with a thread of
/// its own (drawing and encoding never run on the threads that serve requests). A worker reserves
/// a challenge for the pool in most need, makes it on its thread, puts it in, and waits when every
/// pool is full (counting the challenges being made) until a `take` wakes it. All workers serve
/// all pools, so one kind asked for alone is refilled on every core.
struct PoolRefiller: Sendable {
  let pools: [(pool: ChallengePool, factory: ChallengeFactory)]
  let workers: Int
  let signal: RefillSignal
  let logger: Logger
  /// How long a worker waits after a failed make before its next try.
  static let retryDelay: Duration = .milliseconds(100)

  /// Refills until the task is cancelled; a worker in the middle of a make finishes it first.
  func run() async {
    await withDiscardingTaskGroup { group in
      for _ in 0..<max(1, workers) {
        group.addTask { await work(on: RefillThread()) }
      }
    }
  }

  /// One worker's loop.
  func work(on thread: RefillThread) async {
    defer { thread.stop() }
    while !Task.isCancelled {
      let seen = signal.generation
      guard let next = await reserveNeediest() else {
        await signal.wait(after: seen)
        continue
      }
      let started = ContinuousClock.now
      let factory = next.factory
      switch await thread.run({ Result { try factory.make() } }) {
      case .success(let challenge):
        await next.pool.put(challenge, seconds: (ContinuousClock.now - started).seconds)
      case .failure(let error):
        await next.pool.cancelReservation()
        logger.error(
          "could not make a challenge", metadata: ["kind": "\(factory.kindName)", "error": "\(error)"])
        try? await Task.sleep(for: Self.retryDelay)
      }
    }
  }

  /// Reserves a challenge for the pool that needs one most; nil when all are full. Another worker
  /// may reserve in between the look and the reservation: the pool then refuses and the look is
  /// done again.
  func reserveNeediest() async -> (pool: ChallengePool, factory: ChallengeFactory)? {
    while true {
      var best: (entry: (pool: ChallengePool, factory: ChallengeFactory), need: Double)?
      for entry in pools {
        if let need = await entry.pool.need(), need > (best?.need ?? 0) { best = (entry, need) }
      }
      guard let best else { return nil }
      if await best.entry.pool.reserveIfNeeded() { return best.entry }
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
