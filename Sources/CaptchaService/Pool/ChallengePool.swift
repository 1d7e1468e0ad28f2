/// Ready-made challenges of one kind, filled ahead of time by `PoolRefiller`'s workers so that issuing a
/// challenge never waits for a picture to be drawn and encoded. `take` hands out the newest
/// challenge; when the pool has run dry the request waits for the next one made (counted in
/// `emptyTakes`, which a well-sized pool keeps at 0).
public actor ChallengePool {
  public nonisolated let kind: String
  /// How many challenges the refiller keeps ready.
  public nonisolated let capacity: Int

  private var ready: [ReadyChallenge] = []
  private var waiters: [CheckedContinuation<ReadyChallenge, Never>] = []
  /// Challenges being made for this pool right now.
  private var pending = 0
  private let wakeRefiller: @Sendable () -> Void

  /// Challenges made for this pool so far, and the seconds spent making them.
  public private(set) var refilled = 0
  public private(set) var refillSeconds = 0.0
  /// Takes that found the pool empty and waited for the next challenge made.
  public private(set) var emptyTakes = 0

  init(kind: String, capacity: Int, wakeRefiller: @escaping @Sendable () -> Void) {
    self.kind = kind
    self.capacity = max(1, capacity)
    self.wakeRefiller = wakeRefiller
  }

  /// Challenges ready now.
  public var depth: Int { ready.count }

  /// A ready challenge, taken out of the pool (waits only when the pool is empty).
  func take() async -> ReadyChallenge {
    wakeRefiller()
    if let challenge = ready.popLast() { return challenge }
    emptyTakes += 1
    return await withCheckedContinuation { waiters.append($0) }
  }

  /// How much this pool needs a new challenge: waiting requests not yet covered by a challenge
  /// being made come first (above 1), then the emptiest pool (the missing share, up to 1). nil when
  /// the ready challenges and those being made cover the capacity and every waiting request.
  func need() -> Double? {
    let wanted = capacity + waiters.count
    let missing = wanted - ready.count - pending
    guard missing > 0 else { return nil }
    if waiters.count > pending { return 1 + Double(waiters.count - pending) }
    return Double(missing) / Double(wanted)
  }

  /// Marks one challenge as being made for this pool if it still needs one (`need()`); false when
  /// it does not, so concurrent refill workers never make more than the capacity.
  func reserveIfNeeded() -> Bool {
    guard need() != nil else { return false }
    pending += 1
    return true
  }

  /// Adds a made challenge (to the oldest waiting request, if any); `seconds` it took to make.
  func put(_ challenge: ReadyChallenge, seconds: Double) {
    pending -= 1
    refilled += 1
    refillSeconds += seconds
    if waiters.isEmpty {
      ready.append(challenge)
    } else {
      waiters.removeFirst().resume(returning: challenge)
    }
  }

  /// Gives up a reservation after the maker failed.
  func cancelReservation() { pending -= 1 }
}
