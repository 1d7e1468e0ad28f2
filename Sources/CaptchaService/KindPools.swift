/// The pools of ready-made challenges: one per kind offered, and one per kind of each site that has
/// a look of its own (`serve --sites` with look options), so that site's challenges are made from
/// its own options.
struct KindPools: Sendable {
  /// The kinds offered to sites without a look of their own, in order.
  let kinds: [String]
  let shared: [String: ChallengePool]
  /// By site key: the site's kinds in order, and their pools.
  let bySite: [String: (kinds: [String], pools: [String: ChallengePool])]
  /// Every pool with the factory that fills it, for `PoolRefiller` (shared pools first).
  let entries: [(pool: ChallengePool, factory: ChallengeFactory)]

  init(
    factories: [ChallengeFactory], siteFactories: [String: [ChallengeFactory]], capacity: Int,
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
    let sites = siteFactories.keys.sorted().map { ($0, entries(siteFactories[$0]!)) }
    self.kinds = factories.map(\.kindName)
    self.shared = byKind(shared)
    self.bySite = Dictionary(
      uniqueKeysWithValues: sites.map { site, entries in (site, (entries.map(\.pool.kind), byKind(entries))) }
    )
    self.entries = shared + sites.flatMap(\.1)
  }

  /// The kinds a site may be offered, in order: its own look's, or the shared ones.
  func kinds(site: String) -> [String] { bySite[site]?.kinds ?? kinds }

  /// The pool a challenge of `kind` for `site` comes from.
  func pool(_ kind: String, site: String) -> ChallengePool? {
    if let own = bySite[site] { return own.pools[kind] }
    return shared[kind]
  }

  /// The pools of the sites with a look of their own, by site key in order (for metrics).
  var sitePools: [(site: String, pools: [ChallengePool])] {
    bySite.keys.sorted().map { site in (site, bySite[site]!.kinds.compactMap { bySite[site]!.pools[$0] }) }
  }
}
