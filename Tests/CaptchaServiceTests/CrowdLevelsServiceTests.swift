import CaptchaKit
import CaptchaProofOfWork
import CaptchaService
import XCTest

/// Levels through the service when many people share one address prefix: passes take their
/// requests back, so people who pass do not raise each other's level, while a client in the same
/// prefix that asks without answering still does. The clock stands still: no score decays.
final class CrowdLevelsServiceTests: XCTestCase {
  static let pow = PowSettings(tableLog2: 12, steps: 16, puzzles: 4, baseDifficulty: 8, maxLevel: 8)

  func settings(_ levels: LevelRules = .standard) -> ServiceSettings {
    ServiceSettings(poolSize: 2, pow: Self.pow, levels: levels)
  }

  func solve(_ issued: IssuedChallenge) throws -> PowSolution {
    let puzzle = try XCTUnwrap(issued.pow)
    return try XCTUnwrap(PowTable.shared(log2Words: puzzle.tableLog2).solve(puzzle))
  }

  func testPeopleBehindOneAddressWhoPassDoNotRaiseEachOthersLevel() async throws {
    try await ServiceFixtures.withService(settings: settings()) { service in
      for person in 1...30 {
        let address = ClientAddress("198.51.100.\(person)")
        if person.isMultiple(of: 10) {
          let missed = try await service.issue(client: address)
          XCTAssertEqual(missed.pow?.level, 1, "person \(person)'s first try")
          let wrong = try await service.verify(
            id: missed.id, response: ClientResponse(x: 0, y: 0), pow: try solve(missed), client: address)
          XCTAssertFalse(wrong.passed)
        }
        let issued = try await service.issue(client: address)
        XCTAssertEqual(issued.pow?.level, 1, "person \(person)")
        let outcome = try await service.verify(
          id: issued.id, response: try ServiceFixtures.rightResponse(issued), pow: try solve(issued),
          client: address)
        XCTAssertTrue(outcome.passed, "person \(person): \(outcome)")
      }
      var botLevels: [Int] = []
      for _ in 0..<40 {
        let issued = try await service.issue(client: ClientAddress("198.51.100.250"))
        botLevels.append(try XCTUnwrap(issued.pow?.level))
      }
      XCTAssertEqual(botLevels, botLevels.sorted(), "the level only rises while the bot hammers")
      // 6 requests of the 3 failed tries and 40 unanswered ones, against 30 passes × 0.5 per level.
      XCTAssertEqual(botLevels.last, 3)
    }
  }

  func testAPassTakesBackTheNoPuzzleChallengesWeightAndItsVerify() async throws {
    var levels = LevelRules.standard
    levels.clientRequestsPerLevel = 0.5
    let service = ChallengeService(
      factories: [try ServiceFixtures.factory("slide")], stores: .inMemory(),
      settings: settings(levels), noPuzzle: NoPuzzleOffer())
    let running = Task { await service.run() }
    defer { running.cancel() }
    let person = ClientAddress("203.0.113.20")
    let noPuzzle = try await service.issue(kind: .noPuzzle, client: person)
    XCTAssertEqual(noPuzzle.pow?.level, 5, "3 requests: +2, and two levels above a puzzle's")
    let passed = try await service.verify(
      id: noPuzzle.id, response: ClientResponse(), pow: try solve(noPuzzle), client: person)
    XCTAssertTrue(passed.passed, "\(passed)")
    let next = try await service.issue(client: person)
    XCTAssertEqual(next.pow?.level, 2, "only this request is left: the pass took 3 + 1 back")
  }
}
