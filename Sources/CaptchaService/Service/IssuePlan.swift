/// What `ChallengeService.issue` does for one request, decided from plain values alone
/// (`IssueOffer.plan`): the site, the look, the kind, the weight the request counts for and the
/// levels added above the client's. `issue` then carries it out: the gate, the pool, the store.
struct IssuePlan: Sendable, Equatable {
  /// The site the challenge is issued for.
  var sitekey: String
  /// The look it is drawn under (its pools, its analytics label).
  var look: String
  /// The kind issued; a puzzle's is taken from the look's pool of that kind.
  var choice: ChallengeChoice
  /// How many requests it counts for in the rate limit and the request score.
  var weight: Int
  /// Levels above the client's that its proof of work starts at.
  var extraLevels: Int
  /// Whether the client may ask for the no-puzzle challenge instead of this puzzle.
  var noPuzzleOffered: Bool
  /// Whether it is a test key's (its traffic is automation's in the analytics).
  var testKey: Bool
}

/// One look a site's challenges may be drawn under: its name, its weight in the draw and the
/// puzzle kinds it makes, in order.
struct LookChoice: Sendable, Equatable {
  var name: String
  var weight: Int
  var kinds: [String]
}

/// What a service offers, as plain values: its sites, the puzzle kinds of the sites without looks
/// of their own, the looks of the sites with some, the no-puzzle offer and the level rules.
struct IssueOffer: Sendable, Equatable {
  var sites: SiteRegistry
  var kinds: [String]
  var looksBySite: [String: [LookChoice]]
  var noPuzzle: NoPuzzleOffer?
  var levels: LevelRules

  /// The plan for a request for `asked` (nil: the site's first kind, or the first offered) for the
  /// site of `sitekey` (nil: the first site) on a page of `hostname`; `draw`, from 0 up to 1, picks
  /// the look by weight. Throws `ChallengeServiceError` (unknown site, hostname or kind not
  /// allowed, kind not offered).
  func plan(asked: ChallengeChoice?, sitekey: String?, hostname: String, draw: Double) throws -> IssuePlan {
    let site = try self.site(sitekey)
    guard site.hostnames.allows(hostname) else {
      throw ChallengeServiceError.hostnameNotAllowed(hostname, sitekey: site.sitekey)
    }
    let look = self.look(site: site.sitekey, draw: draw)
    let offered = noPuzzle?.adding(to: look.kinds) ?? look.kinds.map(ChallengeChoice.puzzle)
    let choice = asked ?? site.kinds?.first ?? offered[0]
    if let allowed = site.kinds, !allowed.contains(choice) {
      throw ChallengeServiceError.kindNotAllowed(
        choice.name, sitekey: site.sitekey, allowed: allowed.map(\.name))
    }
    guard offered.contains(choice) else {
      throw ChallengeServiceError.kindNotOffered(choice.name, offered: offered.map(\.name))
    }
    let noPuzzleAsked = choice == .noPuzzle
    return IssuePlan(
      sitekey: site.sitekey, look: look.name, choice: choice,
      weight: levels.requestWeight(noPuzzle: noPuzzleAsked),
      extraLevels: noPuzzleAsked ? levels.noPuzzleExtraLevels : 0,
      noPuzzleOffered: !noPuzzleAsked && offered.contains(.noPuzzle)
        && (site.kinds?.contains(.noPuzzle) ?? true),
      testKey: site.testVerdict != nil)
  }

  /// The site of `sitekey` (nil: the first), or the error that names what is wrong with the key.
  func site(_ sitekey: String?) throws -> Site {
    if let site = sites.site(sitekey: sitekey) { return site }
    let key = sitekey ?? ""
    if sites.isSecret(key) { throw ChallengeServiceError.secretAsSitekey }
    throw ChallengeServiceError.unknownSitekey(key)
  }

  /// The look of `site` that `draw` (0 up to 1) falls on, by weight; `default` with the shared
  /// kinds for a site without looks of its own.
  func look(site: String, draw: Double) -> LookChoice {
    guard let looks = looksBySite[site], !looks.isEmpty else {
      return LookChoice(name: AnalyticsLabels.defaultLook, weight: 1, kinds: kinds)
    }
    let total = looks.reduce(0) { $0 + $1.weight }
    var ticket = min(Int(draw * Double(total)), total - 1)
    for look in looks {
      if ticket < look.weight { return look }
      ticket -= look.weight
    }
    return looks[looks.count - 1]
  }
}
