import CaptchaKit
import CaptchaProofOfWork
import Logging

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Challenges as a service, without HTTP: issue a ready challenge from a pool into the store,
/// serve its pictures, verify it once, sweep expired ones, count everything. `captcha-gen serve`
/// puts HTTP in front of it; an app of your own can do the same (docs/library.md).
/// With `settings.pow`, every challenge carries a proof of work whose level follows the client's
/// and the site's recent activity (`ChallengeGate`, kept in `activity`); the rate limit is counted
/// there too (docs/proof-of-work.md). Call `run()` in a task of its own: it keeps the pools full and
/// sweeps the store.
public final class ChallengeService: Sendable {
  /// The kinds offered, in order; a request without a kind gets the first.
  public let kinds: [ChallengeChoice]
  public let store: any ChallengeStore
  /// Where pass tokens are kept until siteverify redeems them.
  public let tokens: any PassTokenStore
  /// The sites served: who may ask for challenges from which pages, and whose secret checks tokens.
  public let sites: SiteRegistry
  /// Where clients' and sites' recent requests and failures are counted (levels, rate limits).
  public let activity: any ClientActivityStore
  /// Where the funnel's counters are kept (issued, answered, passed, abandoned, siteverify...).
  public let analytics: any AnalyticsStore
  public let settings: ServiceSettings
  public let metrics = ServiceMetrics()
  /// This process's share of the funnel, for `/metrics` (the store has every instance's).
  public let analyticsTotals = AnalyticsTotals()
  let recorder: AnalyticsRecorder

  let pools: KindPools
  /// What is offered, as plain values: `issue` plans each challenge from it.
  let offer: IssueOffer
  private let gate: ChallengeGate
  private let refiller: PoolRefiller
  /// The clock expiry, activity and the analytics are judged by.
  public let now: @Sendable () -> Date
  private let logger: Logger

  /// A service offering one kind per factory (the first is the default), keeping challenges, pass
  /// tokens, client activity and the funnel's counts in `stores` (`ServiceStores.inMemory()`, or
  /// one PostgreSQL store for all), for `sites` (by default one site for any page, without a
  /// secret); a site in `siteFactories` (by site key) gets challenges of its own look from pools
  /// of its own, and a site in `siteLooks` challenges of its looks, each drawn by weight, from pools
  /// of each look. With `noPuzzle`, the no-puzzle challenge is offered too. `now` is the clock
  /// expiry and activity are judged by.
  public init(
    factories: [ChallengeFactory], stores: ServiceStores,
    sites: SiteRegistry = .single(secret: nil), siteFactories: [String: [ChallengeFactory]] = [:],
    siteLooks: [String: [SiteLookFactories]] = [:],
    settings: ServiceSettings = ServiceSettings(),
    noPuzzle: NoPuzzleOffer? = nil,
    logger: Logger = Logger(label: "captcha-gen.service"), now: @escaping @Sendable () -> Date = { Date() }
  ) {
    let signal = RefillSignal()
    let pools = KindPools(
      factories: factories,
      siteLooks: siteLooks.merging(
        siteFactories.mapValues { [SiteLookFactories(name: AnalyticsLabels.defaultLook, factories: $0)] },
        uniquingKeysWith: { looks, _ in looks }),
      capacity: settings.poolSize,
      wakeRefiller: { signal.wake() })
    self.kinds = noPuzzle?.adding(to: pools.kinds) ?? pools.kinds.map(ChallengeChoice.puzzle)
    self.store = stores.challenges
    self.tokens = stores.tokens
    self.sites = sites
    self.activity = stores.activity
    self.analytics = stores.analytics
    self.recorder = AnalyticsRecorder(store: stores.analytics, logger: logger, totals: analyticsTotals)
    self.settings = settings
    self.pools = pools
    self.offer = IssueOffer(
      sites: sites, kinds: pools.kinds, looksBySite: pools.lookChoices, noPuzzle: noPuzzle,
      levels: settings.levels)
    self.gate = ChallengeGate(activity: stores.activity, settings: settings, logger: logger)
    self.refiller = PoolRefiller(
      pools: pools.entries, workers: settings.refillWorkers, signal: signal, logger: logger)
    self.now = now
    self.logger = logger
  }

  /// The picture puzzles offered, in order: `kinds` without the no-puzzle challenge.
  public var puzzleKinds: [String] { pools.kinds }

  /// The pool of `kind`, if offered (to the sites without a look of their own).
  public func pool(_ kind: String) -> ChallengePool? { pools.shared[kind] }

  /// The pool `site`'s challenges of `kind` come from (its first look's), if the site is offered that
  /// kind.
  public func pool(_ kind: String, site: String) -> ChallengePool? { pools.pool(kind, site: site) }

