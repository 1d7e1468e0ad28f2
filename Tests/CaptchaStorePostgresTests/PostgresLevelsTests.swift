import CaptchaKit
import CaptchaProofOfWork
import CaptchaService
import CaptchaStorePostgres
import ChallengeStoreTesting
import XCTest

/// Two service instances, each with its own PostgreSQL store on one database, as two `serve`
/// processes behind a load balancer: levels, rate limits and the proof of work hold across both.
final class PostgresLevelsTests: XCTestCase {
  static let pow = PowSettings(tableLog2: 12, steps: 16, puzzles: 4, baseDifficulty: 8)
  static let bot = ClientAddress("198.51.100.7")
  static let person = ClientAddress("203.0.113.20")

  func twoInstances(rateLimit: Int = 0) async throws -> [ChallengeService] {
    let database = try await freshPostgresDatabase()
    let settings = ServiceSettings(poolSize: 2, pow: Self.pow, rateLimitPerMinute: rateLimit)
    return try (0..<2).map { _ in
      let store = makePostgresStore(database)
      let service = ChallengeService(
        factories: [ChallengeFactory(kind: SlideKind(options: SlideOptions()), backgrounds: .builtIn)],
        stores: ServiceStores(keepingAllIn: store), settings: settings)
      let running = Task { await service.run() }
      addTeardownBlock { running.cancel() }
      return service
    }
  }

  func testOneInstanceSeesTheLevelTheOtherRaised() async throws {
    let services = try await twoInstances()
    for round in 0..<10 {
      let service = services[round % 2]
      let issued = try await service.issue(client: Self.bot)
      _ = try await services[(round + 1) % 2].verify(
        id: issued.id, response: ClientResponse(x: 0, y: 0), client: Self.bot)
    }
    let botLevel = try await services[1].issue(client: Self.bot).pow?.level
    XCTAssertEqual(
      botLevel, 4, "21 requests and 10 failures over both instances (scores decay a little meanwhile)")
    let personLevel = try await services[0].issue(client: Self.person).pow?.level
    XCTAssertEqual(personLevel, 1)
  }

  func testTheRateLimitIsSharedByBothInstances() async throws {
    let services = try await twoInstances(rateLimit: 4)
    for attempt in 0..<4 { _ = try await services[attempt % 2].issue(client: Self.bot) }
    for service in services {
      do {
        _ = try await service.issue(client: Self.bot)
        XCTFail("a fifth request in the minute was admitted")
      } catch is RateLimited {}
    }
    _ = try await services[1].issue(client: Self.person)
  }

  func testAProofOfWorkIssuedByOneVerifiesOnTheOtherOnce() async throws {
    let services = try await twoInstances()
    let issued = try await services[0].issue(client: Self.person)
    let puzzle = try XCTUnwrap(issued.pow)
    let solution = try XCTUnwrap(PowTable.shared(log2Words: puzzle.tableLog2).solve(puzzle))
    let answer = try SlideAnswer.parse(try XCTUnwrap(issued.ready).answer, name: "answer")
    let response = ClientResponse(x: Double(answer.target.x), y: Double(answer.target.y))
    let passed = try await services[1].verify(
      id: issued.id, response: response, pow: solution, client: Self.person)
    XCTAssertTrue(passed.passed, "\(passed)")
    let replay = try await services[0].verify(
      id: issued.id, response: response, pow: solution, client: Self.person)
    XCTAssertEqual(replay, .alreadyVerified)
  }
}
