/// The four stores a `ChallengeService` keeps its state in, given explicitly: challenges, pass
/// tokens, client activity (levels and rate limits) and the analytics' counters. A challenge store
/// shared between instances needs shared token and activity stores too, or a pass on one instance
/// could not be redeemed on another and levels would count per instance: `init` refuses that with a
/// `StoreSharingError`.
public struct ServiceStores: Sendable {
  public let challenges: any ChallengeStore
  public let tokens: any PassTokenStore
  public let activity: any ClientActivityStore
  public let analytics: any AnalyticsStore

  /// The stores as given; throws `StoreSharingError` when `challenges` is shared and `tokens` or
  /// `activity` is kept in this process only.
  public init(
    challenges: any ChallengeStore, tokens: any PassTokenStore, activity: any ClientActivityStore,
    analytics: any AnalyticsStore
  ) throws {
    if challenges.sharing == .shared {
      let local = [(StoreSharingError.Role.tokens, tokens.sharing), (.activity, activity.sharing)]
        .filter { $0.1 == .process }.map(\.0)
      if !local.isEmpty { throw StoreSharingError(perProcess: local) }
    }
    self.challenges = challenges
    self.tokens = tokens
    self.activity = activity
    self.analytics = analytics
  }

  /// One store that keeps everything (as `PostgresChallengeStore` does).
  public init(keepingAllIn store: some ChallengeStore & PassTokenStore & ClientActivityStore & AnalyticsStore)
  {
    self.challenges = store
    self.tokens = store
    self.activity = store
    self.analytics = store
  }

  /// Everything in this process's memory: nothing to install, nothing shared between instances.
  public static func inMemory() -> ServiceStores {
    // Four memory stores share nothing, so the rule has nothing to refuse.
    try! ServiceStores(
      challenges: MemoryChallengeStore(), tokens: MemoryPassTokenStore(),
      activity: MemoryClientActivityStore(), analytics: MemoryAnalyticsStore())
  }
}

/// A challenge store shared between instances given beside a pass-token or activity store that
/// this process alone sees (`ServiceStores.init`). The rule: a shared challenge store needs shared
/// token and activity stores.
public struct StoreSharingError: Error, Equatable, CustomStringConvertible {
  /// A store beside the challenge store.
  public struct Role: Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable { case tokens, activity }
    private let code: Code

    /// The pass-token store.
    public static let tokens = Role(code: .tokens)
    /// The client-activity store (levels and rate limits).
    public static let activity = Role(code: .activity)

    /// `pass tokens`, `client activity`.
    public var description: String { code == .tokens ? "pass tokens" : "client activity" }
  }

  /// The stores kept in this process only, in the order the service takes them.
  public let perProcess: [Role]

  init(perProcess: [Role]) { self.perProcess = perProcess }

  /// The rule and what broke it, without naming any front end's options.
  public var description: String {
    "a shared challenge store needs shared pass-token and activity stores, but the "
      + perProcess.map(\.description).joined(separator: " and ")
      + " would be kept in this process only (a pass on one instance could not be redeemed on another, "
      + "and levels and rate limits would count per instance)"
  }
}
