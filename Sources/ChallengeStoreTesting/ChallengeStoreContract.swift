import CaptchaService
import XCTest

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `ChallengeStore` contract as assertions, run against every store (memory in
/// CaptchaServiceTests, PostgreSQL in CaptchaStorePostgresTests, and a store of your own in your
/// tests: `try await ChallengeStoreContract.checkAll { MyStore() }`). Each check wants an empty store.
public enum ChallengeStoreContract {
  /// Runs every check of the contract, each on a new empty store from `makeStore`.
  public static func checkAll(_ makeStore: () async throws -> any ChallengeStore) async throws {
    try await singleUse(makeStore())
    try await expiryAndSweep(makeStore())
    try await concurrentTakes(makeStore())
  }

  public static let now = Date(timeIntervalSince1970: 1_800_000_000)

  public static func challenge(_ id: String, kind: String = "slide", expiresIn seconds: Double = 60)
    -> StoredChallenge
  {
    StoredChallenge(
      id: id, kind: kind, expiresAt: now.addingTimeInterval(seconds),
      answer: Array("{\"schema\":1,\"kind\":\"\(kind)\"}".utf8),
      background: StoredPicture(bytes: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3], mediaType: "image/png"),
      piece: StoredPicture(bytes: [0xFF, 0xD8, 0xFF, 4, 5], mediaType: "image/jpeg"), sitekey: "shop",
      hostname: "www.shop.example")
  }

  /// A challenge verifies once (with the site and hostname it was issued for); the second try is
  /// refused; pictures go with the verify.
  public static func singleUse(_ store: any ChallengeStore) async throws {
    let issued = challenge("00000000000000000000000000000001")
    try await store.insert(issued)
    let picture = try await store.picture(id: issued.id, .piece, now: now)
    XCTAssertEqual(picture, issued.piece)
    let first = try await store.take(id: issued.id, now: now)
    XCTAssertEqual(first, .taken(issued))
    let second = try await store.take(id: issued.id, now: now)
    XCTAssertEqual(second, .alreadyVerified)
    let afterVerify = try await store.picture(id: issued.id, .background, now: now)
    XCTAssertNil(afterVerify)
  }

  /// Unknown ids are unknown; expired ones are expired until swept, then unknown.
  public static func expiryAndSweep(_ store: any ChallengeStore) async throws {
    let unknown = try await store.take(id: "ffffffffffffffffffffffffffffffff", now: now)
    XCTAssertEqual(unknown, .unknown)
    try await store.insert(challenge("00000000000000000000000000000002", kind: "rotate", expiresIn: 5))
    try await store.insert(challenge("00000000000000000000000000000003", kind: "rotate", expiresIn: 5))
    try await store.insert(challenge("00000000000000000000000000000004", expiresIn: 500))
    _ = try await store.take(id: "00000000000000000000000000000003", now: now)
    let later = now.addingTimeInterval(10)
    let expired = try await store.take(id: "00000000000000000000000000000002", now: later)
    XCTAssertEqual(expired, .expired)
    let swept = try await store.sweep(now: later)
    XCTAssertEqual(
      swept, ["rotate": 1], "one rotate challenge expired unverified; the verified one is not counted")
    let gone = try await store.take(id: "00000000000000000000000000000002", now: later)
    XCTAssertEqual(gone, .unknown)
    let live = try await store.take(id: "00000000000000000000000000000004", now: later)
    XCTAssertEqual(live, .taken(challenge("00000000000000000000000000000004", expiresIn: 500)))
  }

  /// Fifty concurrent takes of one id: exactly one verdict, forty-nine refusals.
  public static func concurrentTakes(_ store: any ChallengeStore) async throws {
    let issued = challenge("00000000000000000000000000000005")
    try await store.insert(issued)
    let results = try await withThrowingTaskGroup(of: TakeResult.self) { group in
      for _ in 0..<50 { group.addTask { try await store.take(id: issued.id, now: now) } }
      return try await group.reduce(into: [TakeResult]()) { $0.append($1) }
    }
    XCTAssertEqual(results.filter { $0 == .taken(issued) }.count, 1)
    XCTAssertEqual(results.filter { $0 == .alreadyVerified }.count, 49)
  }
}
