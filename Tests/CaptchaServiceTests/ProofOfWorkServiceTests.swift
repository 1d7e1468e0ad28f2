import CaptchaKit
import CaptchaProofOfWork
import CaptchaService
import XCTest

/// The proof of work through the service: bound to its challenge, required, checked once; levels
/// that follow one client's activity and not another's; the no-puzzle challenge; the rate limit.
/// A small table and easy puzzles keep the solving quick; the function itself is tested in
/// CaptchaProofOfWorkTests.
final class ProofOfWorkServiceTests: XCTestCase {
  static let pow = PowSettings(tableLog2: 12, steps: 16, puzzles: 4, baseDifficulty: 8, maxLevel: 8)
  static let bot = ClientAddress("198.51.100.7")
  static let person = ClientAddress("2001:db8:1:2::9")

  func settings(rateLimit: Int = 0, levels: LevelRules = .standard) -> ServiceSettings {
    ServiceSettings(poolSize: 2, pow: Self.pow, levels: levels, rateLimitPerMinute: rateLimit)
  }

  func solve(_ issued: IssuedChallenge) throws -> PowSolution {
    let puzzle = try XCTUnwrap(issued.pow)
    return try XCTUnwrap(PowTable.shared(log2Words: puzzle.tableLog2).solve(puzzle))
  }

  func testTheChallengeCarriesAPuzzleBoundToItsId() async throws {
    try await ServiceFixtures.withService(settings: settings()) { service in
      let issued = try await service.issue(client: Self.person)
      let pow = try XCTUnwrap(issued.pow)
      XCTAssertEqual(pow.salt, PowPuzzle.salt(challengeID: issued.id))
      XCTAssertEqual(pow.level, 1)
      XCTAssertEqual(pow.difficulty, 8)
      XCTAssertEqual(pow.puzzles, 4)
    }
  }

  func testTheRightAnswerPassesOnlyWithItsProofOfWork() async throws {
    try await ServiceFixtures.withService(settings: settings()) { service in
      let issued = try await service.issue(client: Self.person)
      let answer = try ServiceFixtures.rightResponse(issued)
      let missing = try await service.verify(id: issued.id, response: answer, client: Self.person)
      XCTAssertEqual(
        missing,
        .verdict(
          Verdict(
            passed: false, reason: "this challenge needs its proof of work (\"pow\") solved",
            code: .powMissing),
          token: nil))
      let retry = try await service.verify(
        id: issued.id, response: answer, pow: try solve(issued), client: Self.person)
      XCTAssertEqual(retry, .alreadyVerified, "the failed verify used the challenge up")

      let next = try await service.issue(client: Self.person)
      let solution = try solve(next)
      let passed = try await service.verify(
        id: next.id, response: try ServiceFixtures.rightResponse(next), pow: solution, client: Self.person)
      XCTAssertTrue(passed.passed, "\(passed)")
      let replay = try await service.verify(
        id: next.id, response: try ServiceFixtures.rightResponse(next), pow: solution, client: Self.person)
      XCTAssertEqual(replay, .alreadyVerified)
    }
  }

  func testForgedOrTruncatedSolutionsFail() async throws {
    try await ServiceFixtures.withService(settings: settings()) { service in
      let first = try await service.issue(client: Self.person)
      let second = try await service.issue(client: Self.person)
      let borrowed = try await service.verify(
        id: second.id, response: try ServiceFixtures.rightResponse(second), pow: try solve(first),
        client: Self.person)
      XCTAssertFalse(borrowed.passed, "a solution of another challenge does not fit")

      let third = try await service.issue(client: Self.person)
      var truncated = try solve(third)
      truncated.nonces.removeLast()
      let short = try await service.verify(
        id: third.id, response: try ServiceFixtures.rightResponse(third), pow: truncated, client: Self.person)
      XCTAssertEqual(
        short,
        .verdict(
          Verdict(
            passed: false, reason: "the proof of work has 3 nonces; this challenge has 4 puzzles",
            code: .powWrong),
          token: nil))

      let fourth = try await service.issue(client: Self.person)
      let wrong = try await service.verify(
        id: fourth.id, response: try ServiceFixtures.rightResponse(fourth),
        pow: PowSolution(nonces: [0, 0, 0, 0]),
        client: Self.person)
      XCTAssertFalse(wrong.passed, "four zero nonces do not solve all four puzzles (\(wrong))")
    }
  }

  func testOneClientsFailuresRaiseItsLevelOnlyAndCalmBringsItDown() async throws {
    let clock = TestClock()
    try await ServiceFixtures.withService(settings: settings(), clock: clock) { service in
      for _ in 0..<9 {
        let issued = try await service.issue(client: Self.bot)
        _ = try await service.verify(id: issued.id, response: ClientResponse(x: 0, y: 0), client: Self.bot)
      }
      let botLevel = try await service.issue(client: Self.bot).pow?.level
      let personLevel = try await service.issue(client: Self.person).pow?.level
      // 19 requests (+1 level at 10) and 9 failures (+2 levels at 9): level 4.
      XCTAssertEqual(botLevel, 4)
      XCTAssertEqual(personLevel, 1, "the bot's failures do not raise another client's level")
      clock.advance(by: 3600)
      let calm = try await service.issue(client: Self.bot).pow?.level
      XCTAssertEqual(calm, 1, "six half-lives later the scores are below one step")
    }
  }

