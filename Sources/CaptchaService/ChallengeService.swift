import CaptchaKit
import Logging

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Challenges as a service, without HTTP: issue a ready challenge from a pool into the store,
/// serve its pictures, verify it once, sweep expired ones, count everything. `captcha-gen serve`
/// puts HTTP in front of it; an app of your own can do the same (README "Library use").
/// Call `run()` in a task of its own: it keeps the pools full and sweeps the store.
public final class ChallengeService: Sendable {
  /// The kinds offered, in order; a request without a kind gets the first.
  public let kinds: [String]
  public let store: any ChallengeStore
  public let settings: ServiceSettings
  public let metrics = ServiceMetrics()

  private let pools: [String: ChallengePool]
  private let refiller: PoolRefiller
  private let now: @Sendable () -> Date
  private let logger: Logger

  /// A service offering one kind per factory (the first is the default), keeping challenges in
  /// `store`. `now` is the clock expiry is judged by.
  public init(
    factories: [ChallengeFactory], store: any ChallengeStore, settings: ServiceSettings = ServiceSettings(),
    logger: Logger = Logger(label: "captcha-gen.service"), now: @escaping @Sendable () -> Date = { Date() }
  ) {
    let (wake, wakeContinuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let entries = factories.map { factory in
      (
        pool: ChallengePool(
          kind: factory.kindName, capacity: settings.poolSize, wakeRefiller: { wakeContinuation.yield() }),
        factory: factory
      )
    }
    self.kinds = factories.map(\.kindName)
    self.store = store
    self.settings = settings
    self.pools = Dictionary(entries.map { ($0.pool.kind, $0.pool) }, uniquingKeysWith: { first, _ in first })
    self.refiller = PoolRefiller(pools: entries, wake: wake, logger: logger)
    self.now = now
    self.logger = logger
  }

  /// The pool of `kind`, if offered.
  public func pool(_ kind: String) -> ChallengePool? { pools[kind] }

  /// Keeps the pools full and sweeps expired challenges every `settings.sweepInterval`, until the
  /// task is cancelled.
  public func run() async {
    await withDiscardingTaskGroup { group in
      group.addTask { await self.refiller.run() }
      group.addTask { await self.sweepPeriodically() }
    }
  }

  /// Issues a challenge of `kind` (nil: the first kind offered): a ready one from its pool, with a
  /// fresh id, stored until `settings.ttl` from now. Throws `ChallengeServiceError.kindNotOffered`
  /// or the store's `ChallengeStoreUnavailable`.
  public func issue(kind: String? = nil) async throws -> IssuedChallenge {
    let name = kind ?? kinds[0]
    guard let pool = pools[name] else { throw ChallengeServiceError.kindNotOffered(name, offered: kinds) }
    let ready = await pool.take()
    let issued = IssuedChallenge(
      id: ChallengeID.make(), expiresAt: now().addingTimeInterval(settings.ttl), ready: ready)
    try await store.insert(issued.stored)
    metrics.countIssued(kind: name)
    return issued
  }

  /// One of a challenge's pictures while it is live; nil when it is unknown, verified or expired.
  public func picture(id: String, _ which: ChallengePicture) async throws -> StoredPicture? {
    try await store.picture(id: id, which, now: now())
  }

  /// Verifies challenge `id` once: takes it from the store (the single-use gate), then judges
  /// `response` (see `judge`). Throws `ChallengeServiceError.responseDoesNotFit` (the challenge is
  /// used up and counted as a fail) or the store's `ChallengeStoreUnavailable`.
  public func verify(id: String, response: ClientResponse) async throws -> VerifyOutcome {
    switch try await store.take(id: id, now: now()) {
    case .unknown: return .unknown
    case .expired: return .expired
    case .alreadyVerified: return .alreadyVerified
    case .taken(let challenge):
      do {
        let verdict = try judge(challenge, response: response)
        metrics.countVerified(kind: challenge.kind, passed: verdict.passed)
        logger.debug(
          "verified",
          metadata: ["kind": "\(challenge.kind)", "pass": "\(verdict.passed)", "reason": "\(verdict.reason)"])
        return .verdict(verdict)
      } catch {
        metrics.countVerified(kind: challenge.kind, passed: false)
        throw error
      }
    }
  }

  /// The verdict on `response` for `challenge`: a response without a drag track fails when
  /// `settings.requireTrack` is on; otherwise positions are scaled from `displayWidth` to background
  /// pixels and the kind judges them. A response that does not fit the kind throws
  /// `ChallengeServiceError.responseDoesNotFit`.
  func judge(_ challenge: StoredChallenge, response: ClientResponse) throws -> Verdict {
    if settings.requireTrack && (response.track?.samples.isEmpty ?? true) {
      return Verdict(passed: false, reason: "this server requires the drag track with every answer")
    }
    let header = try AnswerHeader.decode(challenge.answer, name: "the stored answer")
    do {
      if let width = response.displayWidth, !(width.isFinite && width > 0) {
        throw VerifyError.notPositive(.displayWidth)
      }
      let scaled = response.scaledToBackground(width: header.background.width)
      return try KindCatalog.verify(answer: challenge.answer, name: "this challenge", response: scaled)
    } catch let error as VerifyError {
      throw ChallengeServiceError.responseDoesNotFit(error)
    }
  }

  /// Throws `ChallengeStoreUnavailable` when the store cannot serve requests now.
  public func checkHealth() async throws {
    try await store.checkHealth()
  }

  /// Removes expired challenges from the store now and counts those that expired unverified.
  @discardableResult
  public func sweep() async throws -> [String: Int] {
    let expired = try await store.sweep(now: now())
    metrics.countExpired(expired)
    return expired
  }

  private func sweepPeriodically() async {
    while !Task.isCancelled {
      do {
        try await Task.sleep(for: .seconds(settings.sweepInterval))
      } catch { return }
      do {
        try await sweep()
      } catch {
        logger.warning("sweep failed", metadata: ["error": "\(error)"])
      }
    }
  }
}