  /// Keeps the pools full and sweeps expired challenges every `settings.sweepInterval`, until the
  /// task is cancelled.
  public func run() async {
    await withDiscardingTaskGroup { group in
      group.addTask { await self.refiller.run() }
      group.addTask { await self.sweepPeriodically() }
    }
  }

  /// Issues a challenge of `kind` (nil: the site's first kind, or the first offered) for the site of
  /// `sitekey` (nil: the first site) on a page of `hostname` ("" without one) to the client at
  /// `client`: counts the request (throws `RateLimited` over the limit), takes a ready one from its
  /// pool (none for the no-puzzle challenge), gives it a fresh id and a proof of work at the level
  /// the activity calls for, and stores it until `settings.ttl` from now. The analytics count it
  /// under the site's look and an audience of automation for a test key or when `automation` (the
  /// client says it is driven by automation). Throws
  /// `ChallengeServiceError` (unknown site, hostname or kind not allowed, kind not offered) or the
  /// store's `ChallengeStoreUnavailable`.
  public func issue(
    kind: ChallengeChoice? = nil, sitekey: String? = nil, hostname: String = "", client: ClientAddress? = nil,
    automation: Bool = false
  ) async throws -> IssuedChallenge {
    let plan = try offer.plan(
      asked: kind, sitekey: sitekey, hostname: hostname, draw: Double.random(in: 0..<1))
    let level =
      try await gate.admit(
        client: gate.clientKey(client), site: plan.sitekey, weight: plan.weight, now: now())
      + plan.extraLevels
    let ready = await plan.choice.puzzleKind.flatMap { pools.pool($0, site: plan.sitekey, look: plan.look) }?
      .take()
    let id = ChallengeID.make()
    var issued = IssuedChallenge(
      id: id, expiresAt: now().addingTimeInterval(settings.ttl), kind: plan.choice, ready: ready,
      pow: gate.puzzle(level: level, id: id), sitekey: plan.sitekey, hostname: hostname,
      noPuzzleOffered: plan.noPuzzleOffered)
    issued.look = plan.look
    issued.audience = Audience(testKey: plan.testKey, webdriver: automation)
    let stored = issued.stored
    try await store.insert(stored)
    metrics.countIssued(kind: plan.choice.name)
    await recorder.issued(stored.labels, level: level, at: now())
    return issued
  }

  /// One of a challenge's pictures while it is live; nil when it is unknown, verified or expired,
  /// or has no pictures (the no-puzzle challenge).
  public func picture(id: String, _ which: ChallengePicture) async throws -> StoredPicture? {
    guard let picture = try await store.picture(id: id, which, now: now()), !picture.bytes.isEmpty else {
      return nil
    }
    return picture
  }

  /// Verifies challenge `id` once for the client at `client`: counts the request (throws
  /// `RateLimited` over the limit, the challenge untouched), takes it from the store (the single-use
  /// gate), then judges the proof of work `pow` and `response` (see `judge`); a pass comes with a
  /// pass token for the challenge's site, kept in `tokens` for `settings.tokenTTL`. A pass takes
  /// the challenge's and the verify's requests back off the client's activity (and the challenge's
  /// off its site's); anything but a pass counts as a failure of the client. Throws `ChallengeServiceError.responseDoesNotFit` (the
  /// challenge is used up and counted as a fail) or the store's `ChallengeStoreUnavailable`.
  /// `taken` is told the challenge once it is taken (for the verify log line). `report` is what the
  /// widget says beside the answer (its attempt, times, automation): counted in the analytics only.
  public func verify(
    id: String, response: ClientResponse, pow: PowSolution? = nil, client: ClientAddress? = nil,
    report: ClientReport? = nil, taken: (StoredChallenge) -> Void = { _ in }
  )
    async throws -> VerifyOutcome
  {
    let key = gate.clientKey(client)
    _ = try await gate.admit(client: key, site: nil, weight: ChallengeGate.verifyWeight, now: now())
    var site: String?
    var issueWeight = settings.levels.requestWeight(noPuzzle: false)
    var judged: StoredChallenge?
    do {
      let outcome = try await takeAndJudge(
        id: id, response: response, pow: pow, automation: report?.webdriver ?? false
      ) { challenge in
        site = challenge.sitekey
        issueWeight = settings.levels.requestWeight(noPuzzle: !challenge.hasPuzzle)
        judged = challenge
        taken(challenge)
      }
      if let judged, case .verdict(let verdict, let token) = outcome {
        await countAnswer(judged, code: verdict.code, token: token != nil, report: report)
      }
      if outcome.passed {
        let pass = ActivityPass(
          client: key, site: site, issueWeight: issueWeight, verifyWeight: ChallengeGate.verifyWeight)
        await gate.recordPass(pass, now: now())
      } else {
        await gate.recordFailure(client: key, site: site, now: now())
      }
      return outcome
    } catch let error as ChallengeServiceError {
      if let judged {
        await countAnswer(judged, code: Self.responseDoesNotFitCode, token: false, report: report)
      }
      await gate.recordFailure(client: key, site: site, now: now())
      throw error
    }
  }

