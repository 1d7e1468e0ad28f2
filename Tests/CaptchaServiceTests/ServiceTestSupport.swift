import CaptchaKit
import CaptchaService
import Synchronization
import XCTest

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A clock the tests move by hand.
final class TestClock: Sendable {
  private let value = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

  var now: Date { value.withLock { $0 } }

  func advance(by seconds: Double) { value.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

enum ServiceFixtures {
  /// A factory for each kind with the default look on the built-in background.
  static func factory(_ kind: String, backgrounds: ChallengeBackgrounds = .builtIn) throws -> ChallengeFactory
  {
    // The classic look on the built-in background: the quickest to make.
    var options = CaptchaOptions()
    options.difficulty = .classic
    let made = try KindCatalog.kinds(
      named: [kind], options: options, building: KindBuilding(withInputImages: false))
    return ChallengeFactory(kind: made[0], backgrounds: backgrounds)
  }

  /// Runs `body` with a service offering `kinds` whose pools are being filled; stops it afterwards.
  static func withService<T>(
    kinds: [String] = ["slide"], settings: ServiceSettings = ServiceSettings(poolSize: 2),
    store: any ChallengeStore = MemoryChallengeStore(), sites: SiteRegistry = .single(secret: nil),
    clock: TestClock = TestClock(), _ body: (ChallengeService) async throws -> T
  ) async throws -> T {
    let service = ChallengeService(
      factories: try kinds.map { try factory($0) },
      stores: try ServiceStores(
        challenges: store, tokens: MemoryPassTokenStore(), activity: MemoryClientActivityStore(),
        analytics: MemoryAnalyticsStore()),
      sites: sites, settings: settings,
      now: { clock.now })
    let running = Task { await service.run() }
    defer { running.cancel() }
    return try await body(service)
  }

  /// The right answer to a challenge, read from its secret answer.
  static func rightResponse(_ issued: IssuedChallenge) throws -> ClientResponse {
    switch issued.kind.puzzleKind {
    case RotateKind.name:
      return ClientResponse(angle: try RotateAnswer.parse(issued.ready!.answer, name: "answer").angle)
    case PatternKind.name:
      let answer = try PatternAnswer.parse(issued.ready!.answer, name: "answer")
      return ClientResponse(
        path: answer.sequence.map { Point(Double(answer.dots[$0].x), Double(answer.dots[$0].y)) })
    default:
      let answer = try SlideAnswer.parse(issued.ready!.answer, name: "answer")
      return ClientResponse(x: Double(answer.target.x), y: Double(answer.target.y))
    }
  }
}