  func testAddressesInOnePrefixAreOneClient() async throws {
    try await ServiceFixtures.withService(settings: settings()) { service in
      for host in 1...20 {
        _ = try await service.issue(client: ClientAddress("198.51.100.\(host)"))
      }
      let sameBlock = try await service.issue(client: ClientAddress("198.51.100.200")).pow?.level
      let nextBlock = try await service.issue(client: ClientAddress("198.51.101.1")).pow?.level
      XCTAssertEqual(sameBlock, 2, "21 requests from one /24 are one client's")
      XCTAssertEqual(nextBlock, 1)
    }
  }

  func testTheNoPuzzleChallengeIsHigherAndPassesOnItsProofOfWork() async throws {
    let service = ChallengeService(
      factories: [try ServiceFixtures.factory("slide")], stores: .inMemory(), settings: settings(),
      noPuzzle: NoPuzzleOffer())
    XCTAssertEqual(service.kinds, [.puzzle("slide"), .noPuzzle])
    let running = Task { await service.run() }
    defer { running.cancel() }
    let issued = try await service.issue(kind: .noPuzzle, client: Self.person)
    XCTAssertNil(issued.ready)
    XCTAssertEqual(issued.pow?.level, 3, "two levels above a puzzle's")
    let picture = try await service.picture(id: issued.id, .background)
    XCTAssertNil(picture, "it has no pictures")
    let outcome = try await service.verify(
      id: issued.id, response: ClientResponse(), pow: try solve(issued), client: Self.person)
    XCTAssertEqual(
      outcome.verdict, Verdict(passed: true, reason: "the proof of work is solved", code: .passed))
    let unsolved = try await service.issue(kind: .noPuzzle, client: Self.person)
    let failed = try await service.verify(id: unsolved.id, response: ClientResponse(), client: Self.person)
    XCTAssertFalse(failed.passed)
  }

  func testAPuzzleSaysWhenItsSiteAllowsTheNoPuzzleChallenge() async throws {
    let sites = SiteRegistry(sites: [
      Site(sitekey: "open", secrets: [], hostnames: .any),
      Site(sitekey: "puzzles", secrets: [], hostnames: .any, kinds: [.puzzle("slide")]),
      Site(sitekey: "both", secrets: [], hostnames: .any, kinds: [.puzzle("slide"), .noPuzzle]),
    ])
    let service = ChallengeService(
      factories: [try ServiceFixtures.factory("slide")], stores: .inMemory(), sites: sites,
      settings: settings(), noPuzzle: NoPuzzleOffer())
    let running = Task { await service.run() }
    defer { running.cancel() }
    let open = try await service.issue(sitekey: "open", client: Self.person)
    XCTAssertTrue(open.noPuzzleOffered, "a site that names no kinds may ask for every kind offered")
    let puzzles = try await service.issue(sitekey: "puzzles", client: Self.person)
    XCTAssertFalse(puzzles.noPuzzleOffered, "this site does not allow pow")
    let both = try await service.issue(sitekey: "both", client: Self.person)
    XCTAssertTrue(both.noPuzzleOffered)
    let noPuzzle = try await service.issue(kind: .noPuzzle, sitekey: "both", client: Self.person)
    XCTAssertFalse(noPuzzle.noPuzzleOffered, "the no-puzzle challenge itself offers nothing else")
    try await ServiceFixtures.withService(settings: settings()) { withoutOffer in
      let issued = try await withoutOffer.issue(client: Self.person)
      XCTAssertFalse(issued.noPuzzleOffered, "the server does not offer pow")
    }
  }

  func testTheRateLimitCountsPerClientAndTheNoPuzzleChallengeWeighsMore() async throws {
    let clock = TestClock()
    let service = ChallengeService(
      factories: [try ServiceFixtures.factory("slide")], stores: .inMemory(),
      settings: settings(rateLimit: 4), noPuzzle: NoPuzzleOffer(), now: { clock.now })
    let running = Task { await service.run() }
    defer { running.cancel() }
    _ = try await service.issue(kind: .noPuzzle, client: Self.bot)
    _ = try await service.issue(client: Self.bot)
    do {
      _ = try await service.issue(client: Self.bot)
      XCTFail("the fifth unit of a four-per-minute limit was admitted")
    } catch let limited as RateLimited {
      XCTAssertEqual(limited.client, "198.51.100.0/24")
      XCTAssertEqual(limited.retryAfter, 60)
    }
    _ = try await service.issue(client: Self.person)
    clock.advance(by: 60)
    _ = try await service.issue(client: Self.bot)
  }
}
