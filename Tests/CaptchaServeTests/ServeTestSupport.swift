import CaptchaKit
import CaptchaServe
import CaptchaService
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import XCTest

/// A clock the tests move by hand.
final class TestClock: Sendable {
  private let value = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
  var now: Date { value.withLock { $0 } }
  func advance(by seconds: Double) { value.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// A store whose backing service is down: every call throws `ChallengeStoreUnavailable`.
struct UnreachableStore: ChallengeStore {
  var sharing: StoreSharing { .process }
  func insert(_ challenge: StoredChallenge) async throws {
    throw ChallengeStoreUnavailable("connection refused")
  }
  func take(id: String, now: Date) async throws -> TakeResult {
    throw ChallengeStoreUnavailable("connection refused")
  }
  func picture(id: String, _ picture: ChallengePicture, now: Date) async throws -> StoredPicture? {
    throw ChallengeStoreUnavailable("connection refused")
  }
  func sweep(now: Date) async throws -> [String: Int] {
    throw ChallengeStoreUnavailable("connection refused")
  }
  func checkHealth() async throws { throw ChallengeStoreUnavailable("connection refused") }
}

/// Starts `serve`'s application on a free loopback port and hands its client to the test.
enum ServeHarness {
  static func factory(_ kind: String, format: OutputFormat? = nil) throws -> ChallengeFactory {
    // The classic look on the built-in background: the quickest to make.
    var options = CaptchaOptions()
    options.difficulty = .classic
    options.format = format
    let made = try KindCatalog.kinds(
      named: [kind], options: options, building: KindBuilding(withInputImages: false))
    return ChallengeFactory(kind: made[0], backgrounds: .builtIn)
  }

  static func withServer<T: Sendable>(
    kinds: [String] = ["slide"], format: OutputFormat? = nil,
    store: any ChallengeStore = MemoryChallengeStore(),
    tokens: any PassTokenStore = MemoryPassTokenStore(), sites: SiteRegistry = .single(secret: nil),
    service settings: ServiceSettings = ServiceSettings(poolSize: 4),
    server: ServerSettings = ServerSettings(port: 0),
    clock: TestClock = TestClock(),
    logger: Logger? = nil,
    _ test: @Sendable (any TestClientProtocol, ChallengeService) async throws -> T
  ) async throws -> T {
    let service = ChallengeService(
      factories: try kinds.map { try factory($0, format: format) },
      stores: try ServiceStores(
        challenges: store, tokens: tokens, activity: MemoryClientActivityStore(),
        analytics: MemoryAnalyticsStore()),
      sites: sites, settings: settings,
      now: { clock.now })
    let logger =
      logger
      ?? {
        var quiet = Logger(label: "serve-tests")
        quiet.logLevel = .error
        return quiet
      }()
    let app = try CaptchaServer.application(service: service, settings: server, logger: logger)
    return try await app.test(.live) { client in try await test(client, service) }
  }
}

extension TestClientProtocol {
  /// POSTs `json` (a JSON text) to `uri`, with `headers`.
  @discardableResult
  func post(_ uri: String, _ json: String = "{}", headers: HTTPFields = [:]) async throws -> TestResponse {
    try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: json))
  }

  /// GETs `uri`, with `headers`.
  func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
    try await execute(uri: uri, method: .get, headers: headers)
  }
}

extension TestResponse {
  /// The body as a JSON object.
  var json: [String: Any] {
    get throws {
      let data = Data(body.readableBytesView)
      return try XCTUnwrap(
        JSONSerialization.jsonObject(with: data) as? [String: Any], String(decoding: data, as: UTF8.self))
    }
  }

  var text: String { String(buffer: body) }

  /// The JSON error sentence of a 4xx/5xx response.
  var errorMessage: String {
    get throws { try XCTUnwrap(json["error"] as? String, text) }
  }
}

/// The verify body that answers an issued challenge whose `answer` came with `--dev`.
enum RightAnswer {
  static func body(_ challenge: [String: Any]) throws -> String {
    let answer = try XCTUnwrap(challenge["answer"] as? [String: Any])
    switch challenge["kind"] as? String {
    case "rotate":
      return "{\"angle\": \(try XCTUnwrap(answer["angle"] as? Double))}"
    case "pattern":
      let dots = try XCTUnwrap(answer["dots"] as? [[String: Int]])
      let sequence = try XCTUnwrap(answer["sequence"] as? [Int])
      let path = sequence.map { "[\(dots[$0]["x"]!), \(dots[$0]["y"]!)]" }.joined(separator: ",")
      return "{\"path\": [\(path)]}"
    default:
      let target = try XCTUnwrap(answer["target"] as? [String: Int])
      return "{\"x\": \(target["x"]!), \"y\": \(target["y"]!)}"
    }
  }
}

extension TestClientProtocol {
  /// Issues a challenge (`body` is the request) and returns its id.
  func issueID(_ body: String = "{}") async throws -> String {
    let challenge = try await post("/v1/challenges", body).json
    return try XCTUnwrap(challenge["id"] as? String)
  }
}