  /// The reason code the analytics count a response that does not fit its challenge under.
  static let responseDoesNotFitCode = VerdictCode(rawValue: "bad_response")

  /// Counts an answer to `challenge` in the analytics: under automation too when the client says it
  /// is driven; its solve time from the client, or the time since issue.
  private func countAnswer(
    _ challenge: StoredChallenge, code: VerdictCode, token: Bool, report: ClientReport?
  )
    async
  {
    var labels = challenge.labels
    if report?.webdriver == true { labels.audience = .automation }
    let issuedAt = challenge.expiresAt.addingTimeInterval(-settings.ttl)
    await recorder.answered(
      labels, code: code, token: token, report: report,
      serverSolveMs: now().timeIntervalSince(issuedAt) * 1000, at: now())
  }

  /// The single-use take (telling `taken` the challenge), then the verdict on the proof of work and
  /// on the puzzle, and a pass's token.
  private func takeAndJudge(
    id: String, response: ClientResponse, pow: PowSolution?, automation: Bool,
    taken: (StoredChallenge) -> Void
  ) async throws -> VerifyOutcome {
    switch try await store.take(id: id, now: now()) {
    case .unknown: return .unknown
    case .expired: return .expired
    case .alreadyVerified: return .alreadyVerified
    case .taken(let challenge):
      taken(challenge)
      do {
        let verdict = try gate.failure(of: pow, for: challenge) ?? judge(challenge, response: response)
        // The token first: a pass whose token cannot be stored is no pass (counted as a fail below).
        let token = verdict.passed ? try await issueToken(for: challenge, automation: automation) : nil
        metrics.countVerified(kind: challenge.kind, passed: verdict.passed)
        logger.debug(
          "verified",
          metadata: ["kind": "\(challenge.kind)", "pass": "\(verdict.passed)", "reason": "\(verdict.reason)"])
        return .verdict(verdict, token: token)
      } catch {
        metrics.countVerified(kind: challenge.kind, passed: false)
        throw error
      }
    }
  }

  /// A new pass token for a challenge just passed, bound to its site, kind, id and hostname (and,
  /// for the analytics, its look and audience: automation too when the client said so).
  func issueToken(for challenge: StoredChallenge, automation: Bool = false) async throws -> PassToken {
    let passedAt = now()
    let token = PassToken.make(expiresAt: passedAt.addingTimeInterval(settings.tokenTTL))
    try await tokens.insertPassToken(
      PassTokenRecord(
        digest: token.digest, sitekey: challenge.sitekey, kind: challenge.kind, challengeID: challenge.id,
        hostname: challenge.hostname, passedAt: passedAt, expiresAt: token.expiresAt, look: challenge.look,
        audience: automation ? .automation : challenge.audience))
    return token
  }

  /// The verdict on `response` for `challenge` once its proof of work is solved: a no-puzzle
  /// challenge passes; otherwise a response without a drag track fails when
  /// `settings.requireTrack` is on; otherwise positions are scaled from `displayWidth` to background
  /// pixels and the kind judges them. A response that does not fit the kind throws
  /// `ChallengeServiceError.responseDoesNotFit`.
  func judge(_ challenge: StoredChallenge, response: ClientResponse) throws -> Verdict {
    guard challenge.hasPuzzle else {
      return challenge.pow == nil
        ? Verdict(
          passed: false, reason: "a challenge without a puzzle passes only with a proof of work",
          code: .powMissing)
        : NoPuzzleOffer.solved
    }
    if settings.requireTrack && (response.track?.samples.isEmpty ?? true) {
      return Verdict(
        passed: false, reason: "this server requires the drag track with every answer", code: .trackRequired)
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

  /// Removes expired challenges and pass tokens from the stores now and counts the challenges that
  /// expired unverified (the funnel's `abandoned`); drops idle client activity and the analytics'
  /// buckets older than `settings.analyticsRetention`.
  @discardableResult
  public func sweep() async throws -> [String: Int] {
    try await tokens.sweepPassTokens(now: now())
    let expired = try await store.sweepExpired(now: now())
    let byKind = Dictionary(expired.map { ($0.key.kind, $0.value) }, uniquingKeysWith: +)
    metrics.countExpired(byKind)
    await recorder.abandoned(expired, at: now())
    try await activity.sweepActivity(rules: settings.levels.activity, now: now())
    try await analytics.dropAnalytics(
      before: AnalyticsBuckets.bucket(now().addingTimeInterval(-settings.analyticsRetention)))
    return byKind
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
