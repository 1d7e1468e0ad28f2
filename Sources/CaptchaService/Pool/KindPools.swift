/// The pools of ready-made challenges: one per kind offered, and, for each site with looks of its
/// own (`serve --sites` with look options or a look experiment), one per look and kind, so that
/// site's challenges are made from that look's options.
struct KindPools: Sendable {
  /// The kinds offered to sites without a look of their own, in order.
  let kinds: [String]
  let shared: [String: ChallengePool]
  /// By site key: the site's looks, each with its weight, its kinds in order and their pools.
  let bySite: [String: [LookPools]]
  /// Every pool with the factory that fills it, for `PoolRefiller` (shared pools first).
  let entries: [(pool: ChallengePool, factory: ChallengeFactory)]

  /// One look's pools.
  struct LookPools: Sendable {
    var name: String
    var weight: Int
    var kinds: [String]
    var pools: [String: ChallengePool]
  }

  init(
    factories: [ChallengeFactory], siteLooks: [String: [SiteLookFactories]], capacity: Int,
    wakeRefiller: @escaping @Sendable () -> Void
  ) {
    func entries(_ factories: [ChallengeFactory]) -> [(pool: ChallengePool, factory: ChallengeFactory)] {
      factories.map { factory in
        (ChallengePool(kind: factory.kindName, capacity: capacity, wakeRefiller: wakeRefiller), factory)
      }
    }
    func byKind(_ entries: [(pool: ChallengePool, factory: ChallengeFactory)]) -> [String: ChallengePool] {
      Dictionary(entries.map { ($0.pool.kind, $0.pool) }, uniquingKeysWith: { first, _ in first })
    }
    let shared = entries(factories)
    let sharedByKind = byKind(shared)
    var all = shared
    var bySite: [String: [LookPools]] = [:]
    for site in siteLooks.keys.sorted() {
      bySite[site] = siteLooks[site]!.map { look in
        guard let factories = look.factories else {
          return LookPools(
            name: look.name, weight: look.weight, kinds: shared.map(\.pool.kind), pools: sharedByKind)
        }
        let own = entries(factories)
        all += own
        return LookPools(
          name: look.name, weight: look.weight, kinds: own.map(\.pool.kind), pools: byKind(own))
      }
    }
    self.kinds = factories.map(\.kindName)
    self.shared = sharedByKind
    self.bySite = bySite
    self.entries = all
  }

  /// The kinds a site may be offered, in order: its looks', or the shared ones.
  func kinds(site: String) -> [String] { bySite[site]?.first?.kinds ?? kinds }

  /// The looks of the sites with looks of their own, by site key, as plain values for `IssueOffer`.
  var lookChoices: [String: [LookChoice]] {
    bySite.mapValues { looks in looks.map { LookChoice(name: $0.name, weight: $0.weight, kinds: $0.kinds) } }
  }

  /// The pool a challenge of `kind` for `site` under `look` comes from (the shared one for a site
  /// without looks of its own).
  func pool(_ kind: String, site: String, look: String) -> ChallengePool? {
    guard let looks = bySite[site] else { return shared[kind] }
    return looks.first { $0.name == look }?.pools[kind]
  }

  /// The pool a challenge of `kind` for `site` comes from (its first look's).
  func pool(_ kind: String, site: String) -> ChallengePool? {
    if let own = bySite[site]?.first { return own.pools[kind] }
    return shared[kind]
  }

  /// The pools of the sites with looks of their own, by site key and look in order (for metrics;
  /// a look on the server's look shares the shared pools and is left out).
  var sitePools: [(site: String, look: String?, pools: [ChallengePool])] {
    bySite.keys.sorted().flatMap { site in
      let looks = bySite[site]!
      return looks.compactMap { look -> (site: String, look: String?, pools: [ChallengePool])? in
        let pools = look.kinds.compactMap { look.pools[$0] }
        if pools.allSatisfy({ pool in shared[pool.kind] === pool }) { return nil }
        return (site, looks.count > 1 ? look.name : nil, pools)
      }
    }
  }
}

/// The factories of one look of a site's (`serve` builds them from the sites file): its name, its
/// weight in the draw, and the factories of its kinds (nil: the server's look, whose pools it shares).
public struct SiteLookFactories: Sendable {
  public var name: String
  public var weight: Int
  public var factories: [ChallengeFactory]?

  public init(name: String, weight: Int = 1, factories: [ChallengeFactory]?) {
    self.name = name
    self.weight = weight
    self.factories = factories
  }
}
